import { fetchClient } from '#app/lib/api.ts';
import { once } from '#app/lib/content.ts';
import { $api, pagedQuery } from '#app/lib/query.ts';

/** Categories per page of a project's screen, as many as projects on theirs. */
const CATEGORIES_PAGE_SIZE = 24;

/** A project's categories for a search (blank: all), oldest first, a page at a time. */
export const categoryPagesQuery = (id: string, search: string) =>
  pagedQuery(
    '/projects/{id}/categories',
    { path: { id } },
    search,
    CATEGORIES_PAGE_SIZE,
    async (query, signal) =>
      (await fetchClient.GET('/projects/{id}/categories', { params: { path: { id }, query }, signal })).data,
  );

export const categoryQuery = (id: string, categoryId: string) =>
  $api.queryOptions(
    'get',
    '/projects/{id}/categories/{categoryId}',
    { params: { path: { id, categoryId } } },
    once,
  );
