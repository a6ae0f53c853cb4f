// Tag `auth`, accounts: registration, sign-in, confirmation and passwords.
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { RoleName, UserRow } from '../../db/schema.ts';
import { confirmationMail, registrationAttemptMail, resetMail } from '../../mail.ts';
import { personalOrganizationName } from '../../organization-names.ts';
import { queueMail } from '../../outbox.ts';
import { isCommonPassword } from '../../passwords.ts';
import { fieldProblem, HttpProblem } from '../../problems.ts';
import { refuseAfter } from '../../rate-limit.ts';
import {
  findConfirmation,
  issueCode,
  markUsed,
  retireCodes,
  useResetCode,
} from '../../repositories/auth-codes.ts';
import { addMembership, firstRole } from '../../repositories/memberships.ts';
import { insertOrganization } from '../../repositories/organizations.ts';
import * as users from '../../repositories/users.ts';
import { hashPassword, verifyPassword } from '../../security.ts';
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

/** A new password from the list of the most common ones is refused on its field (issue 40). */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw fieldProblem(field, 'field.common-password');
}

// A hash to verify against when the email is unknown, so both cases take the same time.
let decoyHash: Promise<string> | undefined;

export const register: Handler<'register'> = async (services, request) => {
  const { credentials, rootUrl } = request.body;
  const base = linkBase(services.config, rootUrl, '/body/rootUrl');
  const email = normalizeEmail(credentials.email);
  refuseCommonPassword(credentials.password, '/body/credentials/password');
  const passwordHash = await hashPassword(credentials.password, services.config.scryptCost);
  const user = await services.db.transaction().execute(async (trx) => {
    await users.lockRegistrations(trx);
    if ((await users.userIdByEmail(trx, email)) !== undefined) {
      // No enumeration (issue 40): the answer is the one a new account gets, and only the owner's mailbox learns
      // that someone tried, with the ways back into their account.
      const ttl = services.config.codeTtlSeconds.confirm;
      await queueMail(
        trx,
        registrationAttemptMail(request.locale, email, `${base}/auth/login`, `${base}/auth/forgot-password`),
        ttl,
      );
      return undefined;
    }
    const isAdmin = !(await users.hasAnyUser(trx));
    const user = await users.insertUser(trx, { email, passwordHash, isAdmin });
    const organizationId = randomUUID();
    // Named by the email for now: once the person gives their names, it takes them (updateMe).
    await insertOrganization(trx, organizationId, personalOrganizationName(request.locale, email));
    await addMembership(trx, organizationId, user.id, 'Admin');
    const ttl = services.config.codeTtlSeconds.confirm;
    const code = await issueCode(trx, user.id, 'confirm', ttl);
    const link = `${base}/auth/confirm-account?code=${encodeURIComponent(code)}&email=${encodeURIComponent(email)}`;
    await queueMail(trx, confirmationMail(request.locale, email, link), ttl);
    return user;
  });
  services.outbox.wake();
  // An address that has an account gets what a later new account would: an id of its own (never stored), no
  // names, not platform administrator (the first account never meets an existing one).
  const body: Schemas['User'] = user
    ? userBody(user, 'Admin')
    : { id: randomUUID(), firstname: '', lastname: '', email, isAdmin: false, role: 'Admin' };
  return { status: 201, body };
};

export const login: Handler<'login'> = async (services, request) => {
  const email = normalizeEmail(request.body.email);
  const failed = [`email:${email}`, `client:${request.ip}`].map((key) => ({
    bucket: 'failed-login' as const,
    key,
  }));
  // One statement: this auth request counted, and the failed-login limits of the email and the client checked.
  refuseAfter(await services.limits.take([{ bucket: 'auth-request', key: `client:${request.ip}` }], failed));
  const user = await users.findUserByEmail(services.db, email);
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
  await users.touchLastActive(services.db, user.id);
  const jwt = await services.tokens.sign({ userId: user.id, tokenVersion: user.token_version });
  return { status: 200, body: { jwt, user: userBody(user, await firstRole(services.db, user.id)) } };
};

export const forgotPassword: Handler<'forgotPassword'> = async (services, request) => {
  const base = linkBase(services.config, request.body.rootUrl, '/body/rootUrl');
  const email = normalizeEmail(request.body.email);
  const userId = await users.userIdByEmail(services.db, email);
  if (userId !== undefined) {
    // Queued, not sent: the answer takes no longer when the email has an account (sending happens afterwards).
    await services.db.transaction().execute(async (trx) => {
      const ttl = services.config.codeTtlSeconds.reset;
      const code = await issueCode(trx, userId, 'reset', ttl);
      const link = `${base}/auth/reset-password?code=${encodeURIComponent(code)}`;
      await queueMail(trx, resetMail(request.locale, email, link), ttl);
    });
    services.outbox.wake();
  }
  return { status: 204, body: undefined };
};

export const resetPassword: Handler<'resetPassword'> = async (services, request) => {
  refuseCommonPassword(request.body.password, '/body/password');
  const passwordHash = await hashPassword(request.body.password, services.config.scryptCost);
  await services.db.transaction().execute(async (trx) => {
    const userId = await useResetCode(trx, request.body.code);
    if (userId === undefined)
      throw new HttpProblem('invalid-code', { fields: [{ field: '/body/code', key: 'invalid-code' }] });
    // The password it already has is no new password; refused before the code is spent (the transaction rolls
    // back), so the same link can take another one.
    const current = await users.passwordHashOf(trx, userId);
    if (current && (await verifyPassword(request.body.password, current)))
      throw fieldProblem('/body/password', 'field.same-password');
    // Any other reset link still in a mailbox stops working too.
    await retireCodes(trx, userId, 'reset');
    await users.resetPassword(trx, userId, passwordHash);
  });
  return { status: 204, body: undefined };
};

export const confirmAccount: Handler<'confirmAccount'> = async (services, request) => {
  const email = normalizeEmail(request.body.email);
  const confirmed = await services.db.transaction().execute(async (trx) => {
    const row = await findConfirmation(trx, request.body.code, email);
    if (!row) return false;
    // Opening the link a second time keeps saying the account is confirmed.
    if (row.used_at) return row.confirmed_at !== null;
    if (new Date(row.expires_at) <= new Date()) return false;
    await markUsed(trx, row.id);
    await users.confirmUser(trx, row.user_id);
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
  if (request.body.newPassword === request.body.currentPassword)
    throw fieldProblem('/body/newPassword', 'field.same-password');
  refuseCommonPassword(request.body.newPassword, '/body/newPassword');
  const passwordHash = await hashPassword(request.body.newPassword, services.config.scryptCost);
  const updated = await users.changePassword(services.db, user.id, passwordHash);
  const jwt = await services.tokens.sign({ userId: updated.id, tokenVersion: updated.token_version });
  const role = request.caller?.role ?? (await firstRole(services.db, updated.id));
  return { status: 200, body: { jwt, user: userBody(updated, role) } };
};
