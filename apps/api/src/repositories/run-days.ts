// run_days and organization_run_days: runs summed per UTC day they started (migration 0014), written in the
// transaction that records or updates the run, so that the figures read from them always equal what the runs say.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { RunRow } from '../db/schema.ts';
import { countProgress, type TalliedRun } from './run-progress.ts';

interface Tally {
  started: number;
  completed: number;
  abandoned: number;
}

const ended = (status: RunRow['status']): Tally => ({
  started: 0,
  completed: status === 'completed' ? 1 : 0,
  abandoned: status === 'abandoned' ? 1 : 0,
});

/** Adds `tally` to the day the run started, for its guide and for its organization (an upsert incrementing). */
async function add(trx: Db, runId: string, tally: Tally): Promise<void> {
  if (tally.started === 0 && tally.completed === 0 && tally.abandoned === 0) return;
  const { started, completed, abandoned } = tally;
  // The day comes from the stored run (the database's clock), not from this process's.
  await sql`
    INSERT INTO run_days (organization_id, scenario_id, day, started, completed, abandoned)
    SELECT organization_id, scenario_id, (created_at AT TIME ZONE 'UTC')::date,
      ${started}::int, ${completed}::int, ${abandoned}::int
    FROM runs WHERE id = ${runId}
    ON CONFLICT (scenario_id, day) DO UPDATE SET
      started = run_days.started + excluded.started,
      completed = run_days.completed + excluded.completed,
      abandoned = run_days.abandoned + excluded.abandoned`.execute(trx);
  await sql`
    INSERT INTO organization_run_days (organization_id, day, started, completed, abandoned)
    SELECT organization_id, (created_at AT TIME ZONE 'UTC')::date, ${started}::int, ${completed}::int,
      ${abandoned}::int
    FROM runs WHERE id = ${runId}
    ON CONFLICT (organization_id, day) DO UPDATE SET
      started = organization_run_days.started + excluded.started,
      completed = organization_run_days.completed + excluded.completed,
      abandoned = organization_run_days.abandoned + excluded.abandoned`.execute(trx);
}

/** A run just recorded: one more started on its day, and one more ended if it was posted already ended. */
function countNewRun(trx: Db, run: RunRow): Promise<void> {
  return add(trx, run.id, { ...ended(run.status), started: 1 });
}

/** A run whose status changed from `before`: it moves from one ending to the other on the day it started. */
function countStatusChange(trx: Db, run: RunRow, before: RunRow['status']): Promise<void> {
  if (before === run.status) return Promise.resolve();
  const from = ended(before);
  const to = ended(run.status);
  return add(trx, run.id, {
    started: 0,
    completed: to.completed - from.completed,
    abandoned: to.abandoned - from.abandoned,
  });
}

/**
 * A run just recorded (`before` null) or updated (`before` as it was, locked): the dashboard's sums and the guide's
 * statistics (run-progress.ts) follow it, always in this order of tables, in the run's transaction.
 */
export async function countRun(trx: Db, run: TalliedRun, before: TalliedRun | null): Promise<void> {
  if (before) await countStatusChange(trx, run, before.status);
  else await countNewRun(trx, run);
  await countProgress(trx, run, before);
}

/** Runs launched per UTC day since `start` (a 'YYYY-MM-DD'), by day: at most one row per day of the window. */
export async function launchedPerDay(
  db: Db,
  organizationId: string,
  start: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('organization_run_days')
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'started'])
    .where('organization_id', '=', organizationId)
    .where('day', '>=', start)
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.started)]));
}

/**
 * Recomputes the sums of the organization (every organization without one) from its runs: for runs written
 * straight into the database (a seeding script), which bypass the repositories.
 */
export async function rebuildRunDays(db: Db, organizationId?: string): Promise<void> {
  const only = (column: string) =>
    organizationId ? sql`WHERE ${sql.ref(column)} = ${organizationId}` : sql``;
  await db.transaction().execute(async (trx) => {
    await sql`DELETE FROM run_days ${only('organization_id')}`.execute(trx);
    await sql`DELETE FROM organization_run_days ${only('organization_id')}`.execute(trx);
    await sql`
      INSERT INTO run_days (organization_id, scenario_id, day, started, completed, abandoned)
      SELECT organization_id, scenario_id, (created_at AT TIME ZONE 'UTC')::date, count(*),
        count(*) FILTER (WHERE status = 'completed'), count(*) FILTER (WHERE status = 'abandoned')
      FROM runs ${only('organization_id')} GROUP BY 1, 2, 3`.execute(trx);
    await sql`
      INSERT INTO organization_run_days (organization_id, day, started, completed, abandoned)
      SELECT organization_id, day, sum(started), sum(completed), sum(abandoned)
      FROM run_days ${only('organization_id')} GROUP BY 1, 2`.execute(trx);
  });
}
