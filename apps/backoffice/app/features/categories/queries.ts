import { once } from '#app/lib/content.ts';
import { $api } from '#app/lib/query.ts';

export const categoriesQuery = (id: string) =>
  $api.queryOptions('get', '/projects/{id}/categories', { params: { path: { id } } });

export const categoryQuery = (id: string, categoryId: string) =>
  $api.queryOptions(
    'get',
    '/projects/{id}/categories/{categoryId}',
    { params: { path: { id, categoryId } } },
    once,
  );
