// What every paged list shares: where a page starts, the search's folding, and the order by creation.
import { sql } from 'kysely';

/** Position after which the next page starts: the last item's sort key and id. */
export interface PagePosition {
  key: string;
  id: string;
}

/** A page to read: `size` items after `after`, among those matching `q` (blank: all). */
export interface PageRequest {
  q: string;
  after: PagePosition | null;
  size: number;
}

/**
 * A text folded as the back-office's search always folded it (ui `matchesSearch`): decomposed, accents (combining
 * marks) removed, lower case. The same expression orders the projects page and searches every list, so a search
 * never disagrees with the order, on PGlite as on PostgreSQL (both UTF-8, `normalize` since PostgreSQL 13).
 */
export const folded = (column: string) =>
  sql.raw(`lower(regexp_replace(normalize(${column}, NFD), '[\\u0300-\\u036f]', '', 'g'))`);

/** The search text folded in JavaScript the same way, for the LIKE pattern. */
function foldSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The LIKE pattern of "contains `q`" over folded text, or null for a blank search. */
export function containsPattern(q: string): string | null {
  const text = q.trim();
  return text ? `%${foldSearch(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

/**
 * A creation time as a page position: PostgreSQL's own text of the timestamp, to the microsecond (a JavaScript
 * Date keeps milliseconds, and two rows created in the same millisecond would then be skipped or repeated).
 */
export const createdKey = (column: string) => sql.raw(`${column}::text`);

/** What `createdKey` writes: a cursor carrying anything else is refused before it reaches a query. */
export const isCreatedKey = (value: string) =>
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.test(value);

/** One more item than asked tells whether a next page exists without a count. */
export function cutPage<T extends { id: string }>(
  found: T[],
  size: number,
  keyOf: (item: T) => string,
): { items: T[]; next: PagePosition | null } {
  const items = found.slice(0, size);
  const last = items.at(-1);
  return { items, next: found.length > size && last ? { key: keyOf(last), id: last.id } : null };
}
