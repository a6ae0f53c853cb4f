import { createApiClient, isApiError } from '@mulot/api-client';
import { QueryClient } from '@tanstack/react-query';
import { getLocale } from './i18n';
import { getOrganizationId } from './organization';
import { getToken } from './session';

/** The API root: same origin in production (apps/api serves this app), overridable at build time. */
const baseUrl = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api';

export const { fetchClient, $api } = createApiClient({
  baseUrl,
  getToken,
  getOrganizationId,
  getLocale,
});

const MINUTE = 60_000;

/**
 * Spec §9: 3 retries, backoff doubling from 1 s up to 30 s, unused data kept 5 minutes. A 4xx answer (other
 * than 429) is the same on every attempt, so it is shown at once rather than after 7 s of retries.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) =>
        failures < 3 && !(isApiError(error) && error.status < 500 && error.status !== 429),
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      gcTime: 5 * MINUTE,
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

/** The text to show for a failed call: the server's localized detail, else the error's message. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.problem.detail || error.problem.title;
  if (error instanceof Error) return error.message;
  return String(error);
}
