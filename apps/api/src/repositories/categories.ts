// categories: the groups of guides inside a project.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { CategoryRow, ProjectRow } from '../db/schema.ts';
import { notFound } from '../problems.ts';
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
import { findProject, sitesOf } from './projects.ts';

/**
 * A project's categories with their guide counts, oldest first: one (`categoryId`), or one page of those matching
 * `q` (one more than asked, for `cutPage`). Counted in SQL: a category's guides are never loaded to be counted.
 */
async function queryCategories(
  db: Db,
  organizationId: string,
  project: ProjectRow,
  choice: { categoryId: string } | { page: PageRequest },
): Promise<Array<Schemas['Category'] & { position: string }>> {
  const page = 'page' in choice ? choice.page : null;
  const needle = page ? containsPattern(page.q) : null;
  const result = await sql<
    CategoryRow & { position: string; scenario_count: number; published_count: number }
  >`
    SELECT c.*, ${createdKey('c.created_at')} AS position, n.scenario_count, n.published_count
    FROM categories c
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS scenario_count, (count(*) FILTER (WHERE s.status = 'published'))::int AS published_count
      FROM scenarios s WHERE s.organization_id = ${organizationId} AND s.category_id = c.id
    ) n
    WHERE c.organization_id = ${organizationId} AND c.project_id = ${project.id}
    ${'categoryId' in choice ? sql`AND c.id = ${choice.categoryId}` : sql``}
    ${needle ? sql`AND (${folded('c.name')} LIKE ${needle} OR ${folded('c.description')} LIKE ${needle})` : sql``}
    ${page?.after ? sql`AND (c.created_at, c.id) > (${page.after.key}::timestamptz, ${page.after.id}::uuid)` : sql``}
    ORDER BY c.created_at, c.id
    ${page ? sql`LIMIT ${page.size + 1}` : sql``}`.execute(db);
  const projectRef = { id: project.id, name: project.name, sites: sitesOf(project.sites) };
  return result.rows.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    scenarioCount: Number(c.scenario_count),
    publishedCount: Number(c.published_count),
    project: projectRef,
    createdAt: iso(c.created_at),
    updatedAt: iso(c.updated_at),
    position: c.position,
  }));
}

/** One page of a project's categories, oldest first, and where the next page starts. */
export async function pageCategories(
  db: Db,
  organizationId: string,
  project: ProjectRow,
  page: PageRequest,
): Promise<{ items: Schemas['Category'][]; next: PagePosition | null }> {
  const found = await queryCategories(db, organizationId, project, { page });
  const { items, next } = cutPage(found, page.size, (category) => category.position);
  return { items: items.map(({ position: _, ...category }) => category), next };
}

export async function categoryBody(
  db: Db,
  organizationId: string,
  projectId: string,
  categoryId: string,
): Promise<Schemas['Category']> {
  const project = await findProject(db, organizationId, projectId);
  const [found] = await queryCategories(db, organizationId, project, { categoryId });
  if (!found) throw notFound('category-not-found');
  const { position: _, ...category } = found;
  return category;
}

/** 404 unless the project has this category (without reading it). */
export async function checkCategory(db: Db, organizationId: string, projectId: string, categoryId: string) {
  const category = await db
    .selectFrom('categories')
    .select('id')
    .where('id', '=', categoryId)
    .where('project_id', '=', projectId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!category) throw notFound('category-not-found');
}

interface CategoryValues {
  name: string;
  description: string;
}

export async function insertCategory(
  trx: Db,
  organizationId: string,
  projectId: string,
  values: CategoryValues,
): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('categories')
    .values({ id, organization_id: organizationId, project_id: projectId, ...values })
    .execute();
  return id;
}

/** 404 when the project has no such category. */
export async function updateCategory(
  trx: Db,
  organizationId: string,
  projectId: string,
  categoryId: string,
  values: CategoryValues,
): Promise<void> {
  const result = await trx
    .updateTable('categories')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', categoryId)
    .where('project_id', '=', projectId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('category-not-found');
}

/** 404 when the project has no such category. */
export async function deleteCategory(trx: Db, organizationId: string, projectId: string, categoryId: string) {
  const result = await trx
    .deleteFrom('categories')
    .where('id', '=', categoryId)
    .where('project_id', '=', projectId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('category-not-found');
}
