// When each project's pages last identified their user (`mulot('identify', …)`): the "Démarrage" card says whether
// an audience rule can ever match (issue 42). Only the time is kept, never anything about the user.
import { sql } from 'kysely';
import type { Db } from './db/index.ts';
import { Flushed } from './flushed.ts';

interface Sighting {
  seenAt: number;
  /** When this replica last wrote the row (0: never), and whether a newer report waits to be written. */
  writtenAt: number;
  pending: boolean;
}

/**
 * Remembered in this replica's memory and written to `identify_sightings` about once a second, each project at most
 * once a minute, as `SiteSightings` does for the installation status: a busy site's page views cost no write each.
 * Every replica writes its own reports; the latest wins.
 */
export class IdentifySightings extends Flushed {
  readonly #db: Db;
  readonly #rewriteMs: number;
  readonly #sightings = new Map<string, Sighting>();

  constructor(db: Db, rewriteMs = 60_000) {
    super();
    this.#db = db;
    this.#rewriteMs = rewriteMs;
  }

  /** A page of the project said that it identified its user. */
  seen(projectId: string, now = Date.now()): void {
    const sighting = this.#sightings.get(projectId);
    if (sighting) {
      sighting.seenAt = now;
      if (now - sighting.writtenAt >= this.#rewriteMs) sighting.pending = true;
      return;
    }
    // One row per project whose key is in use: bounded all the same, written before forgetting.
    if (this.#sightings.size >= 10_000)
      void this.flush()
        .then(() => {
          for (const [id, s] of this.#sightings) if (!s.pending) this.#sightings.delete(id);
        })
        .catch(() => undefined);
    this.#sightings.set(projectId, { seenAt: now, writtenAt: 0, pending: true });
  }

  protected async write(): Promise<void> {
    const sent = [...this.#sightings.entries()]
      .filter(([, s]) => s.pending)
      .map(([projectId, s]) => ({ projectId, s, at: s.seenAt }));
    if (sent.length === 0) return;
    const rows = sql.join(
      sent.map(({ projectId, at }) => sql`(${projectId}::uuid, ${new Date(at)}::timestamptz)`),
    );
    // A project deleted meanwhile is skipped rather than failing the others on its foreign key.
    await sql`
      INSERT INTO identify_sightings AS s (project_id, last_seen_at)
      SELECT v.project_id, v.seen FROM (VALUES ${rows}) AS v (project_id, seen)
      JOIN projects p ON p.id = v.project_id
      ON CONFLICT (project_id) DO UPDATE SET last_seen_at = excluded.last_seen_at
      WHERE s.last_seen_at < excluded.last_seen_at`.execute(this.#db);
    const now = Date.now();
    for (const { s } of sent) {
      s.writtenAt = now;
      s.pending = false;
    }
  }
}
