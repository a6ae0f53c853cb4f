// The installation status costs no write per public call (issue 39): sightings are remembered in memory and each
// project's site is written at most once a minute, whatever the number of page views.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/index.ts';
import { SiteSightings } from '../src/site-sightings.ts';
import { freshDatabase } from './support/harness.ts';

let db: Db;
let drop: () => Promise<void>;
let projectId: string;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  db = await openDatabase(fresh.target);
  const organizationId = randomUUID();
  projectId = randomUUID();
  await sql`INSERT INTO organizations (id, name) VALUES (${organizationId}, 'Librairie')`.execute(db);
  await sql`INSERT INTO projects (id, organization_id, name, description, sites)
    VALUES (${projectId}, ${organizationId}, 'Librairie', '', '["https://librairie.example.com"]'::jsonb)`.execute(
    db,
  );
});

afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

async function stored() {
  const rows = await sql<{ origin: string; last_seen_at: Date | string }>`
    SELECT origin, last_seen_at FROM site_sightings WHERE project_id = ${projectId}`.execute(db);
  return rows.rows.map((r) => ({ origin: r.origin, at: new Date(r.last_seen_at).getTime() }));
}

describe('site sightings', () => {
  it('writes a first sighting at the next flush, then at most once a minute however many calls come', async () => {
    const sightings = new SiteSightings(db);
    const start = Date.now();
    const host = 'librairie.example.com';
    for (let i = 0; i < 50; i++) sightings.seen(projectId, host, 'https://librairie.example.com', start + i);
    await sightings.flush();
    expect(await stored()).toEqual([{ origin: 'https://librairie.example.com', at: start + 49 }]);

    // Within the minute: remembered, not written.
    sightings.seen(projectId, host, 'https://www.librairie.example.com', start + 30_000);
    await sightings.flush();
    expect(await stored()).toEqual([{ origin: 'https://librairie.example.com', at: start + 49 }]);

    // A minute after the write: the latest call is written.
    const later = Date.now() + 61_000;
    sightings.seen(projectId, host, 'https://www.librairie.example.com', later);
    await sightings.flush();
    expect(await stored()).toEqual([{ origin: 'https://www.librairie.example.com', at: later }]);
  });

  it('skips a project deleted before the flush without losing the others', async () => {
    const sightings = new SiteSightings(db);
    sightings.seen(randomUUID(), 'gone.example.com', 'https://gone.example.com');
    sightings.seen(projectId, 'boutique.example.com', 'https://boutique.example.com');
    await expect(sightings.flush()).resolves.toBeUndefined();
    const hosts = await sql<{ host: string }>`SELECT host FROM site_sightings ORDER BY host`.execute(db);
    expect(hosts.rows.map((r) => r.host)).toEqual(['boutique.example.com', 'librairie.example.com']);
  });
});
