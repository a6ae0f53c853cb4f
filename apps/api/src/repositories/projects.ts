// projects: an organization's projects with their customer sites.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { ProjectRow } from '../db/schema.ts';
import { notFound } from '../problems.ts';
import type { Schemas } from '../types.ts';
import { containsPattern, cutPage, folded, type PagePosition, type PageRequest } from './pages.ts';

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
  siteKey: string;
  categories: Array<{ id: string; name: string; scenarioCount: number }>;
  createdAt: string;
  updatedAt: string;
  sortKey: string;
}

interface LoadOptions {
  id?: string;
  /** Most recently updated first (without `page`), at most this many (the dashboard's recent projects). */
  limit?: number;
  /** By folded name then id (the projects page): `size` items after `after`, among those matching `q`. */
  page?: PageRequest;
}

/**
 * Projects with their categories and counts, built as one JSON value by the database: one round trip whatever
 * the number of projects, which matters most on embedded PGlite.
 */
async function queryProjects(
  db: Db,
  organizationId: string,
  options: LoadOptions = {},
): Promise<Array<Schemas['Project'] & { sortKey: string }>> {
  const { page } = options;
  const needle = page ? containsPattern(page.q) : null;
  // "C" collation: the same byte order on every database, so the keyset comparison agrees with ORDER BY.
  const order = page ? sql`sort_key COLLATE "C", id` : sql`updated_at DESC, id`;
  // Set-based (hash joins over the organization's rows) rather than a subquery per project and category.
  const result = await sql<{ body: ProjectJson[] | string }>`
    WITH keyed AS (
      SELECT *, ${folded('name')} AS sort_key FROM projects
      WHERE organization_id = ${organizationId}
      ${options.id ? sql`AND id = ${options.id}` : sql``}
    ), chosen AS (
      SELECT * FROM keyed
      WHERE true
      ${needle ? sql`AND (sort_key LIKE ${needle} OR ${folded('description')} LIKE ${needle})` : sql``}
      ${page?.after ? sql`AND (sort_key COLLATE "C", id) > (${page.after.key} COLLATE "C", ${page.after.id}::uuid)` : sql``}
      ORDER BY ${order}
      ${page ? sql`LIMIT ${page.size}` : options.limit ? sql`LIMIT ${options.limit}` : sql``}
    ), counts AS (
      -- Only the chosen projects' guides: one project's figures (GET /projects/{id}, the dashboard's recent
      -- projects) once counted every guide of the organization, and a page of 24 must not count 25,000.
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
      'siteKey', p.site_key,
      'categories', coalesce(lists.categories, '[]'::json),
      'createdAt', ${isoUtc('p.created_at')},
      'updatedAt', ${isoUtc('p.updated_at')},
      'sortKey', p.sort_key
    ) ORDER BY ${page ? sql`p.sort_key COLLATE "C", p.id` : sql`p.updated_at DESC, p.id`}), '[]'::json) AS body
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
      siteKey: p.siteKey,
      categories,
      categoryCount: categories.length,
      scenarioCount: categories.reduce((sum, c) => sum + c.scenarioCount, 0),
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
      sortKey: p.sortKey,
    };
  });
}

/** Projects most recently updated first (all, or the `limit` first), or the one `id`. */
export async function loadProjects(
  db: Db,
  organizationId: string,
  options: { id?: string; limit?: number } = {},
): Promise<Schemas['Project'][]> {
  const found = await queryProjects(db, organizationId, options);
  return found.map(({ sortKey: _, ...project }) => project);
}

/** One page of the projects page: `size` projects by folded name after `after`, and where the next page starts. */
export async function pageProjects(
  db: Db,
  organizationId: string,
  page: PageRequest,
): Promise<{ items: Schemas['Project'][]; next: PagePosition | null }> {
  const found = await queryProjects(db, organizationId, { page: { ...page, size: page.size + 1 } });
  const { items, next } = cutPage(found, page.size, (project) => project.sortKey);
  return { items: items.map(({ sortKey: _, ...project }) => project), next };
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The projects page's three figures, over all of the organization's projects. */
export async function projectStats(db: Db, organizationId: string): Promise<Schemas['ProjectStats']> {
  const since = new Date(Date.now() - WEEK_MS);
  const result = await sql<{ total: number; with_scenarios: number; recent: number }>`
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM categories c JOIN scenarios s ON s.category_id = c.id
        WHERE c.project_id = p.id AND c.organization_id = ${organizationId}
      ))::int AS with_scenarios,
      count(*) FILTER (WHERE p.updated_at >= ${since})::int AS recent
    FROM projects p WHERE p.organization_id = ${organizationId}`.execute(db);
  const row = result.rows[0];
  return {
    total: Number(row?.total ?? 0),
    withScenarios: Number(row?.with_scenarios ?? 0),
    modifiedLast7Days: Number(row?.recent ?? 0),
  };
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

/**
 * A page's host as sites are matched on: its host name, lower case, without a leading "www.". Remembered by text:
 * every public call matches its Origin against the project's sites, the same few texts parsed again and again.
 */
export function hostOf(value: string): string | null {
  let host = knownHosts.get(value);
  if (host === undefined) {
    host = parseHost(value);
    if (knownHosts.size >= 5_000) knownHosts.clear();
    knownHosts.set(value, host);
  }
  return host;
}
const knownHosts = new Map<string, string | null>();

function parseHost(value: string): string | null {
  const text = value.trim();
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (!url.hostname) return null;
    return url.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/**
 * Projects of the organization one of whose sites has the URL's host (null: the URL has no host): the host name
 * without its port or a leading "www.", compared with the sites' hosts as migration 0015 indexes them.
 */
export async function projectsForUrl(
  db: Db,
  organizationId: string,
  url: string,
): Promise<Array<{ id: string; name: string; sites: string[] }> | null> {
  const host = hostOf(url);
  if (!host) return null;
  const projects = await sql<{ id: string; name: string; sites: unknown }>`
    SELECT id, name, sites FROM projects
    WHERE organization_id = ${organizationId} AND mulot_site_hosts(sites) @> ARRAY[${host}]::text[]`.execute(
    db,
  );
  return projects.rows.map((p) => ({ id: p.id, name: p.name, sites: sitesOf(p.sites) }));
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

/** The project a site key names, with its organization's content version; undefined for any other key. */
export async function projectBySiteKey(db: Db, key: string) {
  return db
    .selectFrom('projects')
    .innerJoin('organizations', 'organizations.id', 'projects.organization_id')
    .selectAll('projects')
    .select('organizations.content_version')
    .where('projects.site_key', '=', key)
    .executeTakeFirst();
}

/**
 * A new site key for the project (the database makes it, as for a new project); false when there is no such project.
 * Its sites are no longer seen: the snippet pasted with the old key stops, and the installation status says so
 * until a page calls with the new one.
 */
export async function rotateSiteKey(db: Db, organizationId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await sql`UPDATE projects SET site_key = DEFAULT, updated_at = now()
      WHERE id = ${id} AND organization_id = ${organizationId}`.execute(trx);
    if (Number(result.numAffectedRows ?? 0) === 0) return false;
    await sql`DELETE FROM site_sightings WHERE project_id = ${id}`.execute(trx);
    return true;
  });
}

/**
 * The project's sites in its order, each with the last public call seen from its host (migration 0017); undefined
 * when the organization has no such project.
 */
export async function projectDiffusion(
  db: Db,
  organizationId: string,
  id: string,
): Promise<Pick<Schemas['ProjectDiffusion'], 'sites'> | undefined> {
  const project = await db
    .selectFrom('projects')
    .select('sites')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!project) return undefined;
  const seen = await sql<{ host: string; origin: string; last_seen_at: string }>`
    SELECT host, origin, ${isoUtc('last_seen_at')} AS last_seen_at FROM site_sightings
    WHERE project_id = ${id}`.execute(db);
  const byHost = new Map(seen.rows.map((r) => [r.host, r]));
  return {
    sites: sitesOf(project.sites).map((site) => {
      const sighting = byHost.get(hostOf(site) ?? '');
      return { site, seenOrigin: sighting?.origin ?? null, lastSeenAt: sighting?.last_seen_at ?? null };
    }),
  };
}

/** Whether a page or a browser's Origin is on one of the sites, by the host rule the catalogue matches pages with. */
export function onSites(sites: unknown, address: string): boolean {
  const host = hostOf(address);
  return host !== null && sitesOf(sites).some((site) => hostOf(site) === host);
}
