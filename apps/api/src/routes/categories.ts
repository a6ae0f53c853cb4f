// Tag `categories`: the groups of guides inside a project.
import * as categories from '../repositories/categories.ts';
import { isCreatedKey } from '../repositories/pages.ts';
import { findProject, touchProject } from '../repositories/projects.ts';
import type { Handler } from '../types.ts';
import { organizationOf, pageBody, pageRequest } from './context.ts';

export const listCategories: Handler<'listCategories'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const asked = pageRequest(request.query, isCreatedKey);
  const project = await findProject(services.db, organizationId, request.params.id);
  const page = await categories.pageCategories(services.db, organizationId, project, asked);
  return { status: 200, body: pageBody(page) };
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
