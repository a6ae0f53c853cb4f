// Tag `categories`: the groups of guides inside a project.
import * as categories from '../repositories/categories.ts';
import { isCreatedKey } from '../repositories/pages.ts';
import { findProject, touchProject } from '../repositories/projects.ts';
import type { Handler } from '../types.ts';
import { decodeCursor, encodeCursor, organizationOf } from './context.ts';

export const listCategories: Handler<'listCategories'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { q, limit, cursor } = request.query;
  const after = cursor ? decodeCursor(cursor, isCreatedKey) : null;
  const project = await findProject(services.db, organizationId, request.params.id);
  const page = await categories.pageCategories(services.db, organizationId, project, {
    q: q ?? '',
    after,
    size: limit ?? 24,
  });
  return { status: 200, body: { items: page.items, nextCursor: page.next ? encodeCursor(page.next) : null } };
};

export const createCategory: Handler<'createCategory'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const id = await services.db.transaction().execute(async (trx) => {
    const project = await findProject(trx, organizationId, request.params.id);
    const created = await categories.insertCategory(trx, organizationId, project.id, {
      name: request.body.name.trim() || request.body.name,
      description: request.body.description ?? '',
    });
    await touchProject(trx, project.id);
    return created;
  });
  return {
    status: 201,
    body: await categories.categoryBody(services.db, organizationId, request.params.id, id),
  };
};

export const getCategory: Handler<'getCategory'> = async (services, request) => {
  const { id, categoryId } = request.params;
  return {
    status: 200,
    body: await categories.categoryBody(services.db, organizationOf(request), id, categoryId),
  };
};

export const updateCategory: Handler<'updateCategory'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, categoryId } = request.params;
  await services.db.transaction().execute(async (trx) => {
    await categories.updateCategory(trx, organizationId, id, categoryId, {
      name: request.body.name.trim() || request.body.name,
      description: request.body.description ?? '',
    });
    await touchProject(trx, id);
  });
  return { status: 200, body: await categories.categoryBody(services.db, organizationId, id, categoryId) };
};

export const deleteCategory: Handler<'deleteCategory'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, categoryId } = request.params;
  await services.db.transaction().execute(async (trx) => {
    await categories.deleteCategory(trx, organizationId, id, categoryId);
    await touchProject(trx, id);
  });
  return { status: 204, body: undefined };
};
