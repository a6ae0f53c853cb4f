import type { Schemas } from '@mulot/api-client';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { fetchClient } from '#app/lib/api.ts';
import { once } from '#app/lib/content.ts';
import { $api } from '#app/lib/query.ts';

/** Categories per page of a project's screen, as many as projects on theirs. */
export const CATEGORIES_PAGE_SIZE = 24;

/**
 * A project's categories for a search (blank: all), oldest first, a page at a time. The key starts like every
 * other GET of the project's categories, so a content write refetches it too.
 */
export const categoryPagesQuery = (id: string, search: string) => {
  const q = search.trim();
  return infiniteQueryOptions({
    queryKey: [
      'get',
      '/projects/{id}/categories',
      { params: { path: { id }, query: { q } } },
      'pages',
    ] as const,
    queryFn: async ({ pageParam, signal }) => {
      const { data } = await fetchClient.GET('/projects/{id}/categories', {
        params: {
          path: { id },
          query: {
            limit: CATEGORIES_PAGE_SIZE,
            ...(q ? { q } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        },
        signal,
      });
      return data as Schemas['CategoryPage'];
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
};

export const categoryQuery = (id: string, categoryId: string) =>
  $api.queryOptions(
    'get',
    '/projects/{id}/categories/{categoryId}',
    { params: { path: { id, categoryId } } },
    once,
  );
