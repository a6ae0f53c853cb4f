import { isStale } from '@mulot/api-client';
import { type Query, useMutation } from '@tanstack/react-query';
import { type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';
import { errorMessage, logFailure } from './api';
import { contentMessages } from './content-messages';
import { appMessages } from './messages';
import { selectOrganization } from './organization';
import { organizationsQuery, queryClient } from './query';
import { isAuthenticated } from './session';
import { toast } from './toast';

/**
 * For a record's detail: the loader already asked (prime), so a record that failed there is not asked again just
 * because its screen mounted, and a 404 is requested once (the screen shows it at once; a 5xx offers "Réessayer").
 */
export const once = { retryOnMount: false } as const;

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
  await Promise.all(
    queries.map((query) =>
      // A paged list (useInfiniteQuery) is primed with its first page.
      'initialPageParam' in query
        ? queryClient.prefetchInfiniteQuery(query as never)
        : queryClient.prefetchQuery(query as never),
    ),
  );
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
function invalidateContent() {
  return queryClient.invalidateQueries({ predicate: isContentQuery });
}

/** Forgets a deleted entity's detail, so that nothing refetches a 404 after leaving its page. */
function forget(query: { queryKey: readonly unknown[] }) {
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

/** Tells the author their change was refused and reloads the guide, so they see (and build on) the saved one. */
async function reloadStale(intl: IntlShape, { toast: show = true } = {}) {
  console.warn('[content] refused: the guide changed since it was loaded; reloading');
  if (show)
    toast({
      title: intl.formatMessage(contentMessages.staleGuide),
      description: intl.formatMessage(contentMessages.staleGuideReloaded),
      variant: 'destructive',
    });
  await invalidateContent();
}

type QueryRef = { queryKey: readonly unknown[] };

/** What a content write does once it is done or refused, the same on every screen that makes it. */
export interface WriteEffects<V, R> {
  /** Names the write in the log of a failure (spec §8). */
  action: string;
  /** The confirmation toast's title. */
  done: (variables: V, result: R) => MessageDescriptor;
  /** The cached detail of what the write deleted, forgotten once the screen showing it is left. */
  forgets?: (variables: V) => QueryRef;
  /** A failure is also shown by a toast (no open dialog carries it), titled as an update error or not. */
  failureToast?: 'error' | 'update';
  /** A 412 (the guide changed meanwhile) reloads it; the toast says so unless the screen does it itself. */
  staleToast?: boolean;
}

export interface WriteOptions<R> {
  /** Runs once the write is done, before the toast: closes what showed it (and navigates away from it). */
  onDone?: (result: R) => unknown;
  /** Runs when the write was refused because the guide changed meanwhile, before it reloads. */
  onStale?: () => void;
}

/**
 * One content write as every screen makes it: the call, then the toast and the refetch of everything that rolls
 * up (or, when refused, the log and the message, and the reload of a guide changed meanwhile). `run` resolves to
 * the answer, or undefined when refused; `isPending`, `error` and `reset` feed the form or dialog.
 */
export function useContentWrite<V, R>(write: (variables: V) => Promise<R>, effects: WriteEffects<V, R>) {
  const intl = useIntl();
  const mutation = useMutation({ mutationFn: write });
  const run = async (variables: V, options: WriteOptions<R> = {}): Promise<R | undefined> => {
    let result: R;
    try {
      result = await mutation.mutateAsync(variables);
    } catch (error) {
      if (isStale(error)) {
        options.onStale?.();
        await reloadStale(intl, { toast: effects.staleToast ?? true });
        return undefined;
      }
      const show = effects.failureToast !== undefined;
      reportFailure(intl, effects.action, error, { toast: show, update: effects.failureToast === 'update' });
      return undefined;
    }
    await options.onDone?.(result);
    if (effects.forgets) forget(effects.forgets(variables));
    toast({ title: intl.formatMessage(effects.done(variables, result)) });
    await invalidateContent();
    return result;
  };
  return { isPending: mutation.isPending, error: mutation.error, reset: mutation.reset, run };
}

// The fields of each content form that a refusal (`errors[]` of a 400) can name.
export const PROJECT_FIELDS = ['name', 'description', 'sites'] as const;
export const CATEGORY_FIELDS = ['name', 'description'] as const;
export const GUIDE_FIELDS = ['title', 'description', 'summary', 'minDuration', 'maxDuration'] as const;
