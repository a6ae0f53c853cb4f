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

export function insertRun(
  trx: Db,
  organizationId: string,
  scenarioId: string,
  userId: string,
  input: Schemas['RunInput'],
): Promise<RunRow> {
  return trx
    .insertInto('runs')
    .values({
      id: randomUUID(),
      organization_id: organizationId,
      scenario_id: scenarioId,
      user_id: userId,
      status: input.status,
      url: input.url ?? null,
      steps_completed: input.stepsCompleted ?? 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
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
