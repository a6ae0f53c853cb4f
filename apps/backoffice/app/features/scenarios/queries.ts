import { allScenarios, type Schemas } from '@mulot/api-client';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchClient } from '#app/lib/api.ts';
import { once } from '#app/lib/content.ts';
import { $api } from '#app/lib/query.ts';

/** Guides per page of a category's screen. */
export const SCENARIOS_PAGE_SIZE = 24;

type CategoryPath = { id: string; categoryId: string };

/** A category's guides for a search (blank: all), oldest first, a page at a time. */
export const scenarioPagesQuery = (path: CategoryPath, search: string) => {
  const q = search.trim();
  return infiniteQueryOptions({
    queryKey: [
      'get',
      '/projects/{id}/categories/{categoryId}/scenarios',
      { params: { path, query: { q } } },
      'pages',
    ] as const,
    queryFn: async ({ pageParam, signal }) => {
      const { data } = await fetchClient.GET('/projects/{id}/categories/{categoryId}/scenarios', {
        params: {
          path,
          query: {
            limit: SCENARIOS_PAGE_SIZE,
            ...(q ? { q } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        },
        signal,
      });
      return data as Schemas['ScenarioPage'];
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
};

/** Every guide of a category, page after page: the guides a prerequisite may name. */
export const siblingScenariosQuery = (path: CategoryPath) =>
  queryOptions({
    queryKey: [
      'get',
      '/projects/{id}/categories/{categoryId}/scenarios',
      { params: { path } },
      'all',
    ] as const,
    queryFn: () => allScenarios(fetchClient, path),
  });

/**
 * The extension saves steps in another tab: coming back to the guide page refetches it, even when the cached copy
 * still counts as fresh, so the steps authored meanwhile are listed without a reload.
 */
export const scenarioQuery = (id: string) =>
  $api.queryOptions(
    'get',
    '/scenarios/{id}',
    { params: { path: { id } } },
    { ...once, refetchOnWindowFocus: 'always' },
  );
