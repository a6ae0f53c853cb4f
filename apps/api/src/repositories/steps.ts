// steps: a scenario's ordered steps (each with its screenshot's type, when it has one).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { notFound } from '../problems.ts';
import type { Schemas } from '../types.ts';
import { iso } from './dates.ts';
import { type Expected, versionedWrite } from './versions.ts';

export function stepQuery(db: Db, organizationId: string) {
  return db
    .selectFrom('steps')
    .leftJoin('screenshots', 'screenshots.step_id', 'steps.id')
    .selectAll('steps')
    .select('screenshots.content_type as screenshot_type')
    .where('steps.organization_id', '=', organizationId);
}

type StepWithShot = Awaited<ReturnType<ReturnType<typeof stepQuery>['executeTakeFirstOrThrow']>>;

export function stepBody(s: StepWithShot): Schemas['Step'] {
  const target = typeof s.target === 'string' ? (JSON.parse(s.target) as Record<string, unknown>) : s.target;
  return {
    id: s.id,
    scenarioId: s.scenario_id,
    position: s.position,
    name: s.name,
    text: s.text,
    extra: s.extra,
    url: s.url,
    target: target ?? null,
    autoClick: s.auto_click,
    onMissingTarget: { waitSeconds: s.missing_wait_seconds, fallback: s.missing_then },
    hasScreenshot: s.screenshot_type !== null,
    screenshotType: s.screenshot_type,
    version: s.version,
    createdAt: iso(s.created_at),
    updatedAt: iso(s.updated_at),
  };
}

export async function findStep(
  db: Db,
  organizationId: string,
  scenarioId: string,
  stepId: string,
): Promise<StepWithShot> {
  const step = await stepQuery(db, organizationId)
    .where('steps.id', '=', stepId)
    .where('steps.scenario_id', '=', scenarioId)
    .executeTakeFirst();
  if (!step) throw notFound('step-not-found');
  return step;
}

export async function listSteps(
  db: Db,
  organizationId: string,
  scenarioId: string,
): Promise<Schemas['Step'][]> {
  const steps = await stepQuery(db, organizationId)
    .where('steps.scenario_id', '=', scenarioId)
    .orderBy('steps.position')
    .execute();
  return steps.map(stepBody);
}

function stepValues(body: Schemas['StepInput']) {
  return {
    name: body.name,
    text: body.text,
    extra: body.extra ?? null,
    url: body.url,
    target: body.target ? JSON.stringify(body.target) : null,
    auto_click: body.autoClick ?? false,
    missing_wait_seconds: body.onMissingTarget?.waitSeconds ?? 6,
    missing_then: body.onMissingTarget?.fallback ?? ('unanchored' as const),
  };
}

/** Adds a step after the scenario's last one (the scenario is claimed first: positions are computed under its lock). */
export async function insertStep(
  trx: Db,
  organizationId: string,
  scenarioId: string,
  input: Schemas['StepInput'],
): Promise<string> {
  const stepId = randomUUID();
  const last = await trx
    .selectFrom('steps')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('scenario_id', '=', scenarioId)
    .executeTakeFirst();
  await trx
    .insertInto('steps')
    .values({
      id: stepId,
      organization_id: organizationId,
      scenario_id: scenarioId,
      position: Number(last?.max ?? 0) + 1,
      ...stepValues(input),
    })
    .execute();
  return stepId;
}

/** Changes a step still at a version If-Match named; 404 when there is none, 412 when it changed since. */
export async function updateStep(
  trx: Db,
  organizationId: string,
  scenarioId: string,
  stepId: string,
  expected: Expected,
  input: Schemas['StepInput'],
): Promise<void> {
  await versionedWrite(
    expected,
    (versions) =>
      trx
        .updateTable('steps')
        .set((eb) => ({ ...stepValues(input), version: eb('version', '+', 1), updated_at: new Date() }))
        .where('id', '=', stepId)
        .where('scenario_id', '=', scenarioId)
        .where('organization_id', '=', organizationId)
        .$if(versions !== null, (qb) => qb.where('version', 'in', versions ?? []))
        .returning('id')
        .executeTakeFirst(),
    () => findStep(trx, organizationId, scenarioId, stepId),
    'step-precondition-failed',
  );
}

/** Deletes a step still at a version If-Match named and closes the gap in positions; 404 or 412 otherwise. */
export async function deleteStep(
  trx: Db,
  organizationId: string,
  scenarioId: string,
  stepId: string,
  expected: Expected,
): Promise<void> {
  const row = await versionedWrite(
    expected,
    (versions) =>
      trx
        .deleteFrom('steps')
        .where('id', '=', stepId)
        .where('scenario_id', '=', scenarioId)
        .where('organization_id', '=', organizationId)
        .$if(versions !== null, (qb) => qb.where('version', 'in', versions ?? []))
        .returning('position')
        .executeTakeFirst(),
    () => findStep(trx, organizationId, scenarioId, stepId),
    'step-precondition-failed',
  );
  await trx
    .updateTable('steps')
    .set((eb) => ({ position: eb('position', '-', 1) }))
    .where('scenario_id', '=', scenarioId)
    .where('position', '>', row.position)
    .execute();
}

export async function stepIdsOf(trx: Db, scenarioId: string): Promise<string[]> {
  const steps = await trx.selectFrom('steps').select('id').where('scenario_id', '=', scenarioId).execute();
  return steps.map((s) => s.id);
}

/** One statement assigns every new position. */
export async function reorderSteps(trx: Db, scenarioId: string, stepIds: string[]): Promise<void> {
  await sql`UPDATE steps SET position = ordered.position, updated_at = now()
    FROM (SELECT id::uuid AS id, ordinality::int AS position
          FROM unnest(${sql.val(stepIds)}::text[]) WITH ORDINALITY AS t(id, ordinality)) AS ordered
    WHERE steps.id = ordered.id AND steps.scenario_id = ${scenarioId}`.execute(trx);
}

/** A screenshot changed: the step's representation (hasScreenshot, screenshotType) changed with it. */
export async function bumpStepVersion(db: Db, stepId: string): Promise<void> {
  await db
    .updateTable('steps')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', stepId)
    .execute();
}

/** The steps' targets, in order (what publishing checks). */
export function stepTargets(trx: Db, organizationId: string, scenarioId: string) {
  return trx
    .selectFrom('steps')
    .select(['id', 'target'])
    .where('organization_id', '=', organizationId)
    .where('scenario_id', '=', scenarioId)
    .orderBy('position')
    .execute();
}

/** The scenario's steps as guide health lists them. */
export function healthSteps(db: Db, organizationId: string, scenarioId: string) {
  return db
    .selectFrom('steps')
    .select((eb) => [
      'steps.id',
      'steps.position',
      'steps.name',
      'steps.url',
      'steps.target_captured_at',
      eb
        .exists(
          eb.selectFrom('screenshots').select('step_id').whereRef('screenshots.step_id', '=', 'steps.id'),
        )
        .as('has_screenshot'),
    ])
    .where('scenario_id', '=', scenarioId)
    .where('organization_id', '=', organizationId)
    .orderBy('position')
    .execute();
}

/**
 * The steps migration 0012 reported (a URL outside http(s) or the project's sites, saved before issue 37) whose URL
 * is still the one reported: an author who saved the step since has fixed it. Counted across organizations, for
 * the operator's start-up line.
 */
export async function reportedStepUrls(db: Db): Promise<{ steps: number; organizations: number }> {
  const row = await db
    .selectFrom('step_url_reports as r')
    .innerJoin('steps as s', (join) => join.onRef('s.id', '=', 'r.step_id').onRef('s.url', '=', 'r.url'))
    .select([
      sql<number>`count(DISTINCT r.step_id)::int`.as('steps'),
      sql<number>`count(DISTINCT r.organization_id)::int`.as('organizations'),
    ])
    .executeTakeFirst();
  return { steps: row?.steps ?? 0, organizations: row?.organizations ?? 0 };
}
