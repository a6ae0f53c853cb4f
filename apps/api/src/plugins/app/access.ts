// Who may call an operation, as openapi.yaml declares it (x-access, x-rate-limit), checked before the body is read.
import type { FastifyRequest } from 'fastify';
import type { OperationRules } from '../../contract.ts';
import { uuidPattern } from '../../ids.ts';
import { HttpProblem } from '../../problems.ts';
import { refuseAfter } from '../../rate-limit.ts';
import { accessRow, touchLastActive } from '../../repositories/users.ts';
import type { OperationId, Services } from '../../types.ts';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

const lastActiveEveryMs = 5 * 60 * 1000;

/**
 * Authentication, organization membership and role, before the body is even read: the operation's onRequest hooks
 * (none for a public operation without the auth limit; the public calls' site key is checked once the query is
 * valid, plugins/app/site.ts).
 */
export function accessHook(services: Services, operationId: OperationId, rules: OperationRules) {
  const { access } = rules;
  if (access === 'public') {
    // Login counts its request in the same statement as it checks the failed-login limits (handler).
    if (rules.rateLimit !== 'auth' || operationId === 'login') return [];
    return [
      async (request: FastifyRequest): Promise<void> => {
        refuseAfter(await services.limits.take([{ bucket: 'auth-request', key: `client:${request.ip}` }]));
      },
    ];
  }
  return [memberHook(services, access)];
}

function memberHook(services: Services, access: Exclude<OperationRules['access'], 'public'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearer(request);
    const claims = token ? await services.tokens.verify(token) : null;
    if (!claims || !uuidPattern.test(claims.userId)) throw new HttpProblem('unauthenticated');
    const header = request.headers['x-organization-id'];
    const organizationId =
      typeof header === 'string' && uuidPattern.test(header) ? header.toLowerCase() : null;
    const row = services.accessRows
      ? await services.accessRows.read(services.db, claims.userId, organizationId)
      : await accessRow(services.db, claims.userId, organizationId);
    // A password change bumps token_version: every token issued before it stops working.
    if (!row || row.token_version !== claims.tokenVersion || !row.password_hash) {
      throw new HttpProblem('unauthenticated');
    }
    // A copy: the row may be kept for the next requests, whatever this one's handler does with its caller.
    const { role, content_version: contentVersion, ...user } = row;
    // The team page's "last active": refreshed at most every 5 minutes, one write per busy session and period.
    if (!user.last_active_at || Date.now() - new Date(user.last_active_at).getTime() > lastActiveEveryMs) {
      await touchLastActive(services.db, user.id);
    }
    if (access === 'user') {
      request.caller = { user, organizationId: role ? organizationId : null, role, contentVersion: null };
      return;
    }
    if (!organizationId) throw new HttpProblem('organization-required');
    // A platform administrator may act in an organization they are not a member of, if it exists.
    if (!role && !(user.is_admin && contentVersion !== null)) throw new HttpProblem('organization-required');
    if (access === 'admin' && role !== 'Admin' && !user.is_admin) {
      throw new HttpProblem('forbidden', { key: 'admin-only' });
    }
    request.caller = { user, organizationId, role, contentVersion };
  };
}
