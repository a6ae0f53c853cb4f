// Planner statistics. PostgreSQL's autovacuum keeps them for a server; the embedded PGlite has no autovacuum, so
// without this the planner never learns how many rows a table holds and, at a thousand projects, joins by nested
// loops over millions of rows (issue 43: one ANALYZE made the projects list 35 times faster).
import { type Kysely, sql } from 'kysely';
import { Schedule } from '../schedule.ts';
import type { Database } from './schema.ts';

/**
 * Tables whose statistics are missing (never analyzed: reltuples is -1) or stale by autovacuum's own default rule:
 * more rows changed since the last ANALYZE than 50 + 10 % of the rows it counted then
 * (autovacuum_analyze_threshold, autovacuum_analyze_scale_factor). Only the current schema's ordinary tables.
 */
export async function staleTables(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    SELECT quote_ident(c.relname) AS name
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
    WHERE n.nspname = current_schema() AND c.relkind = 'r'
      AND (c.reltuples < 0 OR coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * c.reltuples)
    ORDER BY c.relname`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** ANALYZE of the given tables (already quoted, as staleTables gives them), or of the whole database. */
export async function analyze(db: Kysely<Database>, tables?: string[]): Promise<void> {
  if (tables === undefined) {
    await sql`ANALYZE`.execute(db);
    return;
  }
  // One table per statement: each is short, so requests waiting for the single PGlite connection get it between two.
  for (const table of tables) await sql.raw(`ANALYZE ${table}`).execute(db);
}

/** ANALYZE of every table whose statistics are missing or stale; the tables analyzed. */
export async function analyzeStale(db: Kysely<Database>): Promise<string[]> {
  const tables = await staleTables(db);
  await analyze(db, tables);
  return tables;
}

/**
 * What autovacuum's analyze would do, for the embedded database: every `intervalMs` (a minute by default), one
 * cheap look at the change counters, then an ANALYZE of the tables that changed enough. Counters of a table
 * nobody writes do not move, so an idle installation costs one catalogue query a minute. Dead rows are left to
 * PGlite's own page pruning; only the statistics matter for plans.
 */
export class StatisticsKeeper extends Schedule {
  // A start after a crash or a copy of the data directory may find tables never analyzed: it looks at once.
  constructor(db: Kysely<Database>, options: { intervalMs?: number; onError: (error: unknown) => void }) {
    super(() => analyzeStale(db), { intervalMs: options.intervalMs ?? 60_000, onError: options.onError });
  }
}
