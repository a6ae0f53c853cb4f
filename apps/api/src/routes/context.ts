import type { ImageType } from '../db/schema.ts';
import { uuidPattern } from '../ids.ts';
import { fieldProblem, HttpProblem } from '../problems.ts';
import type { PagePosition, PageRequest } from '../repositories/pages.ts';
import { sniffImage } from '../storage.ts';
import type { Caller, OperationId, Request } from '../types.ts';

/** The signed-in caller (the access hook already answered 401 when there is none). */
export function callerOf<K extends OperationId>(request: Request<K>): Caller {
  if (!request.caller) throw new HttpProblem('unauthenticated');
  return request.caller;
}

/** The organization whose membership the access hook verified for this request. */
export function organizationOf<K extends OperationId>(request: Request<K>): string {
  const organizationId = request.caller?.organizationId;
  if (!organizationId) throw new HttpProblem('organization-required');
  return organizationId;
}

/** The cursor handed out as `nextCursor`: the last item's position, opaque to clients (base64url JSON). */
function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify([position.key, position.id])).toString('base64url');
}

/**
 * A cursor this server made, or a 400 on the parameter: a forged or truncated one must not reach the query.
 * `key` tells a well-formed position key of the list (a folded name, a creation time).
 */
function decodeCursor(cursor: string, key: (value: string) => boolean = () => true): PagePosition {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      key(value[0]) &&
      typeof value[1] === 'string' &&
      uuidPattern.test(value[1])
    )
      return { key: value[0], id: value[1] };
  } catch {
    // falls through to the refusal
  }
  throw fieldProblem('/query/cursor', 'field.invalid');
}

/** Items per page when a list's query names no `limit`. */
const DEFAULT_PAGE_SIZE = 24;

/** The page a list's query asks for (`q`, `limit`, `cursor`); `key` as for `decodeCursor`. */
export function pageRequest(
  query: { q?: string; limit?: number; cursor?: string },
  key?: (value: string) => boolean,
): PageRequest {
  return {
    q: query.q?.trim() ?? '',
    after: query.cursor ? decodeCursor(query.cursor, key) : null,
    size: query.limit ?? DEFAULT_PAGE_SIZE,
  };
}

/** A page as the contract answers it: its items and the cursor of the next one (null after the last). */
export function pageBody<T>(page: { items: T[]; next: PagePosition | null }): {
  items: T[];
  nextCursor: string | null;
} {
  return { items: page.items, nextCursor: page.next ? encodeCursor(page.next) : null };
}

const imageTypes = new Set<ImageType>(['image/png', 'image/jpeg', 'image/webp']);

/** The image of an upload request: a type we store, and bytes that are what the Content-Type says (415 if not). */
export function uploadedImage<K extends OperationId>(
  request: Request<K>,
): { contentType: ImageType; data: Buffer } {
  const declared = (request.contentType ?? '').split(';')[0]?.trim().toLowerCase() as ImageType;
  const data = request.rawBody;
  if (!imageTypes.has(declared) || !data) {
    throw new HttpProblem('unsupported-media-type', { params: { type: declared || '-' } });
  }
  if (sniffImage(data) !== declared) {
    throw new HttpProblem('unsupported-media-type', { key: 'image-mismatch', params: { type: declared } });
  }
  return { contentType: declared, data };
}
