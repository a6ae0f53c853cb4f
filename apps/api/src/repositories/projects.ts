// projects: an organization's projects with their customer sites.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { ProjectRow } from '../db/schema.ts';
import { notFound } from '../problems.ts';
import type { Schemas } from '../types.ts';

export function sitesOf(value: unknown): string[] {
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
      -- Only the chosen projects' guides: one project's figures (GET /projects/{id}, the dashboard's recent
      -- projects) once counted every guide of the organization.
      SELECT s.category_id, count(*)::int AS n FROM scenarios s
      WHERE s.organization_id = ${organizationId} AND s.category_id IN (
        SELECT c.id FROM categories c
        WHERE c.organization_id = ${organizationId} AND c.project_id IN (SELECT id FROM chosen))
      GROUP BY s.category_id
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

export async function findProject(db: Db, organizationId: string, id: string): Promise<ProjectRow> {
  const project = await db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!project) throw notFound('project-not-found');
  return project;
}

export async function projectBody(db: Db, organizationId: string, id: string): Promise<Schemas['Project']> {
  const [body] = await loadProjects(db, organizationId, { id });
  if (!body) throw notFound('project-not-found');
  return body;
}

/** Anything changing inside a project makes it "modified" for the projects page. */
export async function touchProject(db: Db, projectId: string): Promise<void> {
  await db.updateTable('projects').set({ updated_at: new Date() }).where('id', '=', projectId).execute();
}

/** touchProject, for the project of a category (a scenario changed). */
export async function touchProjectOfCategory(db: Db, categoryId: string): Promise<void> {
  await db
    .updateTable('projects')
    .set({ updated_at: new Date() })
    .where('id', '=', (eb) => eb.selectFrom('categories').select('project_id').where('id', '=', categoryId))
    .execute();
}

interface ProjectValues {
  name: string;
  description: string;
  sites: string[];
}

export async function insertProject(db: Db, organizationId: string, values: ProjectValues): Promise<string> {
  const project = await db
    .insertInto('projects')
    .values({
      id: randomUUID(),
      organization_id: organizationId,
      name: values.name,
      description: values.description,
      sites: JSON.stringify(values.sites),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return project.id;
}

/** False when the organization has no such project. */
export async function updateProject(
  db: Db,
  organizationId: string,
  id: string,
  values: ProjectValues,
): Promise<boolean> {
  const result = await db
    .updateTable('projects')
    .set({
      name: values.name,
      description: values.description,
      sites: JSON.stringify(values.sites),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * One statement: the foreign keys cascade to categories, scenarios, steps, screenshots, prerequisites and runs
 * within the statement's transaction. False when the organization has no such project.
 */
export async function deleteProject(db: Db, organizationId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('projects')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

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

/** The sites of the project a scenario of the organization belongs to (empty when there is no such scenario). */
export async function sitesOfScenario(db: Db, organizationId: string, scenarioId: string): Promise<string[]> {
  const row = await db
    .selectFrom('scenarios')
    .innerJoin('categories', 'categories.id', 'scenarios.category_id')
    .innerJoin('projects', 'projects.id', 'categories.project_id')
    .select('projects.sites')
    .where('scenarios.id', '=', scenarioId)
    .where('scenarios.organization_id', '=', organizationId)
    .executeTakeFirst();
  return row ? sitesOf(row.sites) : [];
}
