import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { RunRow } from '../db/schema.ts';
import { fieldProblem, HttpProblem, notFound } from '../problems.ts';
import { checkScenario, loadProjects } from './content.ts';
import { callerOf, iso, organizationOf } from './context.ts';
import { guidesToRepair } from './health.ts';
import type { Handler, Schemas } from './types.ts';

// ── runs ──

async function runBody(db: Db, run: RunRow): Promise<Schemas['Run']> {
  const issues = await db
    .selectFrom('run_step_issues')
    .select((eb) => [
      'id',
      'step_id',
      'outcome',
      'confidence',
      'url',
      'reason',
      'created_at',
      eb
        .exists(
          eb
            .selectFrom('run_step_issue_screenshots')
            .select('issue_id')
            .whereRef('run_step_issue_screenshots.issue_id', '=', 'run_step_issues.id'),
        )
        .as('has_screenshot'),
    ])
    .where('run_id', '=', run.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    id: run.id,
    scenarioId: run.scenario_id,
    status: run.status,
    url: run.url,
    stepsCompleted: run.steps_completed,
    stepIssues: issues.map((i) => ({
      id: i.id,
      stepId: i.step_id,
      outcome: i.outcome,
      confidence: i.confidence === null ? null : Number(i.confidence),
      url: i.url,
      reason: i.reason as Schemas['FindReason'] | null,
      hasScreenshot: Boolean(i.has_screenshot),
      createdAt: iso(i.created_at),
    })),
    createdAt: iso(run.created_at),
    updatedAt: iso(run.updated_at),
  };
}

async function checkIssues(
  db: Db,
  scenarioId: string,
  issues: Schemas['StepIssue'][] | undefined,
): Promise<Schemas['StepIssue'][]> {
  if (!issues || issues.length === 0) return [];
  const steps = await db.selectFrom('steps').select('id').where('scenario_id', '=', scenarioId).execute();
  const known = new Set(steps.map((s) => s.id));
  issues.forEach((issue, index) => {
    if (!known.has(issue.stepId))
      throw fieldProblem(`/body/stepIssues/${index}/stepId`, 'field.step-not-found');
  });
  return issues;
}

async function insertIssues(
  db: Db,
  organizationId: string,
  runId: string,
  issues: Schemas['StepIssue'][],
): Promise<void> {
  if (issues.length === 0) return;
  await db
    .insertInto('run_step_issues')
    .values(
      issues.map((i) => ({
        id: randomUUID(),
        organization_id: organizationId,
        run_id: runId,
        step_id: i.stepId,
        outcome: i.outcome,
        confidence: i.confidence ?? null,
        url: i.url ?? null,
        reason: i.reason ?? null,
      })),
    )
    .execute();
}

export const createRun: Handler<'createRun'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { user } = callerOf(request);
  const scenarioId = request.params.id;
  const run = await services.db.transaction().execute(async (trx) => {
    await checkScenario(trx, organizationId, scenarioId);
    const issues = await checkIssues(trx, scenarioId, request.body.stepIssues);
    const run = await trx
      .insertInto('runs')
      .values({
        id: randomUUID(),
        organization_id: organizationId,
        scenario_id: scenarioId,
        user_id: user.id,
        status: request.body.status,
        url: request.body.url ?? null,
        steps_completed: request.body.stepsCompleted ?? 0,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await insertIssues(trx, organizationId, run.id, issues);
    return run;
  });
  return { status: 201, body: await runBody(services.db, run) };
};

export const updateRun: Handler<'updateRun'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, runId } = request.params;
  const run = await services.db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('runs')
      .selectAll()
      .where('id', '=', runId)
      .where('scenario_id', '=', id)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!existing) throw notFound('run-not-found');
    const issues = await checkIssues(trx, id, request.body.stepIssues);
    const run = await trx
      .updateTable('runs')
      .set({
        status: request.body.status ?? existing.status,
        steps_completed: request.body.stepsCompleted ?? existing.steps_completed,
        updated_at: new Date(),
      })
      .where('id', '=', runId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await insertIssues(trx, organizationId, runId, issues);
    return run;
  });
  return { status: 200, body: await runBody(services.db, run) };
};

// ── catalogue ──

function hostOf(value: string): string | null {
  const text = value.trim();
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (!url.hostname) return null;
    return url.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** Projects of the organization one of whose sites has the URL's host (null: the URL has no host). */
export async function projectsForUrl(
  db: Db,
  organizationId: string,
  url: string,
): Promise<Array<{ id: string; name: string; sites: string[] }> | null> {
  const host = hostOf(url);
  if (!host) return null;
  const projects = await db
    .selectFrom('projects')
    .select(['id', 'name', 'sites'])
    .where('organization_id', '=', organizationId)
    .execute();
  return projects
    .map((p) => ({
      ...p,
      sites: (typeof p.sites === 'string' ? (JSON.parse(p.sites) as string[]) : p.sites) ?? [],
    }))
    .filter((p) => p.sites.some((site) => hostOf(site) === host));
}

export const getCatalogue: Handler<'getCatalogue'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const matching = await projectsForUrl(services.db, organizationId, request.query.url);
  if (!matching) throw fieldProblem('/query/url', 'field.url');
  if (matching.length === 0) return { status: 200, body: [] };
  const rows = await services.db
    .selectFrom('scenarios')
    .innerJoin('categories', 'categories.id', 'scenarios.category_id')
    .select([
      'scenarios.id',
      'scenarios.title',
      'scenarios.description',
      'scenarios.summary',
      'scenarios.min_duration',
      'scenarios.max_duration',
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
    .where(
      'categories.project_id',
      'in',
      matching.map((p) => p.id),
    )
    .orderBy('categories.name')
    .orderBy('scenarios.title')
    .orderBy('scenarios.id')
    .execute();
  const byId = new Map(matching.map((p) => [p.id, p]));
  const entries = rows.map((r): Schemas['CatalogueEntry'] => {
    const project = byId.get(r.project_id);
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      summary: r.summary,
      minDuration: r.min_duration,
      maxDuration: r.max_duration,
      stepCount: Number(r.step_count ?? 0),
      category: { id: r.category_id, name: r.category_name },
      project: { id: r.project_id, name: project?.name ?? '', sites: project?.sites ?? [] },
    };
  });
  entries.sort(
    (a, b) => a.project.name.localeCompare(b.project.name) || a.project.id.localeCompare(b.project.id),
  );
  return { status: 200, body: entries };
};

// ── dashboard ──

const DAY = 24 * 3600 * 1000;

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export const getDashboard: Handler<'getDashboard'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const db = services.db;
  const today = new Date(`${utcDay(new Date())}T00:00:00.000Z`);
  const start = new Date(today.getTime() - 29 * DAY);
  const count = (table: 'projects' | 'categories' | 'scenarios' | 'steps') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const perDay = (table: 'projects' | 'runs') =>
    sql<{
      day: string;
      n: number;
    }>`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
      FROM ${sql.table(table)} WHERE organization_id = ${organizationId} AND created_at >= ${start}
      GROUP BY 1`
      .execute(db)
      .then((r) => new Map(r.rows.map((row) => [row.day, Number(row.n)])));
  const projects = await count('projects');
  const categories = await count('categories');
  const scenarios = await count('scenarios');
  const steps = await count('steps');
  // Members who can sign in: a pending invitation is not a member yet (listInvitations).
  const members = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('memberships.organization_id', '=', organizationId)
    .where('users.password_hash', 'is not', null)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
  const published = await db
    .selectFrom('scenarios')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow();
  const created = await perDay('projects');
  const launched = await perDay('runs');
  const activity = Array.from({ length: 30 }, (_, i) => {
    const date = utcDay(new Date(start.getTime() + i * DAY));
    return { date, projectsCreated: created.get(date) ?? 0, guidesLaunched: launched.get(date) ?? 0 };
  });
  return {
    status: 200,
    body: {
      counts: {
        projects,
        categories,
        scenarios,
        publishedScenarios: Number(published.n),
        steps,
        members,
        guidesLaunched30d: activity.reduce((sum, d) => sum + d.guidesLaunched, 0),
      },
      activity,
      recentProjects: await loadProjects(db, organizationId, { limit: 5 }),
      guidesToRepair: await guidesToRepair(db, organizationId),
    },
  };
};

// ── translations (the catalogues of @mulot/i18n, read at request time) ──

async function readCatalogue<T>(specifier: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(fileURLToPath(import.meta.resolve(specifier)), 'utf8')) as T;
  } catch {
    return null;
  }
}

type LocaleEntry = { key: string; value: string };

export const listLocales: Handler<'listLocales'> = async () => {
  const locales = (await readCatalogue<LocaleEntry[]>('@mulot/i18n/locales.json')) ?? [];
  return { status: 200, body: { data: locales.map((l) => ({ key: l.key, value: l.value })) } };
};

export const getTranslations: Handler<'getTranslations'> = async (_services, request) => {
  const locale = request.params.locale;
  const locales = (await readCatalogue<LocaleEntry[]>('@mulot/i18n/locales.json')) ?? [];
  const messages = locales.some((l) => l.key === locale)
    ? await readCatalogue<Record<string, string>>(`@mulot/i18n/lang/${locale}.json`)
    : null;
  if (!messages) throw new HttpProblem('not-found', { key: 'locale-not-found', params: { locale } });
  return { status: 200, body: { data: messages } };
};
