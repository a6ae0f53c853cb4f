// runs: guides launched by end users (and members), with how far each got.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { RunRow } from '../db/schema.ts';
import { notFound } from '../problems.ts';
import type { Schemas } from '../types.ts';
import { iso } from './dates.ts';
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

/** A run of a member (`userId`) or of an end user without an account (`visitorId`, issue 39). */
export function insertRun(
  trx: Db,
  organizationId: string,
  scenarioId: string,
  by: { userId: string } | { visitorId: string },
  input: Schemas['RunInput'],
): Promise<RunRow> {
  return trx
    .insertInto('runs')
    .values({
      id: randomUUID(),
      organization_id: organizationId,
      scenario_id: scenarioId,
      user_id: 'userId' in by ? by.userId : null,
      visitor_id: 'visitorId' in by ? by.visitorId : null,
      status: input.status,
      url: input.url ?? null,
      steps_completed: input.stepsCompleted ?? 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An end user's run, locked, if this visitor started it on a guide of the key's project; else 404. */
export async function findVisitorRun(
  trx: Db,
  site: { id: string; organization_id: string },
  runId: string,
  visitorId: string,
) {
  const run = await trx
    .selectFrom('runs')
    .innerJoin('scenarios', 'scenarios.id', 'runs.scenario_id')
    .innerJoin('categories', 'categories.id', 'scenarios.category_id')
    .selectAll('runs')
    .select('scenarios.status as scenario_status')
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
  const query = db
    .selectFrom('runs')
    .selectAll()
    .where('id', '=', runId)
    .where('scenario_id', '=', scenarioId)
    .where('organization_id', '=', organizationId);
  const run = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!run) throw notFound('run-not-found');
  return run;
}

export function updateRun(
  trx: Db,
  runId: string,
  change: { status: RunRow['status']; steps_completed: number },
): Promise<RunRow> {
  return trx
    .updateTable('runs')
    .set({ ...change, updated_at: new Date() })
    .where('id', '=', runId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
