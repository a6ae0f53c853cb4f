import { randomUUID } from 'node:crypto';
import { normalizeSites as normalizeSiteList } from '@mulot/api-client/site';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../db/index.ts';
import type { ProjectRow, ScenarioRow, ScenariosTable } from '../db/schema.ts';
import { fieldProblem, HttpProblem, notFound } from '../problems.ts';
import { iso, organizationOf, uploadedImage } from '../routes/context.ts';
import type { Handler, Schemas } from '../types.ts';
import { type Expected, expectedVersions, versionList } from './versions.ts';

// ── loading and shaping ──

/** The sites as http(s) origins, normalized as the back-office form does; the first refused one is named. */
function normalizeSites(sites: string[]): string[] {
  const result = normalizeSiteList(sites);
  if (!result.ok) throw fieldProblem(`/body/sites/${result.index}`, 'field.site');
  return result.origins;
}

function sitesOf(value: unknown): string[] {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
}

const isoUtc = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

interface ProjectJson {
  id: string;
  name: string;
  description: string;
  sites: unknown;
  categories: Array<{ id: string; name: string; scenarioCount: number }>;
  createdAt: string;
  updatedAt: string;
}

/**
 * Projects (most recently updated first) with their categories and counts, built as one JSON value by the
 * database: one round trip whatever the number of projects, which matters most on embedded PGlite.
 */
export async function loadProjects(
  db: Db,
  organizationId: string,
  options: { id?: string; limit?: number } = {},
): Promise<Schemas['Project'][]> {
  // Set-based (hash joins over the organization's rows) rather than a subquery per project and category.
  const result = await sql<{ body: ProjectJson[] | string }>`
    WITH chosen AS (
      SELECT * FROM projects
      WHERE organization_id = ${organizationId}
      ${options.id ? sql`AND id = ${options.id}` : sql``}
      ORDER BY updated_at DESC, id
      ${options.limit ? sql`LIMIT ${options.limit}` : sql``}
    ), counts AS (
      SELECT category_id, count(*)::int AS n FROM scenarios
      WHERE organization_id = ${organizationId} GROUP BY category_id
    ), lists AS (
      SELECT c.project_id,
        json_agg(json_build_object('id', c.id, 'name', c.name, 'scenarioCount', coalesce(counts.n, 0))
          ORDER BY c.created_at, c.id) AS categories
      FROM categories c LEFT JOIN counts ON counts.category_id = c.id
      WHERE c.organization_id = ${organizationId} AND c.project_id IN (SELECT id FROM chosen)
      GROUP BY c.project_id
    )
    SELECT coalesce(json_agg(json_build_object(
      'id', p.id,
      'name', p.name,
      'description', p.description,
      'sites', p.sites,
      'categories', coalesce(lists.categories, '[]'::json),
      'createdAt', ${isoUtc('p.created_at')},
      'updatedAt', ${isoUtc('p.updated_at')}
    ) ORDER BY p.updated_at DESC, p.id), '[]'::json) AS body
    FROM chosen p LEFT JOIN lists ON lists.project_id = p.id`.execute(db);
  const raw = result.rows[0]?.body ?? [];
  const projects = (typeof raw === 'string' ? JSON.parse(raw) : raw) as ProjectJson[];
  return projects.map((p) => {
    const categories = p.categories.map((c) => ({
      id: c.id,
      name: c.name,
      scenarioCount: Number(c.scenarioCount),
    }));
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      sites: sitesOf(p.sites),
      categories,
      categoryCount: categories.length,
      scenarioCount: categories.reduce((sum, c) => sum + c.scenarioCount, 0),
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    };
  });
}

async function findProject(db: Db, organizationId: string, id: string): Promise<ProjectRow> {
  const project = await db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!project) throw notFound('project-not-found');
  return project;
}

async function projectBody(db: Db, organizationId: string, id: string): Promise<Schemas['Project']> {
  const [body] = await loadProjects(db, organizationId, { id });
  if (!body) throw notFound('project-not-found');
  return body;
}

/** Anything changing inside a project makes it "modified" for the projects page. */
async function touchProject(db: Db, projectId: string): Promise<void> {
  await db.updateTable('projects').set({ updated_at: new Date() }).where('id', '=', projectId).execute();
}

/** touchProject, for the project of a category (a scenario changed). */
async function touchProjectOfCategory(db: Db, categoryId: string): Promise<void> {
  await db
    .updateTable('projects')
    .set({ updated_at: new Date() })
    .where('id', '=', (eb) => eb.selectFrom('categories').select('project_id').where('id', '=', categoryId))
    .execute();
}

function summaryBody(s: ScenarioRow & { step_count: number | string | bigint }): Schemas['ScenarioSummary'] {
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

function scenarioSummaries(db: Db, organizationId: string) {
  return db
    .selectFrom('scenarios')
    .selectAll('scenarios')
    .select((eb) =>
      eb
        .selectFrom('steps')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('steps.scenario_id', '=', 'scenarios.id')
        .as('step_count'),
    )
    .where('scenarios.organization_id', '=', organizationId)
    .orderBy('scenarios.created_at')
    .orderBy('scenarios.id');
}

type CategoryFull = Schemas['Category'];

async function categoryBodies(
  db: Db,
  organizationId: string,
  project: ProjectRow,
  categoryId?: string,
): Promise<CategoryFull[]> {
  let query = db
    .selectFrom('categories')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('project_id', '=', project.id);
  if (categoryId) query = query.where('id', '=', categoryId);
  const categories = await query.orderBy('created_at').orderBy('id').execute();
  if (categories.length === 0) return [];
  const scenarios = await scenarioSummaries(db, organizationId)
    .where(
      'scenarios.category_id',
      'in',
      categories.map((c) => c.id),
    )
    .execute();
  const projectRef = { id: project.id, name: project.name, sites: sitesOf(project.sites) };
  return categories.map((c) => {
    const own = scenarios.filter((s) => s.category_id === c.id);
    return {
      id: c.id,
      name: c.name,
      description: c.description,
      scenarioCount: own.length,
      publishedCount: own.filter((s) => s.status === 'published').length,
      scenarios: own.map((s) => summaryBody({ ...s, step_count: s.step_count ?? 0 })),
      project: projectRef,
      createdAt: iso(c.created_at),
      updatedAt: iso(c.updated_at),
    };
  });
}

async function categoryBody(db: Db, organizationId: string, projectId: string, categoryId: string) {
  const project = await findProject(db, organizationId, projectId);
  const [category] = await categoryBodies(db, organizationId, project, categoryId);
  if (!category) throw notFound('category-not-found');
  return category;
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

async function findScenario(db: Db, organizationId: string, id: string): Promise<ScenarioRow> {
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
async function claimScenario(
  trx: Db,
  organizationId: string,
  id: string,
  expected: Expected,
  change: Updateable<ScenariosTable> = {},
): Promise<number> {
  const row = await trx
    .updateTable('scenarios')
    .set((eb) => ({ ...change, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .$if(expected !== null, (qb) => qb.where('version', 'in', versionList(expected ?? [])))
    .returning(['version', 'category_id'])
    .executeTakeFirst();
  if (!row) {
    await findScenario(trx, organizationId, id);
    throw new HttpProblem('precondition-failed');
  }
  await touchProjectOfCategory(trx, row.category_id);
  return row.version;
}

function stepQuery(db: Db, organizationId: string) {
  return db
    .selectFrom('steps')
    .leftJoin('screenshots', 'screenshots.step_id', 'steps.id')
    .selectAll('steps')
    .select('screenshots.content_type as screenshot_type')
    .where('steps.organization_id', '=', organizationId);
}

type StepWithShot = Awaited<ReturnType<ReturnType<typeof stepQuery>['executeTakeFirstOrThrow']>>;

function stepBody(s: StepWithShot): Schemas['Step'] {
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

async function findStep(
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

async function prerequisiteBodies(db: Db, organizationId: string, scenarioId: string) {
  const rows = await db
    .selectFrom('prerequisites')
    .leftJoin('scenarios as required', 'required.id', 'prerequisites.required_scenario_id')
    .select([
      'prerequisites.id',
      'prerequisites.text',
      'prerequisites.required_scenario_id',
      'required.title as required_title',
      'required.status as required_status',
    ])
    .where('prerequisites.organization_id', '=', organizationId)
    .where('prerequisites.scenario_id', '=', scenarioId)
    .orderBy('prerequisites.position')
    .execute();
  return rows.map((r): Schemas['Prerequisite'] => ({
    id: r.id,
    text: r.text,
    scenarioId: r.required_scenario_id,
    scenario:
      r.required_scenario_id && r.required_title && r.required_status
        ? { id: r.required_scenario_id, title: r.required_title, status: r.required_status }
        : null,
  }));
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
  };
}

function checkDurations(body: { minDuration: number; maxDuration: number }): void {
  if (body.maxDuration < body.minDuration) throw fieldProblem('/body/maxDuration', 'field.durations');
}

// ── projects ──

export const listProjects: Handler<'listProjects'> = async (services, request) => {
  return { status: 200, body: await loadProjects(services.db, organizationOf(request)) };
};

export const createProject: Handler<'createProject'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const sites = normalizeSites(request.body.sites);
  if (sites.length === 0) throw fieldProblem('/body/sites', 'field.sites');
  const project = await services.db
    .insertInto('projects')
    .values({
      id: randomUUID(),
      organization_id: organizationId,
      name: request.body.name.trim() || request.body.name,
      description: request.body.description ?? '',
      sites: JSON.stringify(sites),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { status: 201, body: await projectBody(services.db, organizationId, project.id) };
};

export const getProject: Handler<'getProject'> = async (services, request) => {
  return { status: 200, body: await projectBody(services.db, organizationOf(request), request.params.id) };
};

export const updateProject: Handler<'updateProject'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const result = await services.db
    .updateTable('projects')
    .set({
      name: request.body.name.trim() || request.body.name,
      description: request.body.description ?? '',
      sites: JSON.stringify(normalizeSites(request.body.sites)),
      updated_at: new Date(),
    })
    .where('id', '=', request.params.id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('project-not-found');
  return { status: 200, body: await projectBody(services.db, organizationId, request.params.id) };
};

export const deleteProject: Handler<'deleteProject'> = async (services, request) => {
  const organizationId = organizationOf(request);
  // One statement: the foreign keys cascade to categories, scenarios, steps, screenshots, prerequisites and runs
  // within the statement's transaction.
  const result = await services.db
    .deleteFrom('projects')
    .where('id', '=', request.params.id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('project-not-found');
  return { status: 204, body: undefined };
};

// ── categories ──

export const listCategories: Handler<'listCategories'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const project = await findProject(services.db, organizationId, request.params.id);
  return { status: 200, body: await categoryBodies(services.db, organizationId, project) };
};

export const createCategory: Handler<'createCategory'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const id = randomUUID();
  await services.db.transaction().execute(async (trx) => {
    const project = await findProject(trx, organizationId, request.params.id);
    await trx
      .insertInto('categories')
      .values({
        id,
        organization_id: organizationId,
        project_id: project.id,
        name: request.body.name.trim() || request.body.name,
        description: request.body.description ?? '',
      })
      .execute();
    await touchProject(trx, project.id);
  });
  return { status: 201, body: await categoryBody(services.db, organizationId, request.params.id, id) };
};

export const getCategory: Handler<'getCategory'> = async (services, request) => {
  const { id, categoryId } = request.params;
  return { status: 200, body: await categoryBody(services.db, organizationOf(request), id, categoryId) };
};

export const updateCategory: Handler<'updateCategory'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, categoryId } = request.params;
  await services.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('categories')
      .set({
        name: request.body.name.trim() || request.body.name,
        description: request.body.description ?? '',
        updated_at: new Date(),
      })
      .where('id', '=', categoryId)
      .where('project_id', '=', id)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound('category-not-found');
    await touchProject(trx, id);
  });
  return { status: 200, body: await categoryBody(services.db, organizationId, id, categoryId) };
};

export const deleteCategory: Handler<'deleteCategory'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, categoryId } = request.params;
  await services.db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('categories')
      .where('id', '=', categoryId)
      .where('project_id', '=', id)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('category-not-found');
    await touchProject(trx, id);
  });
  return { status: 204, body: undefined };
};

// ── scenarios ──

export const listScenarios: Handler<'listScenarios'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, categoryId } = request.params;
  await findProject(services.db, organizationId, id);
  const category = await services.db
    .selectFrom('categories')
    .select('id')
    .where('id', '=', categoryId)
    .where('project_id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!category) throw notFound('category-not-found');
  const rows = await scenarioSummaries(services.db, organizationId)
    .where('scenarios.category_id', '=', categoryId)
    .execute();
  return { status: 200, body: rows.map((s) => summaryBody({ ...s, step_count: s.step_count ?? 0 })) };
};

export const createScenario: Handler<'createScenario'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, categoryId } = request.params;
  checkDurations(request.body);
  const scenarioId = randomUUID();
  await services.db.transaction().execute(async (trx) => {
    const project = await findProject(trx, organizationId, id);
    const category = await trx
      .selectFrom('categories')
      .select('id')
      .where('id', '=', categoryId)
      .where('project_id', '=', id)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!category) throw notFound('category-not-found');
    // A guide is played on one of its project's sites: without one it could never be launched (spec: "create
    // guide (disabled if the project has no site)").
    if (sitesOf(project.sites).length === 0) throw new HttpProblem('site-required');
    const b = request.body;
    await trx
      .insertInto('scenarios')
      .values({
        id: scenarioId,
        organization_id: organizationId,
        category_id: categoryId,
        title: b.title,
        description: b.description,
        summary: b.summary,
        min_duration: b.minDuration,
        max_duration: b.maxDuration,
      })
      .execute();
    await touchProject(trx, id);
  });
  return { status: 201, body: await scenarioBody(services.db, organizationId, scenarioId) };
};

export const getScenario: Handler<'getScenario'> = async (services, request) => {
  const body = await scenarioBody(services.db, organizationOf(request), request.params.id);
  return { status: 200, body, etag: body.version };
};

export const updateScenario: Handler<'updateScenario'> = async (services, request) => {
  const organizationId = organizationOf(request);
  checkDurations(request.body);
  const expected = expectedVersions(request.ifMatch);
  const b = request.body;
  await services.db.transaction().execute(async (trx) => {
    await claimScenario(trx, organizationId, request.params.id, expected, {
      title: b.title,
      description: b.description,
      summary: b.summary,
      min_duration: b.minDuration,
      max_duration: b.maxDuration,
    });
  });
  const body = await scenarioBody(services.db, organizationId, request.params.id);
  return { status: 200, body, etag: body.version };
};

export const deleteScenario: Handler<'deleteScenario'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const expected = expectedVersions(request.ifMatch);
  await services.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('scenarios')
      .where('id', '=', request.params.id)
      .where('organization_id', '=', organizationId)
      .$if(expected !== null, (qb) => qb.where('version', 'in', versionList(expected ?? [])))
      .returning('category_id')
      .executeTakeFirst();
    if (!row) {
      await findScenario(trx, organizationId, request.params.id);
      throw new HttpProblem('precondition-failed');
    }
    await touchProjectOfCategory(trx, row.category_id);
  });
  return { status: 204, body: undefined };
};

function hasTarget(value: unknown): boolean {
  const target = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return target !== null && typeof target === 'object' && Object.keys(target).length > 0;
}

/**
 * A published guide is offered to end users at once: it needs steps, each with a captured target to highlight.
 * Runs after the scenario row is claimed (locked), so no step can be added or changed in between.
 */
async function checkPublishable(trx: Db, organizationId: string, scenarioId: string): Promise<void> {
  const steps = await trx
    .selectFrom('steps')
    .select(['id', 'target'])
    .where('organization_id', '=', organizationId)
    .where('scenario_id', '=', scenarioId)
    .orderBy('position')
    .execute();
  if (steps.length === 0) throw new HttpProblem('not-publishable', { key: 'scenario-without-steps' });
  const missing = steps.filter((step) => !hasTarget(step.target)).map((step) => step.id);
  if (missing.length > 0) {
    throw new HttpProblem('not-publishable', { key: 'step-without-target', stepIds: missing });
  }
}

export const updateScenarioStatus: Handler<'updateScenarioStatus'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const expected = expectedVersions(request.ifMatch);
  await services.db.transaction().execute(async (trx) => {
    await claimScenario(trx, organizationId, request.params.id, expected, { status: request.body.status });
    if (request.body.status === 'published') await checkPublishable(trx, organizationId, request.params.id);
  });
  const body = await scenarioBody(services.db, organizationId, request.params.id);
  return { status: 200, body, etag: body.version };
};

export const replacePrerequisites: Handler<'replacePrerequisites'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const scenarioId = request.params.id;
  const items = request.body;
  const expected = expectedVersions(request.ifMatch);
  const version = await services.db.transaction().execute(async (trx) => {
    const claimed = await claimScenario(trx, organizationId, scenarioId, expected);
    const wanted = [
      ...new Set(items.map((p) => p.scenarioId).filter((id): id is string => typeof id === 'string')),
    ];
    const existing =
      wanted.length === 0
        ? []
        : await trx
            .selectFrom('scenarios')
            .select('id')
            .where('organization_id', '=', organizationId)
            .where('id', 'in', wanted)
            .execute();
    const known = new Set(existing.map((s) => s.id));
    items.forEach((p, index) => {
      if (p.scenarioId === scenarioId)
        throw fieldProblem(`/body/${index}/scenarioId`, 'field.self-prerequisite');
      if (p.scenarioId && !known.has(p.scenarioId)) {
        throw fieldProblem(`/body/${index}/scenarioId`, 'field.scenario-not-found');
      }
    });
    await trx.deleteFrom('prerequisites').where('scenario_id', '=', scenarioId).execute();
    if (items.length > 0) {
      await trx
        .insertInto('prerequisites')
        .values(
          items.map((p, index) => ({
            id: randomUUID(),
            organization_id: organizationId,
            scenario_id: scenarioId,
            position: index + 1,
            text: p.text,
            required_scenario_id: p.scenarioId ?? null,
          })),
        )
        .execute();
    }
    return claimed;
  });
  return {
    status: 200,
    body: await prerequisiteBodies(services.db, organizationId, scenarioId),
    etag: version,
  };
};

// ── steps ──

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

export const createStep: Handler<'createStep'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const scenarioId = request.params.id;
  const stepId = randomUUID();
  const expected = expectedVersions(request.ifMatch);
  await services.db.transaction().execute(async (trx) => {
    await claimScenario(trx, organizationId, scenarioId, expected);
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
        ...stepValues(request.body),
      })
      .execute();
  });
  const body = stepBody(await findStep(services.db, organizationId, scenarioId, stepId));
  return { status: 201, body, etag: body.version };
};

export const getStep: Handler<'getStep'> = async (services, request) => {
  const { id, stepId } = request.params;
  const body = stepBody(await findStep(services.db, organizationOf(request), id, stepId));
  return { status: 200, body, etag: body.version };
};

export const updateStep: Handler<'updateStep'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, stepId } = request.params;
  const expected = expectedVersions(request.ifMatch);
  await services.db.transaction().execute(async (trx) => {
    // The scenario first (its version moves with its steps), in the same order as every other write of its
    // steps, so two transactions never wait on each other's rows.
    await claimScenario(trx, organizationId, id, null);
    const result = await trx
      .updateTable('steps')
      .set((eb) => ({ ...stepValues(request.body), version: eb('version', '+', 1), updated_at: new Date() }))
      .where('id', '=', stepId)
      .where('scenario_id', '=', id)
      .where('organization_id', '=', organizationId)
      .$if(expected !== null, (qb) => qb.where('version', 'in', versionList(expected ?? [])))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      await findStep(trx, organizationId, id, stepId);
      throw new HttpProblem('precondition-failed', { key: 'step-precondition-failed' });
    }
  });
  const body = stepBody(await findStep(services.db, organizationId, id, stepId));
  return { status: 200, body, etag: body.version };
};

export const deleteStep: Handler<'deleteStep'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, stepId } = request.params;
  const expected = expectedVersions(request.ifMatch);
  await services.db.transaction().execute(async (trx) => {
    await claimScenario(trx, organizationId, id, null);
    const row = await trx
      .deleteFrom('steps')
      .where('id', '=', stepId)
      .where('scenario_id', '=', id)
      .where('organization_id', '=', organizationId)
      .$if(expected !== null, (qb) => qb.where('version', 'in', versionList(expected ?? [])))
      .returning('position')
      .executeTakeFirst();
    if (!row) {
      await findStep(trx, organizationId, id, stepId);
      throw new HttpProblem('precondition-failed', { key: 'step-precondition-failed' });
    }
    await trx
      .updateTable('steps')
      .set((eb) => ({ position: eb('position', '-', 1) }))
      .where('scenario_id', '=', id)
      .where('position', '>', row.position)
      .execute();
  });
  return { status: 204, body: undefined };
};

export const reorderSteps: Handler<'reorderSteps'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const scenarioId = request.params.id;
  const { stepIds } = request.body;
  const expected = expectedVersions(request.ifMatch);
  const version = await services.db.transaction().execute(async (trx) => {
    const claimed = await claimScenario(trx, organizationId, scenarioId, expected);
    const steps = await trx.selectFrom('steps').select('id').where('scenario_id', '=', scenarioId).execute();
    const current = new Set(steps.map((s) => s.id));
    const given = new Set(stepIds);
    if (
      given.size !== stepIds.length ||
      given.size !== current.size ||
      stepIds.some((s) => !current.has(s))
    ) {
      throw new HttpProblem('validation', {
        key: 'steps-mismatch',
        fields: [{ field: '/body/stepIds', key: 'steps-mismatch' }],
      });
    }
    if (stepIds.length > 0) {
      // One statement assigns every new position.
      await sql`UPDATE steps SET position = ordered.position, updated_at = now()
        FROM (SELECT id::uuid AS id, ordinality::int AS position
              FROM unnest(${sql.val(stepIds)}::text[]) WITH ORDINALITY AS t(id, ordinality)) AS ordered
        WHERE steps.id = ordered.id AND steps.scenario_id = ${scenarioId}`.execute(trx);
    }
    return claimed;
  });
  const steps = await stepQuery(services.db, organizationId)
    .where('steps.scenario_id', '=', scenarioId)
    .orderBy('steps.position')
    .execute();
  return { status: 200, body: steps.map(stepBody), etag: version };
};

// ── screenshots ──

export const putStepScreenshot: Handler<'putStepScreenshot'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, stepId } = request.params;
  const image = uploadedImage(request);
  await services.db.transaction().execute(async (trx) => {
    await findStep(trx, organizationId, id, stepId);
    await trx
      .updateTable('steps')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: new Date() }))
      .where('id', '=', stepId)
      .execute();
  });
  await services.storage.put(organizationId, stepId, image);
  return { status: 204, body: undefined };
};

export const getStepScreenshot: Handler<'getStepScreenshot'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, stepId } = request.params;
  await findStep(services.db, organizationId, id, stepId);
  const image = await services.storage.get(organizationId, stepId);
  if (!image) throw notFound('screenshot-not-found');
  return { status: 200, raw: image.data, contentType: image.contentType };
};

export const deleteStepScreenshot: Handler<'deleteStepScreenshot'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, stepId } = request.params;
  await findStep(services.db, organizationId, id, stepId);
  if (!(await services.storage.delete(organizationId, stepId))) throw notFound('screenshot-not-found');
  await services.db
    .updateTable('steps')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', stepId)
    .execute();
  return { status: 204, body: undefined };
};
