// Tag `auth`, the team: members, their roles, and inviting someone.
import type { Db } from '../../db/index.ts';
import { accountInvitationMail, invitationMail } from '../../mail.ts';
import { queueMail } from '../../outbox.ts';
import { fieldProblem, HttpProblem } from '../../problems.ts';
import { issueCode } from '../../repositories/auth-codes.ts';
import * as memberships from '../../repositories/memberships.ts';
import { organizationNameOf } from '../../repositories/organizations.ts';
import { findUserByEmail, insertInvitedUser } from '../../repositories/users.ts';
import type { Handler } from '../../types.ts';
import { callerOf, organizationOf } from '../context.ts';
import { linkBase, normalizeEmail } from './accounts.ts';

export const filterMembers: Handler<'filterMembers'> = async (services, request) => {
  const organizationId = organizationOf(request);
  return { status: 200, body: await memberships.filterMembers(services.db, organizationId, request.body) };
};

/** How a mail names the member who sent an invitation. */
export function inviterName(user: { firstname: string; lastname: string; email: string }): string {
  return `${user.firstname} ${user.lastname}`.trim() || user.email;
}

export const inviteMember: Handler<'inviteMember'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const inviter = callerOf(request).user;
  const base = linkBase(services.config, request.body.rootRedirect, '/body/rootRedirect');
  const email = normalizeEmail(request.body.email);
  const role = request.body.role;
  const outcome = await services.db.transaction().execute(async (trx) => {
    const organizationName = await organizationNameOf(trx, organizationId);
    let user = await findUserByEmail(trx, email);
    if (user) {
      const membership = await memberships.membershipOf(trx, organizationId, user.id);
      if (membership) {
        throw new HttpProblem('conflict', {
          key: user.password_hash && !membership.pending ? 'already-member' : 'invitation-pending',
        });
      }
    } else {
      user = await insertInvitedUser(trx, email);
    }
    // An existing account joins only when its holder accepts (issue 37): until then its membership is pending.
    await memberships.addMembership(trx, organizationId, user.id, role, user.password_hash !== null);
    // The link opens the acceptance screen: set a password (no account yet) or sign in, then land here.
    const ttl = services.config.codeTtlSeconds.invite;
    const code = await issueCode(trx, user.id, 'invite', ttl, { organizationId, invitedBy: inviter.id });
    const link = `${base}/auth/accept-invitation?code=${encodeURIComponent(code)}`;
    const mail = user.password_hash
      ? accountInvitationMail(request.locale, email, organizationName, inviterName(inviter), link)
      : invitationMail(request.locale, email, organizationName, inviterName(inviter), link);
    await queueMail(trx, mail, ttl);
    return { user };
  });
  services.outbox.wake();
  // Until they accept, the inviter learns nothing about the account but the email they typed.
  return {
    status: 201,
    body: {
      id: outcome.user.id,
      firstname: '',
      lastname: '',
      email,
      role,
      pending: true,
      joinedAt: new Date().toISOString(),
      lastActiveAt: null,
    },
  };
};

/** Locks the organization's memberships so two concurrent changes cannot both remove "the other" last Admin. */
async function lockedMembership(trx: Db, organizationId: string, userId: string) {
  const rows = await memberships.lockMemberships(trx, organizationId);
  const target = rows.find((r) => r.user_id === userId);
  if (!target) throw new HttpProblem('not-found', { key: 'member-not-found' });
  const admins = rows.filter((r) => r.role === 'Admin').length;
  return { target, admins };
}

export const updateMemberRole: Handler<'updateMemberRole'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { userId, role } = request.body;
  await services.db.transaction().execute(async (trx) => {
    const { target, admins } = await lockedMembership(trx, organizationId, userId);
    // The edit dialog only enables its button for another role; the server holds the same rule.
    if (target.role === role) throw fieldProblem('/body/role', 'field.same-role');
    if (target.role === 'Admin' && role !== 'Admin' && admins <= 1) throw new HttpProblem('last-admin');
    await memberships.setRole(trx, organizationId, userId, role);
  });
  return { status: 200, body: await memberships.findMember(services.db, organizationId, userId) };
};

export const deleteMemberRole: Handler<'deleteMemberRole'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { userId } = request.body;
  await services.db.transaction().execute(async (trx) => {
    const { target, admins } = await lockedMembership(trx, organizationId, userId);
    if (target.role === 'Admin' && admins <= 1) throw new HttpProblem('last-admin');
    await memberships.removeMembership(trx, organizationId, userId);
  });
  return { status: 204, body: undefined };
};
