// categories: the groups of guides inside a project.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { ProjectRow } from '../db/schema.ts';
import { notFound } from '../problems.ts';
import type { Schemas } from '../types.ts';
import { iso } from './dates.ts';
import { findProject, sitesOf } from './projects.ts';
import { scenarioSummaries, summaryBody } from './scenarios.ts';

type CategoryFull = Schemas['Category'];

export async function categoryBodies(
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

export async function categoryBody(db: Db, organizationId: string, projectId: string, categoryId: string) {
  const project = await findProject(db, organizationId, projectId);
  const [category] = await categoryBodies(db, organizationId, project, categoryId);
  if (!category) throw notFound('category-not-found');
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
