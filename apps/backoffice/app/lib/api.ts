import { createClient, type FieldError, isApiError } from '@mulot/api-client';
import { useMemo } from 'react';
import { getIntl, getLocale } from './intl';
import { appMessages } from './messages';
import { getOrganizationId } from './organization';
import { getToken } from './session';

/** The API root: same origin in production (apps/api serves this app), overridable at build time. */
export const apiRoot = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api';

// The query cache and hooks are in query.ts: the sign-in pages call the API with this client alone.
export const fetchClient = createClient({
  baseUrl: apiRoot,
  getToken,
  getOrganizationId,
  getLocale,
});

/** The record asked for does not exist (or not in this organization): a state of its own, never retried. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/**
 * Whether trying again can help: a network failure (no answer), a 5xx or a 429. Any other refusal is the same
 * on every attempt, so the screens offer no "Réessayer" for it.
 */
export function isRetryable(error: unknown): boolean {
  return !isApiError(error) || error.status >= 500 || error.status === 429;
}

/** The text to show for a failed call: the server's localized detail, else the error's message. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.problem.detail || error.problem.title;
  if (error instanceof Error && error.message) return error.message;
  return getIntl().formatMessage(appMessages.unknownError);
}

/** A refusal split between the form's fields and what belongs to none of them. */
export interface Refusal<F extends string> {
  /** Per field, the server's message (already in the user's language); null when none is named. */
  fields: Partial<Record<F, string>> | null;
  /** What no field carries: for the form's alert or a toast; null when every problem is on a field. */
  rest: string | null;
}

/**
 * The form field a body problem's JSON pointer names (`/name`, `/credentials/email`, `/sites/2`): its last
 * named segment, else its first, when the form has such a field. Path, query and header problems are no field's.
 */
function fieldOf<F extends string>(problem: FieldError, fields: readonly F[]): F | null {
  if (problem.in !== 'body') return null;
  const named = problem.pointer.split('/').filter((segment) => segment && !/^\d+$/.test(segment));
  for (const candidate of [named[named.length - 1], named[0]])
    if (candidate && (fields as readonly string[]).includes(candidate)) return candidate as F;
  return null;
}

/** Splits a failed call into messages for the form's `fields` (from the problem's `errors[]`) and the rest. */
export function refusalOf<F extends string>(error: unknown, fields: readonly F[]): Refusal<F> {
  if (!error) return { fields: null, rest: null };
  const problems = isApiError(error) ? (error.problem.errors ?? []) : [];
  const onFields: Partial<Record<F, string>> = {};
  const elsewhere: string[] = [];
  for (const problem of problems) {
    const field = fieldOf(problem, fields);
    if (field) onFields[field] ??= problem.message;
    else elsewhere.push(problem.message);
  }
  const named = Object.keys(onFields).length > 0;
  return {
    fields: named ? onFields : null,
    rest: !named ? errorMessage(error) : elsewhere.length ? elsewhere.join(' ') : null,
  };
}

/** `refusalOf` kept stable while the error is the same, so the form sets its field errors once per answer. */
export function useRefusal<F extends string>(error: unknown, fields: readonly F[]): Refusal<F> {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field list is a constant of each screen
  return useMemo(() => refusalOf(error, fields), [error]);
}

/**
 * Spec §8: a failed call is logged. A refusal the screen handles (a problem+json answer: wrong password,
 * conflict, validation) is one warning line, not an error with a stack trace; anything unexpected (network,
 * a bug) stays an error with its stack.
 */
export function logFailure(action: string, error: unknown): void {
  if (isApiError(error)) console.warn(`${action} refused: ${error.status} ${errorMessage(error)}`);
  else console.error(`${action} failed:`, error);
}
