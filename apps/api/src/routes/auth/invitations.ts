import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { RoleName } from '../../db/schema.ts';
import { confirmationMail, invitationMail, joinedMail, resetMail } from '../../mail.ts';
import { queueMail } from '../../outbox.ts';
import { fieldProblem, HttpProblem, notFound } from '../../problems.ts';
import { refuseAfter } from '../../rate-limit.ts';
import { iso } from '../../repositories/dates.ts';
import { hashCode, hashPassword, verifyPassword } from '../../security.ts';
import type { Handler, Schemas, Services } from '../../types.ts';
import { callerOf, organizationOf } from '../context.ts';
import { issueCode, linkBase, normalizeEmail, userBody } from './accounts.ts';
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
  const rows = await services.db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    // The latest invitation code sent for this organization (none for invitations sent before migration 0006).
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('auth_codes')
          .select(['auth_codes.expires_at', 'auth_codes.invited_by'])
          .whereRef('auth_codes.user_id', '=', 'users.id')
          .where((w) =>
            w.or([
              w('auth_codes.organization_id', '=', organizationId),
              w.and([w('auth_codes.purpose', '=', 'reset'), w('auth_codes.organization_id', 'is', null)]),
            ]),
          )
          .orderBy('auth_codes.created_at', 'desc')
          .limit(1)
          .as('code'),
      (join) => join.onTrue(),
    )
    .leftJoin('users as inviter', 'inviter.id', 'code.invited_by')
    .select([
      'users.id',
      'users.email',
      'memberships.role',
      'memberships.created_at',
      'code.expires_at',
      'inviter.firstname',
      'inviter.lastname',
      'inviter.email as inviter_email',
    ])
    .where('memberships.organization_id', '=', organizationId)
    .where('users.password_hash', 'is', null)
    .$if(userId !== undefined, (qb) => qb.where('users.id', '=', userId ?? ''))
    .orderBy('memberships.created_at', 'desc')
    .orderBy('users.email')
    .execute();
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
  const row = await trx
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.email', 'users.password_hash', 'memberships.role'])
    .where('memberships.organization_id', '=', organizationId)
    .where('memberships.user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.password_hash !== null) throw notFound('invitation-not-found');
  return row;
}

export const cancelInvitation: Handler<'cancelInvitation'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { userId } = request.params;
  await services.db.transaction().execute(async (trx) => {
    await lockedInvitation(trx, organizationId, userId);
    await trx
      .deleteFrom('memberships')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .execute();
    await trx
      .deleteFrom('auth_codes')
      .where('user_id', '=', userId)
      .where('organization_id', '=', organizationId)
      .execute();
    // An account that only existed for this invitation goes with it (it never had a password nor any content).
    const elsewhere = await trx
      .selectFrom('memberships')
      .select('organization_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!elsewhere) {
      await trx.deleteFrom('users').where('id', '=', userId).where('password_hash', 'is', null).execute();
    }
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
    const organization = await trx
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    // Only the newest link works: an older one forwarded or leaked is useless.
    await trx
      .updateTable('auth_codes')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where((w) => w.or([w('organization_id', '=', organizationId), w('purpose', '=', 'reset')]))
      .execute();
    const ttl = services.config.codeTtlSeconds.invite;
    const code = await issueCode(trx, userId, 'invite', ttl, { organizationId, invitedBy: inviter.id });
    const link = `${base}/auth/accept-invitation?code=${encodeURIComponent(code)}`;
    await queueMail(
      trx,
      invitationMail(request.locale, invited.email, organization.name, inviterName(inviter), link),
      ttl,
    );
  });
  services.outbox.wake();
  const [invitation] = await pendingInvitations(services, organizationId, userId);
  if (!invitation) throw notFound('invitation-not-found');
  return { status: 200, body: invitation };
};

/** A usable invitation code: not used, not expired, and its membership still there (not cancelled). */
async function usableInvitation(db: Db, code: string) {
  const row = await db
    .selectFrom('auth_codes')
    .innerJoin('users', 'users.id', 'auth_codes.user_id')
    .innerJoin('memberships', (join) =>
      join
        .onRef('memberships.user_id', '=', 'auth_codes.user_id')
        .onRef('memberships.organization_id', '=', 'auth_codes.organization_id'),
    )
    .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
    .leftJoin('users as inviter', 'inviter.id', 'auth_codes.invited_by')
    .select([
      'auth_codes.id as code_id',
      'auth_codes.expires_at',
      'users.id as user_id',
      'users.email',
      'users.password_hash',
      'memberships.role',
      'organizations.id as organization_id',
      'organizations.name as organization_name',
      'inviter.firstname',
      'inviter.lastname',
      'inviter.email as inviter_email',
    ])
    .where('auth_codes.code_hash', '=', hashCode(code))
    .where('auth_codes.purpose', '=', 'invite')
    .where('auth_codes.used_at', 'is', null)
    .where('auth_codes.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) throw invalidCode();
  return row;
}

export const getInvitation: Handler<'getInvitation'> = async (services, request) => {
  const row = await usableInvitation(services.db, request.body.code);
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
    const used = await trx
      .updateTable('auth_codes')
      .set({ used_at: new Date() })
      .where('id', '=', invitation.code_id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!used) throw invalidCode();
    const still = await trx
      .selectFrom('memberships')
      .select('role')
      .where('user_id', '=', invitation.user_id)
      .where('organization_id', '=', invitation.organization_id)
      .executeTakeFirst();
    if (!still) throw invalidCode();
    return trx
      .updateTable('users')
      .set((eb) =>
        passwordHash === null
          ? { last_active_at: new Date() }
          : {
              password_hash: passwordHash,
              // The mailed code proves the email.
              confirmed_at: eb.fn.coalesce('confirmed_at', sql<Date>`now()`),
              last_active_at: new Date(),
              updated_at: new Date(),
            },
      )
      .where('id', '=', invitation.user_id)
      .$if(passwordHash !== null, (qb) => qb.where('password_hash', 'is', null))
      .returningAll()
      .executeTakeFirst();
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
  const row = await services.db
    .selectFrom('auth_codes')
    .select('id')
    .where('code_hash', '=', hashCode(request.body.code))
    .where('purpose', '=', 'reset')
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) throw invalidCode();
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
  const user = await services.db
    .selectFrom('users')
    .select(['id', 'email', 'confirmed_at', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
  // Same answer whatever the email: only an account waiting for confirmation gets a mail.
  if (user && user.confirmed_at === null && user.password_hash !== null) {
    await mailConfirmation(services, user, base, request.locale);
  }
  return { status: 204, body: undefined };
};

export const renewLink: Handler<'renewLink'> = async (services, request) => {
  const base = linkBase(services.config, request.body.rootUrl, '/body/rootUrl');
  const old = await services.db
    .selectFrom('auth_codes')
    .innerJoin('users', 'users.id', 'auth_codes.user_id')
    .select([
      'auth_codes.purpose',
      'auth_codes.organization_id',
      'auth_codes.invited_by',
      'users.id',
      'users.email',
      'users.confirmed_at',
      'users.password_hash',
    ])
    .where('auth_codes.code_hash', '=', hashCode(request.body.code))
    .executeTakeFirst();
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
      const membership = await trx
        .selectFrom('memberships')
        .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
        .select('organizations.name')
        .where('memberships.organization_id', '=', organizationId)
        .where('memberships.user_id', '=', old.id)
        .executeTakeFirst();
      // Cancelled since: nothing to renew.
      if (!membership) return;
      const ttl = services.config.codeTtlSeconds.invite;
      const code = await issueCode(trx, old.id, 'invite', ttl, { organizationId, invitedBy: old.invited_by });
      const link = `${base}/auth/accept-invitation?code=${encodeURIComponent(code)}`;
      const sender = old.invited_by
        ? await trx
            .selectFrom('users')
            .select(['firstname', 'lastname', 'email'])
            .where('id', '=', old.invited_by)
            .executeTakeFirst()
        : undefined;
      const inviter = sender ? inviterName(sender) : membership.name;
      await queueMail(
        trx,
        old.password_hash
          ? joinedMail(request.locale, old.email, membership.name, link)
          : invitationMail(request.locale, old.email, membership.name, inviter, link),
        ttl,
      );
    });
    services.outbox.wake();
  }
  return { status: 204, body: undefined };
};
