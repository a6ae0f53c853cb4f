// runs: guides launched by end users (and members), with how far each got.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { RunRow, RunSource } from '../db/schema.ts';
import { notFound } from '../problems.ts';
import type { Schemas } from '../types.ts';
import { iso } from './dates.ts';
import { secondsTaken, type TalliedRun } from './run-progress.ts';
import { issueBodies } from './run-step-issues.ts';

export async function runBody(db: Db, run: RunRow): Promise<Schemas['Run']> {
  return {
    id: run.id,
    scenarioId: run.scenario_id,
    status: run.status,
    url: run.url,
    stepsCompleted: run.steps_completed,
    stepIssues: await issueBodies(db, run.id),
    createdAt: iso(run.created_at),
    updatedAt: iso(run.updated_at),
  };
}

/**
 * A run of a member (`userId`, source `members`) or of an end user without an account (`visitorId`, issue 39,
 * through the snippet or the extension). A guide deleted since it was checked: 404, as a moment later.
 */
export async function insertRun(
  trx: Db,
  organizationId: string,
  scenarioId: string,
  by: { userId: string } | { visitorId: string; source: Exclude<RunSource, 'members'> },
  input: Schemas['RunInput'],
): Promise<TalliedRun> {
  try {
    return await trx
      .insertInto('runs')
      .values({
        id: randomUUID(),
        organization_id: organizationId,
        scenario_id: scenarioId,
        user_id: 'userId' in by ? by.userId : null,
        visitor_id: 'visitorId' in by ? by.visitorId : null,
        source: 'source' in by ? by.source : 'members',
        status: input.status,
        url: input.url ?? null,
        steps_completed: input.stepsCompleted ?? 0,
        // posted already completed: it took no time (the same clock as created_at's default)
        completed_at: input.status === 'completed' ? sql<Date>`now()` : null,
      })
      .returningAll()
      .returning(secondsTaken.as('seconds'))
      .executeTakeFirstOrThrow();
  } catch (error) {
    // The guide deleted by another transaction between the check and this insert (PostgreSQL server).
    const { code, constraint } = error as { code?: unknown; constraint?: unknown };
    if (code === '23503' && constraint === 'runs_scenario_id_fkey') throw notFound('scenario-not-found');
    throw error;
  }
}

/**
 * Keeps the guide from being deleted until the transaction ends (FOR KEY SHARE: its edits go on), taken before the
 * run is locked. A deletion locks the guide, then its runs (the cascade); an update that locked the run first and then
 * reached the guide through its sums would wait for the deletion while the deletion waits for it (PostgreSQL would
 * abort one of them). In this order the deletion waits for the update, or the update finds the guide gone: a 404.
 */
async function holdGuide(trx: Db, organizationId: string, scenarioId: string): Promise<boolean> {
  const held = await trx
    .selectFrom('scenarios')
    .select('id')
    .where('id', '=', scenarioId)
    .where('organization_id', '=', organizationId)
    .forKeyShare()
    .executeTakeFirst();
  return held !== undefined;
}

/** An end user's run, locked (its guide held first), if this visitor started it on a guide of the key's project. */
export async function findVisitorRun(
  trx: Db,
  site: { id: string; organization_id: string },
  runId: string,
  visitorId: string,
) {
  const played = await trx
    .selectFrom('runs')
    .select('scenario_id')
    .where('id', '=', runId)
    .where('organization_id', '=', site.organization_id)
    .executeTakeFirst();
  if (!played || !(await holdGuide(trx, site.organization_id, played.scenario_id)))
    throw notFound('run-not-found');
  const run = await trx
    .selectFrom('runs')
    .innerJoin('scenarios', 'scenarios.id', 'runs.scenario_id')
    .innerJoin('categories', 'categories.id', 'scenarios.category_id')
    .selectAll('runs')
    .select([secondsTaken.as('seconds'), 'scenarios.status as scenario_status'])
    .where('runs.id', '=', runId)
    .where('runs.organization_id', '=', site.organization_id)
    .where('runs.visitor_id', '=', visitorId)
    .where('categories.project_id', '=', site.id)
    .forUpdate('runs')
    .executeTakeFirst();
  if (!run) throw notFound('run-not-found');
  // unpublished while the end user plays it: the runner says it is no longer available
  if (run.scenario_status !== 'published') throw notFound('scenario-not-found');
  const { scenario_status: _, ...found } = run;
  return found;
}

export async function findRun(
  db: Db,
  organizationId: string,
  scenarioId: string,
  runId: string,
  { lock = false }: { lock?: boolean } = {},
) {
  // locked to be updated: its guide held first (see holdGuide); without it, no run either
  if (lock && !(await holdGuide(db, organizationId, scenarioId))) throw notFound('run-not-found');
  const query = db
    .selectFrom('runs')
    .selectAll()
    .select(secondsTaken.as('seconds'))
    .where('id', '=', runId)
    .where('scenario_id', '=', scenarioId)
    .where('organization_id', '=', organizationId);
  const run = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!run) throw notFound('run-not-found');
  return run;
}

/** Its completion time is set when it becomes completed, kept while it stays so, cleared if it no longer is. */
export function updateRun(
  trx: Db,
  runId: string,
  change: { status: RunRow['status']; steps_completed: number },
): Promise<TalliedRun> {
  return trx
    .updateTable('runs')
    .set({
      ...change,
      updated_at: new Date(),
      completed_at: sql<Date | null>`CASE WHEN ${change.status}::text = 'completed'
        THEN coalesce(CASE WHEN status = 'completed' THEN completed_at END, now()) END`,
    })
    .where('id', '=', runId)
    .returningAll()
    .returning(secondsTaken.as('seconds'))
    .executeTakeFirstOrThrow();
}

/**
 * Whether a run arriving for `scenarioId` (or the run `runId`) finds neither any more, in any organization: its guide
 * was deleted, taking its runs with it (or the id never existed: a request cannot tell the two apart).
 */
export async function isGone(db: Db, ids: { scenarioId?: string; runId?: string }): Promise<boolean> {
  const { scenarioId, runId } = ids;
  if (scenarioId) {
    const found = await db
      .selectFrom('scenarios')
      .select('id')
      .where('id', '=', scenarioId)
      .executeTakeFirst();
    if (found) return false;
  }
  if (runId) {
    const found = await db.selectFrom('runs').select('id').where('id', '=', runId).executeTakeFirst();
    if (found) return false;
  }
  return scenarioId !== undefined || runId !== undefined;
}
