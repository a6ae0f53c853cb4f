import { createQueryHooks } from '@mulot/api-client/react';
import { infiniteQueryOptions, QueryClient } from '@tanstack/react-query';
import { fetchClient, isRetryable } from './api';

// Only the signed-in pages (routes/app) import this module: TanStack Query stays out of the sign-in pages' first
// load. The hooks share api.ts's client, so both send the same headers.
export const $api = createQueryHooks(fetchClient);

const MINUTE = 60_000;

/**
 * Spec §9: 3 retries, backoff doubling from 1 s up to 30 s, unused data kept 5 minutes. A 4xx answer (other
 * than 429) is the same on every attempt, so it is shown at once rather than after 7 s of retries.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => failures < 3 && isRetryable(error),
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      gcTime: 5 * MINUTE,
      // What a route's loader just fetched is what its screen shows: without this, every screen mounted on stale
      // data and asked again at once (each visit of the projects page read the list twice). A write still
      // refetches at once (it invalidates); others' changes show on the next visit after these seconds.
      staleTime: 10_000,
    },
  },
});

/** Spec §7: the organizations list is cached 5 minutes, retried once and refetched when the window regains focus. */
export const organizationsQuery = $api.queryOptions(
  'get',
  '/organizations',
  {},
  { staleTime: 5 * MINUTE, retry: 1, refetchOnWindowFocus: true },
);

export const localesQuery = $api.queryOptions('get', '/translations/locales', {}, { staleTime: 60 * MINUTE });

/**
 * A list the API answers a page at a time (`{ items, nextCursor }`), for a search: `fetchPage` asks for `query`
 * (the page size, the search when there is one, the cursor after the first page). The key starts like every GET of
 * the same path, so a content write refetches it too.
 */
export function pagedQuery<TPage extends { nextCursor: string | null }>(
  path: string,
  params: Record<string, unknown>,
  search: string,
  size: number,
  fetchPage: (
    query: { limit: number; q?: string; cursor?: string },
    signal: AbortSignal,
  ) => Promise<TPage | undefined>,
) {
  const q = search.trim();
  return infiniteQueryOptions({
    queryKey: ['get', path, { params: { ...params, query: { q } } }, 'pages'] as const,
    queryFn: async ({ pageParam, signal }) =>
      (await fetchPage(
        { limit: size, ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      )) as TPage,
    initialPageParam: null as string | null,
    getNextPageParam: (last: TPage) => last.nextCursor,
  });
}
