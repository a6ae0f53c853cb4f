// A guide's statistics over a period (issue 42), read from the daily aggregates of migration 0018
// (run-progress.ts): a few dozen rows for the figures and the funnel, at most one per distinct duration for the
// median, whatever the number of runs.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { RunSource, ScenarioRow } from '../db/schema.ts';
import type { Schemas } from '../types.ts';

export const sources: RunSource[] = ['members', 'embed', 'extension'];

export interface Period {
  /** First and last UTC day, 'YYYY-MM-DD', both included. */
  from: string;
  to: string;
}

/** The runs of the period by source, status and where each stopped: `at` the steps completed, capped at `last`. */
export interface ProgressRow {
  source: RunSource;
  status: 'started' | 'completed' | 'abandoned';
  at: number;
  runs: number;
}

async function progressOf(
  db: Db,
  scenario: ScenarioRow,
  period: Period,
  last: number,
): Promise<ProgressRow[]> {
  const result = await sql<ProgressRow>`
    SELECT source, status, least(steps_completed, ${last}::int) AS at, sum(runs)::int AS runs
    FROM run_progress_days
    WHERE organization_id = ${scenario.organization_id} AND scenario_id = ${scenario.id}
      AND day BETWEEN ${period.from}::date AND ${period.to}::date
    GROUP BY 1, 2, 3`.execute(db);
  return result.rows.map((row) => ({ ...row, at: Number(row.at), runs: Number(row.runs) }));
}

/** The lower middle of the period's completed runs' durations (whole seconds), null when none completed. */
async function medianSecondsOf(db: Db, scenario: ScenarioRow, period: Period): Promise<number | null> {
  const result = await sql<{ seconds: number }>`
    SELECT seconds FROM (
      SELECT seconds, sum(sum(runs)) OVER (ORDER BY seconds) AS upto, sum(sum(runs)) OVER () AS total
      FROM run_duration_days
      WHERE organization_id = ${scenario.organization_id} AND scenario_id = ${scenario.id}
        AND day BETWEEN ${period.from}::date AND ${period.to}::date
      GROUP BY seconds
    ) AS cumulated
    WHERE total > 0 AND upto * 2 >= total
    ORDER BY seconds LIMIT 1`.execute(db);
  const row = result.rows[0];
  return row ? Number(row.seconds) : null;
}

/** The guide's current steps, in order: the funnel's rows. */
function stepsOf(db: Db, scenario: ScenarioRow) {
  return db
    .selectFrom('steps')
    .select(['id', 'name'])
    .where('scenario_id', '=', scenario.id)
    .where('organization_id', '=', scenario.organization_id)
    .orderBy('position')
    .execute();
}

/**
 * The funnel from the runs by where they stopped (the rules are FunnelStep's): a completed run went through every
 * step; one that is not left at the step after the last it completed, or at the last step when it completed them all.
 */
export function funnelOf(
  steps: Array<{ id: string; name: string }>,
  rows: ProgressRow[],
): Schemas['FunnelStep'][] {
  const left = new Array<number>(steps.length).fill(0);
  let reached = 0;
  for (const row of rows) {
    reached += row.runs;
    if (row.status !== 'completed' && steps.length > 0) {
      const at = Math.min(row.at, steps.length - 1);
      left[at] = (left[at] ?? 0) + row.runs;
    }
  }
  return steps.map((step, index) => {
    const here = { stepId: step.id, position: index + 1, name: step.name, reached, left: left[index] ?? 0 };
    reached -= here.left;
    return here;
  });
}

export async function scenarioStatistics(
  db: Db,
  scenario: ScenarioRow,
  days: number,
  period: Period,
): Promise<Schemas['ScenarioStatistics']> {
  const steps = await stepsOf(db, scenario);
  const rows = await progressOf(db, scenario, period, Math.max(steps.length - 1, 0));
  const medianDuration = await medianSecondsOf(db, scenario, period);
  const count = (keep: (row: ProgressRow) => boolean) =>
    rows.reduce((sum, row) => (keep(row) ? sum + row.runs : sum), 0);
  const started = count(() => true);
  const completed = count((row) => row.status === 'completed');
  return {
    scenarioId: scenario.id,
    days,
    from: period.from,
    to: period.to,
    started,
    completed,
    abandoned: count((row) => row.status === 'abandoned'),
    completionRate: started === 0 ? null : completed / started,
    medianDuration,
    expectedDuration: { min: scenario.min_duration, max: scenario.max_duration },
    bySource: sources.map((source) => ({
      source,
      started: count((row) => row.source === source),
      completed: count((row) => row.source === source && row.status === 'completed'),
    })),
    funnel: funnelOf(steps, rows),
  };
}
