// The limits of the public calls a customer's site makes for its end users (issue 39).
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './db/index.ts';
import { Flushed } from './flushed.ts';

export type PublicBucket = 'public-client' | 'public-key';

interface Entry {
  bucket: PublicBucket;
  key: string;
  /** The key as the shared table holds it: a client's address never, only a keyed hash of it (see `stored`). */
  stored: string;
  /** The fixed window this entry counts (its start, in windows since the epoch). */
  window: number;
  /** Every replica's hits in the window, as of this replica's last flush. */
  shared: number;
  /** This replica's hits not yet added to the shared table. */
  pending: number;
}

/**
 * Fixed one-minute windows, counted in this replica's memory and added to the shared table (`public_hits`) about
 * once a second: a busy site's page views cost no write each — the sliding windows of the authentication limits
 * keep a timestamp per hit, and rewrote a row of thousands of them on every call — and every replica still refuses
 * past the shared total, a second late at most.
 */
export class PublicCounts extends Flushed {
  readonly #db: Db;
  readonly #limits: Record<PublicBucket, number>;
  readonly #windowMs: number;
  readonly #secret: string;
  readonly #entries = new Map<string, Entry>();
  #flushes = 0;

  /** `secret`: the same on every replica (the server's signing secret), so that they count one client together. */
  constructor(db: Db, limits: Record<PublicBucket, number>, windowMs: number, secret: string) {
    super();
    this.#db = db;
    this.#limits = limits;
    this.#windowMs = windowMs;
    this.#secret = secret;
  }

  /**
   * End users' addresses serve the limits and are not stored (issue 39): the table holds a keyed hash of the address
   * and its window, which no one without the secret can reverse (an IPv4 address alone is 2^32 guesses) nor match
   * from one minute to the next; the rows are deleted ten minutes later. Site keys are public: kept as they are.
   */
  #stored(bucket: PublicBucket, key: string, window: number): string {
    if (bucket !== 'public-client') return key;
    return createHmac('sha256', this.#secret).update(`${window}\n${key}`).digest('base64url').slice(0, 22);
  }

  /** Counts one hit on each key, or none when one of them is at its limit: then the seconds until its window ends. */
  take(keys: Array<{ bucket: PublicBucket; key: string }>, now = Date.now()): number {
    const window = Math.floor(now / this.#windowMs);
    const entries = keys.map(({ bucket, key }) => {
      const id = `${bucket}\n${key}`;
      let entry = this.#entries.get(id);
      if (!entry || entry.window !== window) {
        entry = { bucket, key, stored: this.#stored(bucket, key, window), window, shared: 0, pending: 0 };
        this.#entries.set(id, entry);
      }
      return entry;
    });
    if (entries.some((e) => e.shared + e.pending + 1 > this.#limits[e.bucket]))
      return Math.max(1, Math.ceil(((window + 1) * this.#windowMs - now) / 1000));
    for (const e of entries) e.pending += 1;
    return 0;
  }

  protected async write(): Promise<void> {
    const current = Math.floor(Date.now() / this.#windowMs);
    const sent = [...this.#entries.values()].filter((e) => e.pending > 0).map((e) => ({ e, n: e.pending }));
    for (const [id, e] of this.#entries) if (e.window < current && e.pending === 0) this.#entries.delete(id);
    if (sent.length > 0) {
      const rows = sql.join(
        sent.map(
          ({ e, n }) =>
            sql`(${e.bucket}, ${e.stored}, ${new Date(e.window * this.#windowMs)}::timestamptz, ${n}::int)`,
        ),
      );
      const result = await sql<{ bucket: PublicBucket; key: string; hits: number }>`
        INSERT INTO public_hits AS h (bucket, key, window_start, hits) VALUES ${rows}
        ON CONFLICT (bucket, key, window_start) DO UPDATE SET hits = h.hits + excluded.hits
        RETURNING h.bucket, h.key, h.hits`.execute(this.#db);
      const totals = new Map(result.rows.map((r) => [`${r.bucket}\n${r.key}`, Number(r.hits)]));
      for (const { e, n } of sent) {
        e.pending -= n;
        e.shared = totals.get(`${e.bucket}\n${e.stored}`) ?? e.shared + n;
      }
    }
    // Windows long past, every few minutes: whichever replica flushes deletes them.
    if (++this.#flushes % 120 === 0)
      await sql`DELETE FROM public_hits WHERE window_start < now() - interval '10 minutes'`.execute(this.#db);
  }
}
