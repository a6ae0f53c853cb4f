import { createQueryHooks } from '@mulot/api-client/react';
import { QueryClient } from '@tanstack/react-query';
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
