// When each project's sites were last seen calling the public API: the project page's installation status (issue 39).
import { sql } from 'kysely';
import type { Db } from './db/index.ts';
import { Flushed } from './flushed.ts';

interface Sighting {
  projectId: string;
  host: string;
  origin: string;
  /** The last call seen by this replica. */
  seenAt: number;
  /** When this replica last wrote the row (0: never), and whether a newer call is waiting to be written. */
  writtenAt: number;
  pending: boolean;
}

/**
 * Remembered in this replica's memory and written to `site_sightings` about once a second, each row at most once a
 * minute: a busy site's page views cost no write each, a first installation shows within a second, and the card's
 * "il y a 3 min" is never more than a minute behind. Every replica writes its own sightings; the latest wins.
 */
export class SiteSightings extends Flushed {
  readonly #db: Db;
  readonly #rewriteMs: number;
  readonly #sightings = new Map<string, Sighting>();

  constructor(db: Db, rewriteMs = 60_000) {
    super();
    this.#db = db;
    this.#rewriteMs = rewriteMs;
  }

  /** A public call of the project from `origin`, on `host` (one of the project's sites, as they are matched). */
  seen(projectId: string, host: string, origin: string, now = Date.now()): void {
    const id = `${projectId}\n${host}`;
    const sighting = this.#sightings.get(id);
    if (sighting) {
      sighting.seenAt = now;
      sighting.origin = origin;
      if (now - sighting.writtenAt >= this.#rewriteMs) sighting.pending = true;
      return;
    }
    // Hosts are the projects' own sites, so this stays small; a bound all the same, written before forgetting.
    if (this.#sightings.size >= 10_000)
      void this.flush()
        .then(() => this.#forgetWritten())
        .catch(() => undefined);
    this.#sightings.set(id, { projectId, host, origin, seenAt: now, writtenAt: 0, pending: true });
  }

  /** The project's key was rotated here: what its old snippet was seen doing is not written any more. */
  forget(projectId: string): void {
    for (const [id, s] of this.#sightings) if (s.projectId === projectId) this.#sightings.delete(id);
  }

  #forgetWritten(): void {
    for (const [id, s] of this.#sightings) if (!s.pending) this.#sightings.delete(id);
  }

  protected async write(): Promise<void> {
    const sent = [...this.#sightings.values()].filter((s) => s.pending).map((s) => ({ s, at: s.seenAt }));
    if (sent.length === 0) return;
    const rows = sql.join(
      sent.map(
        ({ s, at }) => sql`(${s.projectId}::uuid, ${s.host}, ${s.origin}, ${new Date(at)}::timestamptz)`,
      ),
    );
    // A project deleted meanwhile is skipped rather than failing the others on its foreign key.
    await sql`
      INSERT INTO site_sightings AS s (project_id, host, origin, last_seen_at)
      SELECT v.project_id, v.host, v.origin, v.seen FROM (VALUES ${rows}) AS v (project_id, host, origin, seen)
      JOIN projects p ON p.id = v.project_id
      ON CONFLICT (project_id, host) DO UPDATE SET origin = excluded.origin, last_seen_at = excluded.last_seen_at
      WHERE s.last_seen_at < excluded.last_seen_at`.execute(this.#db);
    const now = Date.now();
    // A call seen during the write waits for the next minute, like any other.
    for (const { s } of sent) {
      s.writtenAt = now;
      s.pending = false;
    }
  }
}
