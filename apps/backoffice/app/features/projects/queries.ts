import { allProjects, type Schemas } from '@mulot/api-client';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchClient } from '#app/lib/api.ts';
import { once } from '#app/lib/content.ts';
import { $api } from '#app/lib/query.ts';

/** Projects per page of the projects screen: two screens of cards, a light first answer (spec: no list freezes). */
export const PROJECTS_PAGE_SIZE = 24;

/**
 * The projects screen's pages for a search (blank: every project), by name; the next page starts at the previous
 * one's `nextCursor`. The key starts like every other GET /projects key, so a content write refetches it too.
 * The same object primes the cache in the route's clientLoader and feeds the component's useInfiniteQuery.
 */
export const projectPagesQuery = (search: string) => {
  const q = search.trim();
  return infiniteQueryOptions({
    queryKey: ['get', '/projects', { params: { query: { q } } }, 'pages'] as const,
    queryFn: async ({ pageParam, signal }) => {
      const { data } = await fetchClient.GET('/projects', {
        params: {
          query: {
            limit: PROJECTS_PAGE_SIZE,
            ...(q ? { q } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        },
        signal,
      });
      return data as Schemas['ProjectPage'];
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
};

/** Every project, page after page: for the pickers that offer them all (the assistant, a new guide's project). */
export const allProjectsQuery = queryOptions({
  queryKey: ['get', '/projects', 'all'] as const,
  queryFn: () => allProjects(fetchClient),
});

export const projectQuery = (id: string) =>
  $api.queryOptions('get', '/projects/{id}', { params: { path: { id } } }, once);
