// pnpm bench:analytics — issue 42's goal: a guide's statistics and the dashboard answer within 100 ms (p95) at
// 1,000,000 runs, on the embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL: a server where scratch databases
// may be created; one per measurement, dropped after).
//
// For each size, one organization seeded straight into the database with set-based SQL: 10 published guides of 5
// steps, and every run on one of them (the worst case for its statistics), spread over the last 90 UTC days: a third
// each of members, snippet and extension end users (3:3:1), 60 % completed in 20 s to 10 min (600 distinct
// durations a day), 25 % abandoned, 15 % in progress, stopped after 0 to 4 steps. The aggregates are then filled
// by the migration's backfill statements (rebuildRunProgress, rebuildRunDays), and the planner statistics taken as
// the installation would a minute later (ANALYZE on PostgreSQL; the embedded database's own pass on PGlite).
//
// Measured, sequentially, after one warm-up each: `GET /scenarios/{id}/statistics?days=90` (the screen's widest
// period: every seeded run in it) and `GET /dashboard` over HTTP; beside them, in the same run and in this process,
// the same figures read from the aggregates and computed by a query over the raw runs (what the endpoints would cost
// without the aggregates, HTTP aside), checked equal before anything is timed.
//
// BENCH_RUNS=1000,100000,1000000 (default) to choose the sizes; BENCH_ENGINES=pglite,postgres; BENCH_SAMPLES
// (default 20; raw-run queries: 10, 5 from 1,000,000 runs).
import { deepStrictEqual } from 'node:assert';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildServer } from '../src/app.ts';
import type { Db } from '../src/db/index.ts';
import { analyzeStale } from '../src/db/maintenance.ts';
import { launchedPerDay, rebuildRunDays } from '../src/repositories/run-days.ts';
import { rebuildRunProgress } from '../src/repositories/run-progress.ts';
import {
  funnelOf,
  type Period,
  type ProgressRow,
  scenarioStatistics,
  sources,
} from '../src/repositories/scenario-statistics.ts';
import { findScenario } from '../src/repositories/scenarios.ts';
import type { Schemas } from '../src/types.ts';
import { benchAccount, benchDatabase } from './support.ts';

type Engine = 'pglite' | 'postgres';

const DAY = 24 * 3600 * 1000;
const sizes = (process.env.BENCH_RUNS ?? '1000,100000,1000000').split(',').map((s) => Number(s.trim()));
const engines = (
  process.env.BENCH_ENGINES ?? (process.env.BENCH_DATABASE_URL ? 'pglite,postgres' : 'pglite')
).split(',') as Engine[];
if (engines.includes('postgres') && !process.env.BENCH_DATABASE_URL) {
  throw new Error('PostgreSQL needs BENCH_DATABASE_URL (a server where scratch databases may be created)');
}
const samples = Number(process.env.BENCH_SAMPLES ?? 20);
const rawSamples = (runs: number) => Number(process.env.BENCH_RAW_SAMPLES ?? (runs >= 1_000_000 ? 5 : 10));
const guides = 10;
const steps = 5;
const days = 90;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** One project, one category, `guides` published guides of `steps` steps; every run on the first guide. */
async function seed(db: Db, organizationId: string, userId: string, runs: number): Promise<string> {
  const project = randomUUID();
  const category = randomUUID();
  const ids = Array.from({ length: guides }, () => randomUUID());
  await db.transaction().execute(async (trx) => {
    await sql`INSERT INTO projects (id, organization_id, name, description, sites)
      VALUES (${project}, ${organizationId}, 'Analytics', '', '["https://app.example.com"]')`.execute(trx);
    await sql`INSERT INTO categories (id, organization_id, project_id, name, description)
      VALUES (${category}, ${organizationId}, ${project}, 'Guides', '')`.execute(trx);
    for (const [i, id] of ids.entries()) {
      await sql`INSERT INTO scenarios (id, organization_id, category_id, title, description, summary, status,
          min_duration, max_duration)
        VALUES (${id}, ${organizationId}, ${category}, ${`Guide ${i + 1}`}, '', '', 'published', 1, 5)`.execute(
        trx,
      );
      await sql`INSERT INTO steps (id, organization_id, scenario_id, position, name, text, url, target)
        SELECT gen_random_uuid(), ${organizationId}, ${id}, x, 'Étape ' || x, 'Cliquez.',
          'https://app.example.com/' || x, jsonb_build_object('version', 1, 'tag', 'button')
        FROM generate_series(1, ${steps}) AS x`.execute(trx);
    }
  });
  const guide = ids[0] as string;
  // In slices: one statement of a million rows holds a million rows' undo in the embedded database's memory.
  const slice = 250_000;
  for (let first = 1; first <= runs; first += slice) {
    const last = Math.min(runs, first + slice - 1);
    await sql`
      INSERT INTO runs (id, organization_id, scenario_id, user_id, visitor_id, source, status, url, steps_completed,
        created_at, updated_at, completed_at)
      SELECT gen_random_uuid(), ${organizationId}, ${guide},
        CASE WHEN n % 7 < 3 THEN ${userId}::uuid END,
        CASE WHEN n % 7 >= 3 THEN md5('visitor' || (n % 50000))::uuid END,
        CASE WHEN n % 7 < 3 THEN 'members' WHEN n % 7 < 6 THEN 'embed' ELSE 'extension' END,
        CASE WHEN n % 20 < 12 THEN 'completed' WHEN n % 20 < 17 THEN 'abandoned' ELSE 'started' END,
        NULL,
        CASE WHEN n % 20 < 12 THEN ${steps}::int ELSE (n / 20) % ${steps}::int END,
        t.created, t.created,
        CASE WHEN n % 20 < 12 THEN t.created + make_interval(secs => 20 + (n::bigint * 7919) % 600 + 0.25) END
      FROM generate_series(${first}::int, ${last}::int) AS n,
        LATERAL (SELECT p.start + (now() - p.start) * ((n - 0.5) / ${runs}::int) AS created
          FROM (SELECT ((now() AT TIME ZONE 'UTC')::date - ${days - 1}::int)::timestamp AT TIME ZONE 'UTC' AS start) AS p) AS t`.execute(
      db,
    );
  }
  // the aggregates as migration 0018's backfill (and 0014's) fills them
  await rebuildRunDays(db, organizationId);
  await rebuildRunProgress(db, organizationId);
  return guide;
}

/** The same figures as GET /scenarios/{id}/statistics, computed by queries over the raw runs. */
async function rawStatistics(
  db: Db,
  organizationId: string,
  scenarioId: string,
  period: Period,
): Promise<Omit<Schemas['ScenarioStatistics'], 'expectedDuration' | 'scenarioId' | 'days'>> {
  const stepRows = await db
    .selectFrom('steps')
    .select(['id', 'name'])
    .where('scenario_id', '=', scenarioId)
    .orderBy('position')
    .execute();
  const start = new Date(`${period.from}T00:00:00.000Z`);
  const end = new Date(Date.parse(`${period.to}T00:00:00.000Z`) + DAY);
  const grouped = await sql<ProgressRow>`
    SELECT source, status, least(steps_completed, ${Math.max(stepRows.length - 1, 0)}::int) AS at,
      count(*)::int AS runs
    FROM runs
    WHERE organization_id = ${organizationId} AND scenario_id = ${scenarioId}
      AND created_at >= ${start} AND created_at < ${end}
    GROUP BY 1, 2, 3`.execute(db);
  const rows = grouped.rows.map((r) => ({ ...r, at: Number(r.at), runs: Number(r.runs) }));
  // percentile_disc(0.5): the first value at or past half of them, the lower middle of an even count
  const median = await sql<{ seconds: number | null }>`
    SELECT percentile_disc(0.5) WITHIN GROUP (
      ORDER BY greatest(0, floor(extract(epoch FROM completed_at - created_at)))::int) AS seconds
    FROM runs
    WHERE organization_id = ${organizationId} AND scenario_id = ${scenarioId} AND status = 'completed'
      AND created_at >= ${start} AND created_at < ${end}`.execute(db);
  const count = (keep: (row: ProgressRow) => boolean) =>
    rows.reduce((sum, row) => (keep(row) ? sum + row.runs : sum), 0);
  const started = count(() => true);
  const completed = count((r) => r.status === 'completed');
  const seconds = median.rows[0]?.seconds;
  return {
    from: period.from,
    to: period.to,
    started,
    completed,
    abandoned: count((r) => r.status === 'abandoned'),
    completionRate: started === 0 ? null : completed / started,
    medianDuration: seconds === null || seconds === undefined ? null : Number(seconds),
    bySource: sources.map((source) => ({
      source,
      started: count((r) => r.source === source),
      completed: count((r) => r.source === source && r.status === 'completed'),
    })),
    funnel: funnelOf(stepRows, rows),
  };
}

/** The dashboard's series (runs launched per UTC day of the last 30) counted over the raw runs. */
async function rawLaunchedPerDay(
  db: Db,
  organizationId: string,
  start: string,
): Promise<Map<string, number>> {
  const result = await sql<{ day: string; n: number }>`
    SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS n
    FROM runs WHERE organization_id = ${organizationId} AND created_at >= ${new Date(`${start}T00:00:00.000Z`)}
    GROUP BY 1`.execute(db);
  return new Map(result.rows.map((r) => [r.day, Number(r.n)]));
}

async function timed(count: number, run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

interface Figures {
  seedMs: number;
  rows: { progress: number; durations: number };
  timings: Record<string, { p50: number; p95: number }>;
}

async function measure(engine: Engine, runs: number): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mulot-bench-analytics-'));
  const { database, drop } =
    engine === 'postgres'
      ? await benchDatabase('mulot_h_analytics', { kind: 'pglite-memory' })
      : { database: { kind: 'pglite' as const, dataDir: join(dataDir, 'pglite') }, drop: async () => {} };
  const app = await buildServer({
    database,
    dataDir,
    logLevel: 'warn',
    backofficeDir: null,
    extensionDir: null,
    embedDir: null,
  });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const { token, organizationId } = await benchAccount(app, base);
    const db = app.mulot.db;
    const member = await sql<{ user_id: string }>`
      SELECT user_id FROM memberships WHERE organization_id = ${organizationId}`.execute(db);
    const t = performance.now();
    const guide = await seed(db, organizationId, member.rows[0]?.user_id ?? '', runs);
    const seedMs = performance.now() - t;
    if (engine === 'postgres') await sql`ANALYZE`.execute(db);
    else await analyzeStale(db);
    const rowCount = async (table: string) =>
      Number(
        (
          await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}
            WHERE scenario_id = ${guide}`.execute(db)
        ).rows[0]?.n,
      );

    const get = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${base}${path}`, {
        headers: { authorization: `Bearer ${token}`, 'x-organization-id': organizationId },
        signal: AbortSignal.timeout(600_000),
      });
      if (response.status !== 200) throw new Error(`${engine} ${runs}: ${path} answered ${response.status}`);
      return (await response.json()) as T;
    };
    const statisticsPath = `/api/scenarios/${guide}/statistics?days=${days}`;
    const answered = await get<Schemas['ScenarioStatistics']>(statisticsPath);
    const period = { from: answered.from, to: answered.to };
    const scenario = await findScenario(db, organizationId, guide);
    const start30 = new Date(Date.parse(`${period.to}T00:00:00.000Z`) - 29 * DAY).toISOString().slice(0, 10);

    // the same figures, three ways, before anything is timed
    const { scenarioId: _, days: __, expectedDuration: ___, ...fromEndpoint } = answered;
    deepStrictEqual(await rawStatistics(db, organizationId, guide, period), fromEndpoint);
    if (fromEndpoint.started !== runs)
      throw new Error(`${runs} runs seeded, ${fromEndpoint.started} counted`);
    deepStrictEqual(
      await launchedPerDay(db, organizationId, start30),
      await rawLaunchedPerDay(db, organizationId, start30),
    );

    const timings: Figures['timings'] = {
      'GET /scenarios/{id}/statistics?days=90': await timed(samples, () => get(statisticsPath)),
      'statistics from the aggregates (in process)': await timed(samples, () =>
        scenarioStatistics(db, scenario, days, period),
      ),
      'statistics from the raw runs (in process)': await timed(rawSamples(runs), () =>
        rawStatistics(db, organizationId, guide, period),
      ),
      'GET /dashboard': await timed(samples, () => get('/api/dashboard')),
      'dashboard series from the aggregates (in process)': await timed(samples, () =>
        launchedPerDay(db, organizationId, start30),
      ),
      'dashboard series from the raw runs (in process)': await timed(rawSamples(runs), () =>
        rawLaunchedPerDay(db, organizationId, start30),
      ),
    };
    for (const [name, { p50, p95 }] of Object.entries(timings))
      process.stderr.write(
        `  ${engine} ${runs} ${name}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms\n`,
      );
    return {
      seedMs,
      rows: { progress: await rowCount('run_progress_days'), durations: await rowCount('run_duration_days') },
      timings,
    };
  } finally {
    await app.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (ms: number) => (ms >= 100 ? Math.round(ms).toLocaleString('en') : ms.toFixed(1));

for (const engine of engines) {
  const results = new Map<number, Figures>();
  for (const runs of sizes) {
    process.stderr.write(`${engine} ${runs.toLocaleString('en')} runs…\n`);
    results.set(runs, await measure(engine, runs));
  }
  const name = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
  process.stdout.write(`\n### ${name}\n\n`);
  process.stdout.write(
    `| ms, p50 / p95 | ${sizes.map((r) => `${r.toLocaleString('en')} runs`).join(' | ')} |\n`,
  );
  process.stdout.write(`|---|${sizes.map(() => '---').join('|')}|\n`);
  const first = results.get(sizes[0] as number) as Figures;
  for (const label of Object.keys(first.timings)) {
    const cells = sizes.map((r) => {
      const t = results.get(r)?.timings[label];
      return t ? `${fmt(t.p50)} / **${fmt(t.p95)}**` : '–';
    });
    process.stdout.write(`| ${label} | ${cells.join(' | ')} |\n`);
  }
  const row = (label: string, of: (f: Figures) => string) =>
    process.stdout.write(`| ${label} | ${sizes.map((r) => of(results.get(r) as Figures)).join(' | ')} |\n`);
  row(
    'aggregate rows of the guide (progress / durations)',
    (f) => `${f.rows.progress.toLocaleString('en')} / ${f.rows.durations.toLocaleString('en')}`,
  );
  row('seed, aggregates included (ms)', (f) => fmt(f.seedMs));
}
