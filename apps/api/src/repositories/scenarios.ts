// scenarios: the guides of a category, each with a version that every change of it or of its steps moves on.
import { randomUUID } from 'node:crypto';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../db/index.ts';
import type { ScenarioRow, ScenariosTable } from '../db/schema.ts';
import { HttpProblem, notFound } from '../problems.ts';
import type { Schemas } from '../types.ts';
import { iso } from './dates.ts';
import {
  containsPattern,
  createdKey,
  cutPage,
  folded,
  type PagePosition,
  type PageRequest,
} from './pages.ts';
import { prerequisiteBodies } from './prerequisites.ts';
import { sitesOf, touchProjectOfCategory } from './projects.ts';
import { startRuleOf } from './start-rules.ts';
import { stepBody, stepQuery, stepTargets } from './steps.ts';
import { type Expected, versionedWrite } from './versions.ts';

export function summaryBody(
  s: ScenarioRow & { step_count: number | string | bigint },
): Schemas['ScenarioSummary'] {
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    summary: s.summary,
    status: s.status,
    minDuration: s.min_duration,
    maxDuration: s.max_duration,
    stepCount: Number(s.step_count),
    version: s.version,
    createdAt: iso(s.created_at),
    updatedAt: iso(s.updated_at),
  };
}

/** One page of a category's scenarios, oldest first, matching `q`, and where the next page starts. */
export async function pageScenarios(
  db: Db,
  organizationId: string,
  categoryId: string,
  page: PageRequest,
): Promise<{ items: Schemas['ScenarioSummary'][]; next: PagePosition | null }> {
  const needle = containsPattern(page.q);
  const result = await sql<ScenarioRow & { position: string; step_count: number }>`
    SELECT s.*, ${createdKey('s.created_at')} AS position,
      (SELECT count(*) FROM steps WHERE steps.scenario_id = s.id)::int AS step_count
    FROM scenarios s
    WHERE s.organization_id = ${organizationId} AND s.category_id = ${categoryId}
    ${needle ? sql`AND (${folded('s.title')} LIKE ${needle} OR ${folded('s.description')} LIKE ${needle})` : sql``}
    ${page.after ? sql`AND (s.created_at, s.id) > (${page.after.key}::timestamptz, ${page.after.id}::uuid)` : sql``}
    ORDER BY s.created_at, s.id
    LIMIT ${page.size + 1}`.execute(db);
  const { items, next } = cutPage(result.rows, page.size, (row) => row.position);
  return { items: items.map(summaryBody), next };
}

/** 404 unless the scenario is one of the organization's (without reading it). */
export async function checkScenario(db: Db, organizationId: string, id: string): Promise<void> {
  const scenario = await db
    .selectFrom('scenarios')
    .select('id')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!scenario) throw notFound('scenario-not-found');
}

export async function findScenario(db: Db, organizationId: string, id: string): Promise<ScenarioRow> {
  const scenario = await db
    .selectFrom('scenarios')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!scenario) throw notFound('scenario-not-found');
  return scenario;
}

/**
 * Changes a scenario and moves its version on, provided the version is still one the client named in If-Match
 * (`expected`; null: unconditional). The check and the change are one UPDATE, and the row stays locked until the
 * transaction ends: of two writers holding the same version exactly one wins, and everything else the
 * transaction does to the scenario's steps and prerequisites is serialized behind it (positions are computed from
 * what is there, so two authors adding steps at once get distinct positions).
 * Returns the new version; 404 when there is no such scenario, 412 when it changed since.
 */
export async function claimScenario(
  trx: Db,
  organizationId: string,
  id: string,
  expected: Expected,
  change: Updateable<ScenariosTable> = {},
): Promise<number> {
  const row = await versionedWrite(
    expected,
    (versions) =>
      trx
        .updateTable('scenarios')
        .set((eb) => ({ ...change, version: eb('version', '+', 1), updated_at: new Date() }))
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .$if(versions !== null, (qb) => qb.where('version', 'in', versions ?? []))
        .returning(['version', 'category_id'])
        .executeTakeFirst(),
    () => findScenario(trx, organizationId, id),
  );
  await touchProjectOfCategory(trx, row.category_id);
  return row.version;
}

/** Deletes a scenario still at a version If-Match named (404 when there is none, 412 when it changed since). */
export async function deleteScenario(trx: Db, organizationId: string, id: string, expected: Expected) {
  const row = await versionedWrite(
    expected,
    (versions) =>
      trx
        .deleteFrom('scenarios')
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .$if(versions !== null, (qb) => qb.where('version', 'in', versions ?? []))
        .returning('category_id')
        .executeTakeFirst(),
    () => findScenario(trx, organizationId, id),
  );
  await touchProjectOfCategory(trx, row.category_id);
}

export async function scenarioBody(db: Db, organizationId: string, id: string): Promise<Schemas['Scenario']> {
  const scenario = await findScenario(db, organizationId, id);
  const place = await db
    .selectFrom('categories')
    .innerJoin('projects', 'projects.id', 'categories.project_id')
    .select([
      'categories.id as category_id',
      'categories.name as category_name',
      'projects.id as project_id',
      'projects.name as project_name',
      'projects.sites',
    ])
    .where('categories.id', '=', scenario.category_id)
    .executeTakeFirstOrThrow();
  const steps = await stepQuery(db, organizationId)
    .where('steps.scenario_id', '=', id)
    .orderBy('steps.position')
    .execute();
  return {
    ...summaryBody({ ...scenario, step_count: steps.length }),
    category: {
      id: place.category_id,
      name: place.category_name,
      project: { id: place.project_id, name: place.project_name, sites: sitesOf(place.sites) },
    },
    steps: steps.map(stepBody),
    prerequisites: await prerequisiteBodies(db, organizationId, id),
    startRule: startRuleOf(scenario.start_rule),
  };
}

export async function insertScenario(
  trx: Db,
  organizationId: string,
  categoryId: string,
  b: Schemas['ScenarioInput'],
): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('scenarios')
    .values({
      id,
      organization_id: organizationId,
      category_id: categoryId,
      title: b.title,
      description: b.description,
      summary: b.summary,
      min_duration: b.minDuration,
      max_duration: b.maxDuration,
    })
    .execute();
  return id;
}

/** Which of these ids are scenarios of the organization. */
export async function existingScenarioIds(
  trx: Db,
  organizationId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await trx
    .selectFrom('scenarios')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((s) => s.id));
}

function hasTarget(value: unknown): boolean {
  const target = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return target !== null && typeof target === 'object' && Object.keys(target).length > 0;
}

/**
 * A published guide is offered to end users at once: it needs steps, each with a captured target to highlight.
 * Runs after the scenario row is claimed (locked), so no step can be added or changed in between.
 */
export async function checkPublishable(trx: Db, organizationId: string, scenarioId: string): Promise<void> {
  const steps = await stepTargets(trx, organizationId, scenarioId);
  if (steps.length === 0) throw new HttpProblem('not-publishable', { key: 'scenario-without-steps' });
  const missing = steps.filter((step) => !hasTarget(step.target)).map((step) => step.id);
  if (missing.length > 0) {
    throw new HttpProblem('not-publishable', { key: 'step-without-target', stepIds: missing });
  }
}

/** The published guides of these projects, with their place, by category name and title. */
export function publishedIn(db: Db, organizationId: string, projectIds: string[]) {
  return db
    .selectFrom('scenarios')
    .innerJoin('categories', 'categories.id', 'scenarios.category_id')
    .select([
      'scenarios.id',
      'scenarios.title',
      'scenarios.description',
      'scenarios.summary',
      'scenarios.min_duration',
      'scenarios.max_duration',
      'scenarios.start_rule',
      'categories.id as category_id',
      'categories.name as category_name',
      'categories.project_id',
    ])
    .select((eb) =>
      eb
        .selectFrom('steps')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('steps.scenario_id', '=', 'scenarios.id')
        .as('step_count'),
    )
    .where('scenarios.organization_id', '=', organizationId)
    .where('scenarios.status', '=', 'published')
    .where('categories.project_id', 'in', projectIds)
    .orderBy('categories.name')
    .orderBy('scenarios.title')
    .orderBy('scenarios.id')
    .execute();
}

/** Whether the guide is published and in the site key's project. */
export async function isPublishedIn(
  db: Db,
  site: { id: string; organization_id: string },
  id: string,
): Promise<boolean> {
  const found = await db
    .selectFrom('scenarios')
    .innerJoin('categories', 'categories.id', 'scenarios.category_id')
    .select('scenarios.id')
    .where('scenarios.id', '=', id)
    .where('scenarios.organization_id', '=', site.organization_id)
    .where('scenarios.status', '=', 'published')
    .where('categories.project_id', '=', site.id)
    .executeTakeFirst();
  return found !== undefined;
}

/** 404 (`scenario-not-found`) unless the guide is published and in the site key's project. */
export async function publishedScenario(
  db: Db,
  site: { id: string; organization_id: string },
  id: string,
): Promise<void> {
  if (!(await isPublishedIn(db, site, id))) throw notFound('scenario-not-found');
}
