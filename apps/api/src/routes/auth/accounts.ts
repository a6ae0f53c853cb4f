import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { RoleName, UserRow } from '../../db/schema.ts';
import { confirmationMail, resetMail } from '../../mail.ts';
import { queueMail } from '../../outbox.ts';
import { fieldProblem, HttpProblem } from '../../problems.ts';
import { refuseAfter } from '../../rate-limit.ts';
import { hashCode, hashPassword, newCode, verifyPassword } from '../../security.ts';
import type { Handler, Schemas } from '../../types.ts';
import { callerOf } from '../context.ts';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The base of a mailed link: the origin (and path) the client sent, accepted only when it is this product's
 * public origin, so a mail can never carry a code to someone else's site.
 */
export function linkBase(config: Config, value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new HttpProblem('rejected-url', {
      params: { url: value.slice(0, 200) },
      fields: [{ field, key: 'field.url' }],
    });
  }
  const allowed =
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    (config.publicUrl ? url.origin === config.publicUrl : localHosts.has(url.hostname));
  if (!allowed) {
    throw new HttpProblem('rejected-url', {
      params: { url: url.origin },
      fields: [{ field, key: 'field.url' }],
    });
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export async function issueCode(
  db: Db,
  userId: string,
  purpose: 'confirm' | 'reset' | 'invite',
  ttlSeconds: number,
  invitation: { organizationId: string; invitedBy: string | null } | null = null,
): Promise<string> {
  const code = newCode();
  await db
    .insertInto('auth_codes')
    .values({
      id: randomUUID(),
      user_id: userId,
      purpose,
      code_hash: hashCode(code),
      expires_at: new Date(Date.now() + ttlSeconds * 1000),
      organization_id: invitation?.organizationId ?? null,
      invited_by: invitation?.invitedBy ?? null,
    })
    .execute();
  return code;
}

export async function firstRole(db: Db, userId: string): Promise<RoleName | null> {
  const row = await db
    .selectFrom('memberships')
    .select('role')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('organization_id')
    .executeTakeFirst();
  return row?.role ?? null;
}

export function userBody(user: UserRow, role: RoleName | null): Schemas['User'] {
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    isAdmin: user.is_admin,
    role,
  };
}

// A hash to verify against when the email is unknown, so both cases take the same time.
let decoyHash: Promise<string> | undefined;

export const register: Handler<'register'> = async (services, request) => {
  const { credentials, rootUrl } = request.body;
  const base = linkBase(services.config, rootUrl, '/body/rootUrl');
  const email = normalizeEmail(credentials.email);
  const passwordHash = await hashPassword(credentials.password, services.config.scryptCost);
  const { user } = await services.db.transaction().execute(async (trx) => {
    // Serializes registrations so exactly one first account becomes platform administrator.
    await sql`SELECT pg_advisory_xact_lock(7242002)`.execute(trx);
    const taken = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (taken)
      throw new HttpProblem('email-taken', {
        fields: [{ field: '/body/credentials/email', key: 'email-taken' }],
      });
    const anyone = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    const user = await trx
      .insertInto('users')
      .values({ id: randomUUID(), email, password_hash: passwordHash, is_admin: !anyone })
      .returningAll()
      .executeTakeFirstOrThrow();
    const organizationId = randomUUID();
    await trx
      .insertInto('organizations')
      .values({
        id: organizationId,
        name: request.locale === 'en' ? `${email}'s organization` : `Organisation de ${email}`,
      })
      .execute();
    await trx
      .insertInto('memberships')
      .values({ organization_id: organizationId, user_id: user.id, role: 'Admin' })
      .execute();
    const ttl = services.config.codeTtlSeconds.confirm;
    const code = await issueCode(trx, user.id, 'confirm', ttl);
    const link = `${base}/auth/confirm-account?code=${encodeURIComponent(code)}&email=${encodeURIComponent(email)}`;
    await queueMail(trx, confirmationMail(request.locale, email, link), ttl);
    return { user };
  });
  services.outbox.wake();
  return { status: 201, body: userBody(user, 'Admin') };
};

export const login: Handler<'login'> = async (services, request) => {
  const email = normalizeEmail(request.body.email);
  const failed = [`email:${email}`, `client:${request.ip}`].map((key) => ({
    bucket: 'failed-login' as const,
    key,
  }));
  // One statement: this auth request counted, and the failed-login limits of the email and the client checked.
  refuseAfter(await services.limits.take([{ bucket: 'auth-request', key: `client:${request.ip}` }], failed));
  const user = await services.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
  let ok = false;
  if (user?.password_hash) {
    ok = await verifyPassword(request.body.password, user.password_hash);
  } else {
    decoyHash ??= hashPassword('decoy password', services.config.scryptCost);
    await verifyPassword(request.body.password, await decoyHash);
  }
  if (!user || !ok) {
    await services.limits.take(failed);
    throw new HttpProblem('invalid-credentials');
  }
  if (!user.confirmed_at) throw new HttpProblem('account-not-confirmed');
  await services.db
    .updateTable('users')
    .set({ last_active_at: new Date() })
    .where('id', '=', user.id)
    .execute();
  const jwt = await services.tokens.sign({ userId: user.id, tokenVersion: user.token_version });
  return { status: 200, body: { jwt, user: userBody(user, await firstRole(services.db, user.id)) } };
};

export const forgotPassword: Handler<'forgotPassword'> = async (services, request) => {
  const base = linkBase(services.config, request.body.rootUrl, '/body/rootUrl');
  const email = normalizeEmail(request.body.email);
  const user = await services.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (user) {
    // Queued, not sent: the answer takes no longer when the email has an account (sending happens afterwards).
    await services.db.transaction().execute(async (trx) => {
      const ttl = services.config.codeTtlSeconds.reset;
      const code = await issueCode(trx, user.id, 'reset', ttl);
      const link = `${base}/auth/reset-password?code=${encodeURIComponent(code)}`;
      await queueMail(trx, resetMail(request.locale, email, link), ttl);
    });
    services.outbox.wake();
  }
  return { status: 204, body: undefined };
};

export const resetPassword: Handler<'resetPassword'> = async (services, request) => {
  const passwordHash = await hashPassword(request.body.password, services.config.scryptCost);
  await services.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('auth_codes')
      .set({ used_at: new Date() })
      .where('code_hash', '=', hashCode(request.body.code))
      .where('purpose', '=', 'reset')
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    if (!used)
      throw new HttpProblem('invalid-code', { fields: [{ field: '/body/code', key: 'invalid-code' }] });
    // Any other reset link still in a mailbox stops working too.
    await trx
      .updateTable('auth_codes')
      .set({ used_at: new Date() })
      .where('user_id', '=', used.user_id)
      .where('purpose', '=', 'reset')
      .where('used_at', 'is', null)
      .execute();
    await trx
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        confirmed_at: eb.fn.coalesce('confirmed_at', sql<Date>`now()`),
        token_version: eb('token_version', '+', 1),
        updated_at: new Date(),
      }))
      .where('id', '=', used.user_id)
      .execute();
  });
  return { status: 204, body: undefined };
};

export const confirmAccount: Handler<'confirmAccount'> = async (services, request) => {
  const email = normalizeEmail(request.body.email);
  const confirmed = await services.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('auth_codes')
      .innerJoin('users', 'users.id', 'auth_codes.user_id')
      .select([
        'auth_codes.id',
        'auth_codes.used_at',
        'auth_codes.expires_at',
        'users.id as user_id',
        'users.confirmed_at',
      ])
      .where('auth_codes.code_hash', '=', hashCode(request.body.code))
      .where('auth_codes.purpose', '=', 'confirm')
      .where('users.email', '=', email)
      .executeTakeFirst();
    if (!row) return false;
    // Opening the link a second time keeps saying the account is confirmed.
    if (row.used_at) return row.confirmed_at !== null;
    if (new Date(row.expires_at) <= new Date()) return false;
    await trx.updateTable('auth_codes').set({ used_at: new Date() }).where('id', '=', row.id).execute();
    await trx
      .updateTable('users')
      .set((eb) => ({
        confirmed_at: eb.fn.coalesce('confirmed_at', sql<Date>`now()`),
        updated_at: new Date(),
      }))
      .where('id', '=', row.user_id)
      .execute();
    return true;
  });
  if (!confirmed)
    throw new HttpProblem('invalid-code', { fields: [{ field: '/body/code', key: 'invalid-code' }] });
  return { status: 204, body: undefined };
};

export const changePassword: Handler<'changePassword'> = async (services, request) => {
  const { user } = callerOf(request);
  const failed = [{ bucket: 'failed-login' as const, key: `email:${user.email}` }];
  refuseAfter(await services.limits.take([], failed));
  if (!user.password_hash || !(await verifyPassword(request.body.currentPassword, user.password_hash))) {
    await services.limits.take(failed);
    throw fieldProblem('/body/currentPassword', 'wrong-current-password');
  }
  const passwordHash = await hashPassword(request.body.newPassword, services.config.scryptCost);
  const updated = await services.db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      token_version: eb('token_version', '+', 1),
      updated_at: new Date(),
    }))
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const jwt = await services.tokens.sign({ userId: updated.id, tokenVersion: updated.token_version });
  const role = request.caller?.role ?? (await firstRole(services.db, updated.id));
  return { status: 200, body: { jwt, user: userBody(updated, role) } };
};
