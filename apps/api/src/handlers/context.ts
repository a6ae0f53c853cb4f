import { HttpProblem } from '../problems.ts';
import type { Caller, OperationId, Request } from './types.ts';

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

export function iso(date: Date | string): string {
  return (date instanceof Date ? date : new Date(date)).toISOString();
}
