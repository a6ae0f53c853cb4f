// Tag `auth`, invitations and links: pending invitations, accepting one, and mailing a link again.
import type { Db } from '../../db/index.ts';
import type { RoleName } from '../../db/schema.ts';
import { accountInvitationMail, confirmationMail, invitationMail, resetMail } from '../../mail.ts';
import { queueMail } from '../../outbox.ts';
import { fieldProblem, HttpProblem, notFound } from '../../problems.ts';
import { refuseAfter } from '../../rate-limit.ts';
import * as codes from '../../repositories/auth-codes.ts';
import { issueCode } from '../../repositories/auth-codes.ts';
import { iso } from '../../repositories/dates.ts';
import * as memberships from '../../repositories/memberships.ts';
import { organizationNameOf } from '../../repositories/organizations.ts';
import * as users from '../../repositories/users.ts';
import { hashPassword, verifyPassword } from '../../security.ts';
import type { Handler, Schemas, Services } from '../../types.ts';
import { callerOf, organizationOf } from '../context.ts';
import { linkBase, normalizeEmail, refuseCommonPassword, userBody } from './accounts.ts';
import { inviterName } from './team.ts';

const invalidCode = () =>
  new HttpProblem('invalid-code', { fields: [{ field: '/body/code', key: 'invalid-code' }] });

type InviterRow = { firstname: string | null; lastname: string | null; email: string | null };

function inviterBody(row: InviterRow): Schemas['Inviter'] | null {
  return row.email === null
    ? null
    : { firstname: row.firstname ?? '', lastname: row.lastname ?? '', email: row.email };
}

/** People of the organization who were invited and have not set a password: its pending invitations. */
async function pendingInvitations(
  services: Services,
  organizationId: string,
  userId?: string,
): Promise<Schemas['Invitation'][]> {
  const rows = await memberships.pendingInvitationRows(services.db, organizationId, userId);
  const now = Date.now();
  const ttl = services.config.codeTtlSeconds.invite * 1000;
  return rows.map((row) => {
    const expiresAt = row.expires_at
      ? new Date(row.expires_at)
      : new Date(new Date(row.created_at).getTime() + ttl);
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      invitedAt: iso(row.created_at),
      expiresAt: expiresAt.toISOString(),
      expired: expiresAt.getTime() <= now,
      invitedBy: inviterBody({ firstname: row.firstname, lastname: row.lastname, email: row.inviter_email }),
    };
  });
}

export const listInvitations: Handler<'listInvitations'> = async (services, request) => {
  return { status: 200, body: await pendingInvitations(services, organizationOf(request)) };
};

/** Locks the pending membership (so a concurrent acceptance or cancellation waits), or answers 404. */
async function lockedInvitation(trx: Db, organizationId: string, userId: string) {
  const row = await memberships.lockMembership(trx, organizationId, userId);
  if (!row || (row.password_hash !== null && !row.pending)) throw notFound('invitation-not-found');
  return row;
}

export const cancelInvitation: Handler<'cancelInvitation'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { userId } = request.params;
  await services.db.transaction().execute(async (trx) => {
    await lockedInvitation(trx, organizationId, userId);
    await memberships.removeMembership(trx, organizationId, userId);
    await codes.deleteInvitationCodes(trx, userId, organizationId);
    // An account that only existed for this invitation goes with it (it never had a password nor any content).
    if (!(await memberships.hasAnyMembership(trx, userId))) await users.deleteIfNeverSignedIn(trx, userId);
  });
  return { status: 204, body: undefined };
};

export const resendInvitation: Handler<'resendInvitation'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { userId } = request.params;
  const inviter = callerOf(request).user;
  const base = linkBase(services.config, request.body.rootRedirect, '/body/rootRedirect');
  await services.db.transaction().execute(async (trx) => {
    const invited = await lockedInvitation(trx, organizationId, userId);
    const organizationName = await organizationNameOf(trx, organizationId);
    // Only the newest link works: an older one forwarded or leaked is useless.
    await codes.retireInvitationCodes(trx, userId, organizationId);
    const ttl = services.config.codeTtlSeconds.invite;
    const code = await issueCode(trx, userId, 'invite', ttl, { organizationId, invitedBy: inviter.id });
    const link = `${base}/auth/accept-invitation?code=${encodeURIComponent(code)}`;
    const mail = invited.password_hash
      ? accountInvitationMail(request.locale, invited.email, organizationName, inviterName(inviter), link)
      : invitationMail(request.locale, invited.email, organizationName, inviterName(inviter), link);
    await queueMail(trx, mail, ttl);
  });
  services.outbox.wake();
  const [invitation] = await pendingInvitations(services, organizationId, userId);
  if (!invitation) throw notFound('invitation-not-found');
  return { status: 200, body: invitation };
};

/** A usable invitation code: not used, not expired, and its membership still there (not cancelled). */
async function usableInvitation(db: Db, code: string) {
  const row = await codes.findUsableInvitation(db, code);
  if (!row) throw invalidCode();
  return row;
}

export const getInvitation: Handler<'getInvitation'> = async (services, request) => {
  const { code } = request.body;
  // A link opened again after its invitation was accepted: said so (the screen offers to sign in), not "expired".
  const row = await codes.findUsableInvitation(services.db, code);
  if (!row && (await codes.isAcceptedInvitation(services.db, code)))
    throw new HttpProblem('invitation-accepted');
  if (!row) throw invalidCode();
  return {
    status: 200,
    body: {
      email: row.email,
      role: row.role,
      organization: { id: row.organization_id, name: row.organization_name },
      invitedBy: inviterBody({ firstname: row.firstname, lastname: row.lastname, email: row.inviter_email }),
      hasAccount: row.password_hash !== null,
      expiresAt: iso(row.expires_at),
    },
  };
};

export const acceptInvitation: Handler<'acceptInvitation'> = async (services, request) => {
  const { code, password } = request.body;
  const invitation = await usableInvitation(services.db, code);
  const failed = [`email:${invitation.email}`, `client:${request.ip}`].map((key) => ({
    bucket: 'failed-login' as const,
    key,
  }));
  let passwordHash: string | null = null;
  if (invitation.password_hash === null) {
    if (password.length < 8) throw fieldProblem('/body/password', 'field.password');
    refuseCommonPassword(password, '/body/password');
    passwordHash = await hashPassword(password, services.config.scryptCost);
  } else {
    // Signing in to accept: the same limits as the login form.
    refuseAfter(await services.limits.take([], failed));
    if (!(await verifyPassword(password, invitation.password_hash))) {
      await services.limits.take(failed);
      throw new HttpProblem('invalid-credentials');
    }
  }
  const user = await services.db.transaction().execute(async (trx) => {
    if (!(await codes.useCode(trx, invitation.code_id))) throw invalidCode();
    if ((await memberships.roleIn(trx, invitation.organization_id, invitation.user_id)) === undefined) {
      throw invalidCode();
    }
    // An existing account's invitation waited for this answer (issue 37).
    await memberships.acceptPending(trx, invitation.organization_id, invitation.user_id);
    return users.acceptInvitationAs(trx, invitation.user_id, passwordHash);
  });
  // Someone set a password through another link in the meantime: this one must sign in instead.
  if (!user) throw invalidCode();
  const jwt = await services.tokens.sign({ userId: user.id, tokenVersion: user.token_version });
  return {
    status: 200,
    body: {
      jwt,
      user: userBody(user, invitation.role as RoleName),
      organizationId: invitation.organization_id,
    },
  };
};

export const checkResetCode: Handler<'checkResetCode'> = async (services, request) => {
  if (!(await codes.isResetCodeUsable(services.db, request.body.code))) throw invalidCode();
  return { status: 204, body: undefined };
};

/** At most this many "send me a new link" mails per address in the rate-limit window (on top of the per-client limit). */
async function limitMails(services: Services, key: string): Promise<void> {
  refuseAfter(await services.limits.take([{ bucket: 'resend-link', key }]));
}

async function mailConfirmation(
  services: Services,
  user: { id: string; email: string },
  base: string,
  locale: 'fr' | 'en',
) {
  await services.db.transaction().execute(async (trx) => {
    const ttl = services.config.codeTtlSeconds.confirm;
    const code = await issueCode(trx, user.id, 'confirm', ttl);
    const link = `${base}/auth/confirm-account?code=${encodeURIComponent(code)}&email=${encodeURIComponent(user.email)}`;
    await queueMail(trx, confirmationMail(locale, user.email, link), ttl);
  });
  services.outbox.wake();
}

export const resendConfirmation: Handler<'resendConfirmation'> = async (services, request) => {
  const base = linkBase(services.config, request.body.rootUrl, '/body/rootUrl');
  const email = normalizeEmail(request.body.email);
  await limitMails(services, `mail:${email}`);
  const user = await users.confirmationStateByEmail(services.db, email);
  // Same answer whatever the email: only an account waiting for confirmation gets a mail.
  if (user && user.confirmed_at === null && user.password_hash !== null) {
    await mailConfirmation(services, user, base, request.locale);
  }
  return { status: 204, body: undefined };
};

export const renewLink: Handler<'renewLink'> = async (services, request) => {
  const base = linkBase(services.config, request.body.rootUrl, '/body/rootUrl');
  const old = await codes.findAnyCode(services.db, request.body.code);
  if (!old) return { status: 204, body: undefined };
  await limitMails(services, `mail:${old.email}`);
  if (old.purpose === 'confirm') {
    if (old.confirmed_at === null) await mailConfirmation(services, old, base, request.locale);
  } else if (old.purpose === 'reset') {
    await services.db.transaction().execute(async (trx) => {
      const ttl = services.config.codeTtlSeconds.reset;
      const code = await issueCode(trx, old.id, 'reset', ttl);
      const link = `${base}/auth/reset-password?code=${encodeURIComponent(code)}`;
      await queueMail(trx, resetMail(request.locale, old.email, link), ttl);
    });
    services.outbox.wake();
  } else if (old.organization_id) {
    const organizationId = old.organization_id;
    await services.db.transaction().execute(async (trx) => {
      const organizationName = await memberships.membershipOrganizationName(trx, organizationId, old.id);
      // Cancelled since: nothing to renew.
      if (organizationName === undefined) return;
      const ttl = services.config.codeTtlSeconds.invite;
      const code = await issueCode(trx, old.id, 'invite', ttl, { organizationId, invitedBy: old.invited_by });
      const link = `${base}/auth/accept-invitation?code=${encodeURIComponent(code)}`;
      const sender = old.invited_by ? await users.namesOf(trx, old.invited_by) : undefined;
      const inviter = sender ? inviterName(sender) : organizationName;
      await queueMail(
        trx,
        old.password_hash
          ? accountInvitationMail(request.locale, old.email, organizationName, inviter, link)
          : invitationMail(request.locale, old.email, organizationName, inviter, link),
        ttl,
      );
    });
    services.outbox.wake();
  }
  return { status: 204, body: undefined };
};
