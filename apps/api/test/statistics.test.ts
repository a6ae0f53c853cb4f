// The planner knows how big the tables are: after the migrations, after a restore, and after enough writes on the
// embedded database (which has no autovacuum). Without statistics PostgreSQL plans as if every table were empty
// and, at a thousand projects, the projects list joined by nested loops over millions of rows (issue 43).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../src/backup.ts';
import { connectDatabase, type Db, migrate } from '../src/db/index.ts';
import { StatisticsKeeper } from '../src/db/maintenance.ts';
import { buildWorld } from './support/fixtures.ts';
import { backend, freshDatabase, startServer } from './support/harness.ts';

const work = mkdtempSync(join(tmpdir(), 'mulot-statistics-test-'));
const cleanups: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

/** A database nothing has touched: no schema at all (an in-memory PGlite straight from initdb, or a new server database). */
async function emptyDatabase(): Promise<Db> {
  if (backend === 'pglite') {
    const db = connectDatabase({ kind: 'pglite-memory' });
    cleanups.push(() => db.destroy());
    return db;
  }
  const fresh = await freshDatabase();
  const db = connectDatabase(fresh.target);
  cleanups.push(async () => {
    await db.destroy();
    await fresh.drop();
  });
  return db;
}

/** What the planner believes a table holds: -1 when it was never analyzed (it then guesses from the file size). */
async function plannedRows(db: Db, table: string): Promise<number> {
  const row = await sql<{
    n: number;
  }>`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = to_regclass(${table})`
    .execute(db)
    .then((r) => r.rows[0]);
  return row?.n ?? Number.NaN;
}

/** Columns of a table the planner has a value distribution for. */
async function columnStatistics(db: Db, table: string): Promise<number> {
  const row = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = current_schema() AND tablename = ${table}`
    .execute(db)
    .then((r) => r.rows[0]);
  return row?.n ?? 0;
}

describe('planner statistics', () => {
  it('every table has statistics once the migrations have run', { timeout: 120_000 }, async () => {
    const db = await emptyDatabase();
    await migrate(db);
    for (const table of ['projects', 'scenarios', 'steps', 'runs', 'memberships']) {
      expect(await plannedRows(db, table), table).toBeGreaterThanOrEqual(0);
    }
  });

  it('a restored installation is planned with its real row counts', { timeout: 300_000 }, async () => {
    const server = await startServer();
    let file: string;
    try {
      const world = await buildWorld(server, 'statistics');
      // A few runs, as end users leave them.
      for (let i = 0; i < 3; i++) {
        const run = await server.call('POST', `/api/scenarios/${world.scenarioId}/runs`, {
          token: world.admin.token,
          org: world.admin.org,
          body: { status: 'completed', stepsCompleted: 2, stepIssues: [] },
        });
        expect(run.status).toBe(201);
      }
      file = join(work, 'statistics.mulot-backup');
      await backup(server.db, file, backend);
    } finally {
      await server.close();
    }

    const target = await emptyDatabase();
    const counts = await restore(target, file);
    expect(counts.runs).toBeGreaterThanOrEqual(4);
    expect(await plannedRows(target, 'runs')).toBe(counts.runs);
    expect(await plannedRows(target, 'steps')).toBe(counts.steps);
    expect(await plannedRows(target, 'projects')).toBe(counts.projects);
    expect(await columnStatistics(target, 'runs')).toBeGreaterThan(0);
  });

  it('on a schedule, a table that changed enough is analyzed again, one that did not is left alone', async () => {
    const db = await emptyDatabase();
    await migrate(db);
    // Straight into the table, as a burst of end users' runs would: 300 runs of one guide.
    await sql`INSERT INTO organizations (id, name) VALUES ('00000000-0000-4000-8000-000000000001', 'o')`.execute(
      db,
    );
    await sql`INSERT INTO projects (id, organization_id, name)
      VALUES ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'p')`.execute(
      db,
    );
    await sql`INSERT INTO categories (id, organization_id, project_id, name)
      VALUES ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000001',
              '00000000-0000-4000-8000-000000000002', 'c')`.execute(db);
    await sql`INSERT INTO scenarios (id, organization_id, category_id, title, description, summary, min_duration, max_duration)
      VALUES ('00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000001',
              '00000000-0000-4000-8000-000000000003', 't', 'd', 's', 1, 2)`.execute(db);
    await sql`INSERT INTO runs (id, organization_id, scenario_id, status)
      SELECT gen_random_uuid(), '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000004',
             'completed'
      FROM generate_series(1, 300)`.execute(db);
    const before = await plannedRows(db, 'runs');
    expect(before).toBeLessThan(300);

    const keeper = new StatisticsKeeper(db, {
      intervalMs: 50,
      onError: (error) => {
        throw error;
      },
    });
    keeper.start();
    try {
      await expect.poll(() => plannedRows(db, 'runs'), { timeout: 20_000, interval: 100 }).toBe(300);
    } finally {
      await keeper.stop();
    }
    // Four rows in projects, categories…: under the threshold (50 + 10 %), left as they were.
    expect(await plannedRows(db, 'projects')).toBeLessThan(1);
  });
});
