import { isApiError } from '@mulot/api-client';
import type { Query } from '@tanstack/react-query';
import type { IntlShape } from 'react-intl';
import { errorMessage, logFailure } from './api';
import { contentMessages } from './content-messages';
import { appMessages } from './messages';
import { selectOrganization } from './organization';
import { $api, organizationsQuery, queryClient } from './query';
import { isAuthenticated } from './session';
import { toast } from './toast';

// Query options of the content screens: the same object primes the cache in a route's clientLoader and feeds
// the component's useQuery, so a navigation renders from the cache and refetches in the background.
export const projectsQuery = $api.queryOptions('get', '/projects');
// The loader already asked (prime): a record that failed there is not asked again just because its screen
// mounted, so a 404 is requested once (the screen shows it at once; a 5xx offers "Réessayer").
const once = { retryOnMount: false } as const;
export const projectQuery = (id: string) =>
  $api.queryOptions('get', '/projects/{id}', { params: { path: { id } } }, once);
export const categoriesQuery = (id: string) =>
  $api.queryOptions('get', '/projects/{id}/categories', { params: { path: { id } } });
export const categoryQuery = (id: string, categoryId: string) =>
  $api.queryOptions(
    'get',
    '/projects/{id}/categories/{categoryId}',
    { params: { path: { id, categoryId } } },
    once,
  );
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

/**
 * Loaders of child routes run beside the layout's: the current organization must be chosen before the first
 * content request, or it would go out without `x-organization-id`.
 */
async function organizationChosen(): Promise<boolean> {
  if (!isAuthenticated()) return false;
  try {
    return selectOrganization(await queryClient.ensureQueryData(organizationsQuery)) !== null;
  } catch {
    return false;
  }
}

/** Primes the cache for a screen; a failure is left to the screen's own error state. */
export async function prime(...queries: { queryKey: readonly unknown[] }[]) {
  if (!(await organizationChosen())) return;
  await Promise.all(queries.map((query) => queryClient.prefetchQuery(query as never)));
}

const contentPaths = ['/projects', '/scenarios', '/dashboard', '/catalogue'];

function isContentQuery(query: Query): boolean {
  const [method, path] = query.queryKey;
  return method === 'get' && typeof path === 'string' && contentPaths.some((p) => path.startsWith(p));
}

/**
 * After any change to projects, categories or scenarios, every list, detail, count and the dashboard may be
 * stale (counts and "modified" dates roll up), so all of them refetch.
 */
export function invalidateContent() {
  return queryClient.invalidateQueries({ predicate: isContentQuery });
}

/** Forgets a deleted entity's detail, so that nothing refetches a 404 after leaving its page. */
export function forget(query: { queryKey: readonly unknown[] }) {
  queryClient.removeQueries({ queryKey: query.queryKey as unknown[], exact: true });
}

/**
 * Spec §8: failed creates, updates and deletes are logged; when nothing on screen shows the failure (no open
 * dialog to carry it), a destructive toast does, titled "Erreur de mise à jour" for a change to something
 * that exists.
 */
export function reportFailure(
  intl: IntlShape,
  action: string,
  error: unknown,
  { toast: show = true, update = false } = {},
) {
  logFailure(`[content] ${action}`, error);
  if (show)
    toast({
      title: intl.formatMessage(update ? appMessages.updateError : appMessages.error),
      description: errorMessage(error),
      variant: 'destructive',
    });
}

/**
 * The version a write is based on (the one the screen loaded), so that the API refuses it with 412 when another
 * author saved in between instead of silently overwriting their change.
 */
export function basedOn(version: number) {
  return { 'If-Match': `"${version}"` };
}

/** Another author saved this guide since it was loaded (412). */
export function isStale(error: unknown): boolean {
  return isApiError(error) && error.status === 412;
}

/** Tells the author their change was refused and reloads the guide, so they see (and build on) the saved one. */
export async function reloadStale(intl: IntlShape, { toast: show = true } = {}) {
  console.warn('[content] refused: the guide changed since it was loaded; reloading');
  if (show)
    toast({
      title: intl.formatMessage(contentMessages.staleGuide),
      description: intl.formatMessage(contentMessages.staleGuideReloaded),
      variant: 'destructive',
    });
  await invalidateContent();
}

// The fields of each content form that a refusal (`errors[]` of a 400) can name.
export const PROJECT_FIELDS = ['name', 'description', 'sites'] as const;
export const CATEGORY_FIELDS = ['name', 'description'] as const;
export const GUIDE_FIELDS = ['title', 'description', 'summary', 'minDuration', 'maxDuration'] as const;
