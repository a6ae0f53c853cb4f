import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './db/index.ts';
import { HttpProblem } from './problems.ts';

/**
 * Sliding-window rate limits kept in the database, so every replica counts the same hits: a key may be counted
 * `limit` times within `windowMs`; past that it waits until the oldest of its last `limit` hits leaves the window.
 */
export type Bucket = 'failed-login' | 'auth-request' | 'resend-link';

export interface Window {
  windowMs: number;
  limit: number;
}

export interface Key {
  bucket: Bucket;
  key: string;
}

export class RateLimits {
  readonly #db: Db;
  readonly #windows: Record<Bucket, Window>;

  constructor(db: Db, windows: Record<Bucket, Window>) {
    this.#db = db;
    this.#windows = windows;
  }

  /**
   * Counts one hit on each `count` key still under its limit, and answers the wait in seconds before the request
   * may go ahead: the longest among the `count` keys already at their limit (not counted again) and the `check`
   * keys at theirs; 0 when none is. One statement, atomic per key whatever the replica (the upsert locks the row);
   * rows whose window has passed are deleted on the way, by whichever replica counts next.
   */
  async take(count: Key[], check: Key[] = []): Promise<number> {
    const input = [
      ...count.map((k) => ({ ...k, counted: true })),
      ...check.map((k) => ({ ...k, counted: false })),
    ].map(({ bucket, key, counted }) => ({
      bucket,
      key,
      counted,
      lim: this.#windows[bucket].limit,
      window_s: this.#windows[bucket].windowMs / 1000,
    }));
    const token = randomUUID();
    const result = await sql<{ wait: number | string | null }>`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
          AS i(bucket text, key text, counted boolean, lim integer, window_s double precision)
      ),
      purge AS (
        DELETE FROM rate_limits r
        WHERE r.expires_at < now()
          AND NOT EXISTS (SELECT 1 FROM input i WHERE i.counted AND i.bucket = r.bucket AND i.key = r.key)
      ),
      counted AS (
        INSERT INTO rate_limits AS r (bucket, key, hits, expires_at, counted_by)
        SELECT bucket, key, ARRAY[now()], now() + make_interval(secs => window_s), ${token} FROM input WHERE counted
        ON CONFLICT (bucket, key) DO UPDATE SET
          (hits, counted_by) = (
            SELECT CASE WHEN count(h) >= i.lim THEN coalesce(array_agg(h ORDER BY h), '{}')
                        ELSE array_append(coalesce(array_agg(h ORDER BY h), '{}'), now()) END,
                   CASE WHEN count(h) >= i.lim THEN r.counted_by ELSE ${token} END
            FROM input i LEFT JOIN LATERAL unnest(r.hits) h ON h > now() - make_interval(secs => i.window_s)
            WHERE i.counted AND i.bucket = r.bucket AND i.key = r.key
            GROUP BY i.lim
          ),
          expires_at = excluded.expires_at
        RETURNING r.bucket, r.key, r.hits, r.counted_by
      ),
      waits AS (
        -- A counted key was refused when this statement's token is not the last one that counted it (not its
        -- time: two statements on two connections may start in the same microsecond).
        SELECT i.window_s, i.lim, c.hits AS recent
        FROM counted c JOIN input i ON i.counted AND i.bucket = c.bucket AND i.key = c.key
        WHERE c.counted_by IS DISTINCT FROM ${token}
        UNION ALL
        SELECT i.window_s, i.lim,
          ARRAY(SELECT h FROM unnest(r.hits) h WHERE h > now() - make_interval(secs => i.window_s) ORDER BY h)
        FROM rate_limits r JOIN input i ON NOT i.counted AND i.bucket = r.bucket AND i.key = r.key
      )
      SELECT max(greatest(1, ceil(extract(epoch FROM
               recent[cardinality(recent) - lim + 1] + make_interval(secs => window_s) - now()))))::integer AS wait
      FROM waits WHERE cardinality(recent) >= lim`.execute(this.#db);
    return Number(result.rows[0]?.wait ?? 0);
  }
}

/** Answers 429 with `Retry-After` when a wait from `take` says so. */
export function refuseAfter(wait: number): void {
  if (wait > 0) {
    throw new HttpProblem('rate-limited', {
      params: { minutes: Math.ceil(wait / 60) },
      headers: { 'retry-after': String(wait) },
    });
  }
}
