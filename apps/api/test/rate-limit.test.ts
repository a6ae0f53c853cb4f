import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/index.ts';
import { RateLimits } from '../src/rate-limit.ts';
import { freshDatabase } from './support/harness.ts';

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  db = await openDatabase(fresh.target);
});

afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

const windows = (windowMs: number, limit: number) => ({
  'failed-login': { windowMs, limit },
  'auth-request': { windowMs, limit: 100 },
  'resend-link': { windowMs, limit },
});

describe('rate limits kept in the database', () => {
  it('counts up to the limit, then answers the wait until the oldest counted hit leaves the window', async () => {
    const limits = new RateLimits(db, windows(60_000, 3));
    const key = { bucket: 'failed-login' as const, key: 'email:a@example.com' };
    for (let i = 0; i < 3; i++) {
      expect(await limits.take([], [key])).toBe(0);
      await limits.take([key]);
    }
    const wait = await limits.take([], [key]);
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    // A refused count is not counted: the wait does not move on (it is in whole seconds, so the clock may have
    // crossed one since).
    const again = await limits.take([key]);
    expect(again).toBeLessThanOrEqual(wait);
    expect(again).toBeGreaterThanOrEqual(wait - 1);
    const [row] = await db.selectFrom('rate_limits').selectAll().where('key', '=', key.key).execute();
    expect(row?.hits).toHaveLength(3);
    // Another key and another bucket are counted apart.
    expect(await limits.take([], [{ bucket: 'failed-login', key: 'email:b@example.com' }])).toBe(0);
    expect(await limits.take([{ bucket: 'auth-request', key: key.key }])).toBe(0);
  });

  it('answers the longest wait among counted and checked keys, in one call', async () => {
    const limits = new RateLimits(db, windows(60_000, 2));
    const email = { bucket: 'failed-login' as const, key: 'email:c@example.com' };
    const client = { bucket: 'auth-request' as const, key: 'client:10.0.0.1' };
    await limits.take([email]);
    expect(await limits.take([client], [email])).toBe(0);
    await limits.take([email]);
    expect(await limits.take([client], [email])).toBeGreaterThan(0);
    // The refused request was still counted as an auth request (two so far).
    const [row] = await db.selectFrom('rate_limits').selectAll().where('key', '=', client.key).execute();
    expect(row?.hits).toHaveLength(2);
  });

  it('lets a key go again once its window has passed, and deletes expired rows on a later count', async () => {
    const limits = new RateLimits(db, windows(600, 1));
    const key = { bucket: 'failed-login' as const, key: 'email:d@example.com' };
    await limits.take([key]);
    expect(await limits.take([], [key])).toBe(1);
    await new Promise((r) => setTimeout(r, 700));
    expect(await limits.take([], [key])).toBe(0);
    await limits.take([{ bucket: 'failed-login', key: 'email:e@example.com' }]);
    const left = await db.selectFrom('rate_limits').select('key').where('key', '=', key.key).execute();
    expect(left).toEqual([]);
  });

  it('counts concurrent hits exactly: no more than the limit go through, whichever connection counts', async () => {
    const burst = new RateLimits(db, {
      'failed-login': { windowMs: 60_000, limit: 10 },
      'auth-request': { windowMs: 60_000, limit: 10 },
      'resend-link': { windowMs: 60_000, limit: 10 },
    });
    const other = { bucket: 'auth-request' as const, key: 'client:10.0.0.10' };
    const answers = await Promise.all(Array.from({ length: 30 }, () => burst.take([other])));
    expect(answers.filter((w) => w === 0)).toHaveLength(10);
  });

  it('refuses a hit past the limit even when a counted hit has its time to the microsecond', async () => {
    // Two statements on two connections can start in the same microsecond (about one burst of 30 in 80 above, on PostgreSQL). In one
    // transaction every statement has the same time: the eleventh must still be refused.
    const key = { bucket: 'failed-login' as const, key: 'email:same-time@example.com' };
    const answers = await db.transaction().execute(async (trx) => {
      const limits = new RateLimits(trx, windows(60_000, 10));
      const out: number[] = [];
      for (let i = 0; i < 11; i++) out.push(await limits.take([key]));
      return out;
    });
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(answers[10]).toBeGreaterThan(55);
  });
});
