// run_progress_days and run_duration_days (migration 0018): each run counted once in the row of its guide, UTC day,
// source, status and steps completed, and once per whole second it took when completed; moved in the transaction
// that records or updates the run, so that a guide's statistics read from them always equal what its runs say.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { RunRow } from '../db/schema.ts';

/**
 * The whole seconds a run took from its start to its completion (null unless completed), as the migration's
 * backfill and the aggregates count it. Selected beside the run rather than recomputed from its dates in this
 * process, whose dates are rounded to the millisecond: the second a run moves out of is the one it was counted in.
 */
export const secondsTaken = sql<
  number | null
>`CASE WHEN runs.status = 'completed' AND runs.completed_at IS NOT NULL
  THEN greatest(0, floor(extract(epoch FROM runs.completed_at - runs.created_at)))::int END`;

/** A run as the aggregates count it. */
export type TalliedRun = RunRow & { seconds: number | null };

/**
 * Moves the run from the rows it was counted in (`before`, null for a new run) to those it belongs to now: one
 * statement per table, its rows locked in key order, so that two runs moving between the same rows in opposite
 * directions (a step back, a step forward) cannot deadlock.
 */
export async function countProgress(trx: Db, run: TalliedRun, before: TalliedRun | null): Promise<void> {
  const moved = !before || before.status !== run.status || before.steps_completed !== run.steps_completed;
  if (moved) {
    const rows = [
      ...(before ? [sql`(${before.status}, ${before.steps_completed}::int, -1)`] : []),
      sql`(${run.status}, ${run.steps_completed}::int, 1)`,
    ];
    // The day comes from the stored run (the database's clock), not from this process's.
    await sql`
      INSERT INTO run_progress_days (organization_id, scenario_id, day, source, status, steps_completed, runs)
      SELECT r.organization_id, r.scenario_id, (r.created_at AT TIME ZONE 'UTC')::date, r.source, d.status,
        d.steps, d.delta
      FROM runs r CROSS JOIN (VALUES ${sql.join(rows)}) AS d (status, steps, delta)
      WHERE r.id = ${run.id}
      ORDER BY d.status, d.steps
      ON CONFLICT (scenario_id, day, source, status, steps_completed) DO UPDATE SET
        runs = run_progress_days.runs + excluded.runs`.execute(trx);
  }
  const was = before?.seconds ?? null;
  if (was === run.seconds) return;
  const durations = [
    ...(was !== null ? [sql`(${was}::int, -1)`] : []),
    ...(run.seconds !== null ? [sql`(${run.seconds}::int, 1)`] : []),
  ];
  await sql`
    INSERT INTO run_duration_days (organization_id, scenario_id, day, seconds, runs)
    SELECT r.organization_id, r.scenario_id, (r.created_at AT TIME ZONE 'UTC')::date, d.seconds, d.delta
    FROM runs r CROSS JOIN (VALUES ${sql.join(durations)}) AS d (seconds, delta)
    WHERE r.id = ${run.id}
    ORDER BY d.seconds
    ON CONFLICT (scenario_id, day, seconds) DO UPDATE SET
      runs = run_duration_days.runs + excluded.runs`.execute(trx);
}

/**
 * Recomputes both tables for the organization (every organization without one) from its runs, with the migration's
 * backfill statements: for runs written straight into the database (a seeding script, a bench), which bypass the
 * repositories.
 */
export async function rebuildRunProgress(db: Db, organizationId?: string): Promise<void> {
  const only = organizationId ? sql`WHERE organization_id = ${organizationId}` : sql``;
  const and = organizationId ? sql`AND organization_id = ${organizationId}` : sql``;
  await db.transaction().execute(async (trx) => {
    await sql`DELETE FROM run_progress_days ${only}`.execute(trx);
    await sql`DELETE FROM run_duration_days ${only}`.execute(trx);
    await sql`
      INSERT INTO run_progress_days (organization_id, scenario_id, day, source, status, steps_completed, runs)
      SELECT organization_id, scenario_id, (created_at AT TIME ZONE 'UTC')::date, source, status, steps_completed,
        count(*)
      FROM runs ${only} GROUP BY 1, 2, 3, 4, 5, 6`.execute(trx);
    await sql`
      INSERT INTO run_duration_days (organization_id, scenario_id, day, seconds, runs)
      SELECT organization_id, scenario_id, (created_at AT TIME ZONE 'UTC')::date,
        greatest(0, floor(extract(epoch FROM completed_at - created_at)))::int, count(*)
      FROM runs WHERE status = 'completed' AND completed_at IS NOT NULL ${and} GROUP BY 1, 2, 3, 4`.execute(
      trx,
    );
  });
}
