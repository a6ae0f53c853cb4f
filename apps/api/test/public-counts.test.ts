// The public calls' limits (issue 39): fixed windows counted in memory, shared through the database on each flush.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/index.ts';
import { PublicCounts } from '../src/public-counts.ts';
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

const minute = 60_000;
// A whole minute from the epoch: the windows are fixed minutes.
const start = Math.floor(Date.now() / minute) * minute;

describe('public counts', () => {
  it('counts up to the limit, then answers the seconds to the end of the window, and starts again in the next', () => {
    const counts = new PublicCounts(db, { 'public-client': 3, 'public-key': 100 }, minute, 'test-secret');
    const client = [{ bucket: 'public-client' as const, key: '10.0.0.1' }];
    for (let i = 0; i < 3; i++) expect(counts.take(client, start + 1000)).toBe(0);
    expect(counts.take(client, start + 15_000)).toBe(45);
    expect(counts.take(client, start + minute)).toBe(0);
  });

  it('refuses without counting when one of the keys is at its limit', () => {
    const counts = new PublicCounts(db, { 'public-client': 100, 'public-key': 1 }, minute, 'test-secret');
    const key = { bucket: 'public-key' as const, key: 'project-a' };
    const client = { bucket: 'public-client' as const, key: '10.0.0.2' };
    expect(counts.take([client, key], start)).toBe(0);
    expect(counts.take([client, key], start)).toBeGreaterThan(0);
    // The client's own count did not move on the refused call: 99 more go through on another key.
    for (let i = 0; i < 99; i++)
      expect(counts.take([client, { bucket: 'public-key', key: `project-${i}` }], start)).toBe(0);
    expect(counts.take([client, { bucket: 'public-key', key: 'project-z' }], start)).toBeGreaterThan(0);
  });

  it("adds each replica's hits to the shared count, so that the other refuses past the total", async () => {
    const limits = { 'public-client': 1000, 'public-key': 5 };
    const a = new PublicCounts(db, limits, minute, 'test-secret');
    const b = new PublicCounts(db, limits, minute, 'test-secret');
    const key = [{ bucket: 'public-key' as const, key: `shared-${Date.now()}` }];
    for (let i = 0; i < 3; i++) expect(a.take(key)).toBe(0);
    await a.flush();
    expect(b.take(key)).toBe(0);
    await b.flush();
    expect(b.take(key)).toBe(0);
    expect(b.take(key)).toBeGreaterThan(0);
  });

  it("keeps no client's address in the shared table, yet replicas count one client together", async () => {
    const limits = { 'public-client': 4, 'public-key': 1000 };
    const a = new PublicCounts(db, limits, minute, 'test-secret');
    const b = new PublicCounts(db, limits, minute, 'test-secret');
    const address = '203.0.113.77';
    const client = [{ bucket: 'public-client' as const, key: address }];
    for (let i = 0; i < 3; i++) expect(a.take(client)).toBe(0);
    await a.flush();
    expect(b.take(client)).toBe(0);
    await b.flush();
    expect(b.take(client)).toBeGreaterThan(0);
    const rows = await sql<{
      key: string;
    }>`SELECT key FROM public_hits WHERE bucket = 'public-client'`.execute(db);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const row of rows.rows) {
      expect(row.key).not.toContain(address);
      expect(row.key).not.toContain('203.0.113');
    }
  });
});
