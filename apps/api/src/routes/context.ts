import type { ImageType } from '../db/schema.ts';
import { HttpProblem } from '../problems.ts';
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

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
