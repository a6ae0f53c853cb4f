// Tag `organizations`: the organizations the caller can act in, the invitations waiting for their answer, creating
// one's own and leaving one.
import { randomUUID } from 'node:crypto';
import { fieldProblem, HttpProblem, notFound } from '../problems.ts';
import * as codes from '../repositories/auth-codes.ts';
import { iso } from '../repositories/dates.ts';
import * as memberships from '../repositories/memberships.ts';
import {
  everyOrganizationFor,
  insertOrganization,
  organizationsOf,
  renameOrganization as renameOrganizationRow,
} from '../repositories/organizations.ts';
import type { Handler } from '../types.ts';
import { callerOf, organizationOf } from './context.ts';

export const listOrganizations: Handler<'listOrganizations'> = async (services, request) => {
  const { user } = callerOf(request);
  if (user.is_admin) {
    // A platform administrator sees every organization: their own first, in membership order, then the rest by name.
    const rows = await everyOrganizationFor(services.db, user.id);
    rows.sort((a, b) => {
      if (a.joined && b.joined) return new Date(a.joined).getTime() - new Date(b.joined).getTime();
      if (a.joined) return -1;
      if (b.joined) return 1;
      return a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
    });
    return { status: 200, body: rows.map((r) => ({ id: r.id, name: r.name, role: r.role })) };
  }
  return { status: 200, body: await organizationsOf(services.db, user.id) };
};

export const createOrganization: Handler<'createOrganization'> = async (services, request) => {
  const { user } = callerOf(request);
  const name = request.body.name.trim();
  if (name === '') throw fieldProblem('/body/name', 'field.minLength', { limit: 1 });
  const id = randomUUID();
  await services.db.transaction().execute(async (trx) => {
    await insertOrganization(trx, id, name);
    await memberships.addMembership(trx, id, user.id, 'Admin');
  });
  return { status: 201, body: { id, name, role: 'Admin' } };
};

export const renameOrganization: Handler<'renameOrganization'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const name = request.body.name.trim();
  if (name === '') throw fieldProblem('/body/name', 'field.minLength', { limit: 1 });
  const renamed = await renameOrganizationRow(services.db, organizationId, name);
  if (!renamed) throw notFound();
  return { status: 200, body: { ...renamed, role: callerOf(request).role } };
};

export const listMyInvitations: Handler<'listMyInvitations'> = async (services, request) => {
  const rows = await memberships.invitationsFor(services.db, callerOf(request).user.id);
  return {
    status: 200,
    body: rows.map((row) => ({
      organization: { id: row.id, name: row.name },
      role: row.role,
      invitedAt: iso(row.created_at),
      invitedBy:
        row.inviter_email === null
          ? null
          : { firstname: row.firstname ?? '', lastname: row.lastname ?? '', email: row.inviter_email },
    })),
  };
};

export const acceptMyInvitation: Handler<'acceptMyInvitation'> = async (services, request) => {
  const { user } = callerOf(request);
  const { organizationId } = request.params;
  const organization = await services.db.transaction().execute(async (trx) => {
    if (!(await memberships.acceptPending(trx, organizationId, user.id)))
      throw notFound('invitation-not-found');
    // Answered here: the mailed links for it stop working.
    await codes.retireOrganizationCodes(trx, user.id, organizationId);
    return (await organizationsOf(trx, user.id)).find((o) => o.id === organizationId);
  });
  if (!organization) throw notFound('invitation-not-found');
  return { status: 200, body: organization };
};

export const refuseMyInvitation: Handler<'refuseMyInvitation'> = async (services, request) => {
  const { user } = callerOf(request);
  const { organizationId } = request.params;
  await services.db.transaction().execute(async (trx) => {
    const membership = await memberships.membershipOf(trx, organizationId, user.id);
    if (!membership?.pending) throw notFound('invitation-not-found');
    await memberships.removeMembership(trx, organizationId, user.id);
    await codes.deleteInvitationCodes(trx, user.id, organizationId);
  });
  return { status: 204, body: undefined };
};

export const leaveOrganization: Handler<'leaveOrganization'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { user } = callerOf(request);
  await services.db.transaction().execute(async (trx) => {
    // Locked, so two Admins leaving at once cannot both be "the other one".
    const rows = await memberships.lockMemberships(trx, organizationId);
    const mine = rows.find((r) => r.user_id === user.id);
    // A platform administrator acting in an organization they do not belong to has nothing to leave.
    if (!mine) throw notFound('member-not-found');
    const admins = rows.filter((r) => r.role === 'Admin').length;
    if (mine.role === 'Admin' && admins <= 1)
      throw new HttpProblem('last-admin', { key: 'last-admin-leave' });
    await memberships.removeMembership(trx, organizationId, user.id);
  });
  return { status: 204, body: undefined };
};
