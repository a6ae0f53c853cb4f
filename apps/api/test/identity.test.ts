import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { linkIn } from '@mulot/testing/mail';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { linkBase } from '../src/routes/auth/accounts.ts';
import type { Schemas } from '../src/types.ts';
import {
  backend,
  freshDatabase,
  rootUrl,
  seedPgliteDir,
  startServer,
  type TestServer,
} from './support/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

/** The command an operator types, as a child process with only the variables given. */
async function rotateSecret(
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [resolve(import.meta.dirname, '../src/rotate-secret-cli.ts')],
      { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 120_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

const email = () => `someone-${randomUUID().slice(0, 8)}@example.com`;

describe('registration and confirmation', () => {
  it('makes the first account platform administrator and no later one', async () => {
    const first = await server.signUp();
    const second = await server.signUp();
    const me1 = await server.call<Schemas['User']>('GET', '/api/users/me', { token: first.token });
    const me2 = await server.call<Schemas['User']>('GET', '/api/users/me', { token: second.token });
    expect(me1.body).toMatchObject({ isAdmin: true, role: 'Admin' });
    expect(me2.body).toMatchObject({ isAdmin: false, role: 'Admin' });
  });

  it('answers a registration with an email that has an account as it answers a new one, and tells only the owner', async () => {
    const owner = await server.signUp();
    const stranger = email();
    const register = (address: string, locale: 'fr' | 'en') =>
      server.call<Schemas['User']>('POST', '/api/auth/register', {
        locale,
        body: { credentials: { email: address, password: 'someone else 2' }, rootUrl },
      });
    const taken = await register(owner.email.toUpperCase(), 'fr');
    const fresh = await register(stranger, 'fr');
    expect(taken.status).toBe(201);
    expect(fresh.status).toBe(201);
    expect(taken.headers.get('content-type')).toBe(fresh.headers.get('content-type'));
    const shape = (user: Schemas['User'], address: string) => ({
      ...user,
      id: typeof user.id,
      email: address,
    });
    expect(shape(taken.body, 'x')).toEqual(shape(fresh.body, 'x'));
    expect(taken.body.email).toBe(owner.email);
    expect(taken.body.id).not.toBe(owner.userId);

    // The owner learns it by mail, in the request's language, with the ways back into the account; their
    // password and session are untouched.
    // (The sink leaves non-ASCII headers and text encoded: the French mail is recognised by its ASCII words.)
    const warned = await server.mail.waitFor(owner.email, (m) =>
      m.text.includes("Quelqu'un vient d'essayer"),
    );
    expect(warned.text).toContain('Si ce n');
    expect(warned.text).toContain(`${rootUrl}/auth/login`);
    expect(warned.text).toContain(`${rootUrl}/auth/forgot-password`);
    expect(warned.text).not.toContain('/auth/confirm-account');
    await register(owner.email, 'en');
    const warnedEn = await server.mail.waitFor(owner.email, (m) => m.subject.startsWith('Someone tried'));
    expect(warnedEn.subject).toBe('Someone tried to create a Mulot account with your email');
    expect((await server.call('GET', '/api/users/me', { token: owner.token })).status).toBe(200);
    await server.login(owner.email, owner.password);
  });

  it("refuses the most common passwords whatever their case, and says why in the request's language", async () => {
    for (const [password, locale, message] of [
      [
        'password',
        'fr',
        'Ce mot de passe fait partie des plus courants : choisissez-en un plus difficile à deviner.',
      ],
      ['Password1', 'en', 'This password is one of the most common: choose one that is harder to guess.'],
      [
        'azertyuiop',
        'fr',
        'Ce mot de passe fait partie des plus courants : choisissez-en un plus difficile à deviner.',
      ],
      ['12345678', 'en', 'This password is one of the most common: choose one that is harder to guess.'],
    ] as const) {
      const address = email();
      const answer = await server.call<Schemas['Problem']>('POST', '/api/auth/register', {
        locale,
        body: { credentials: { email: address, password }, rootUrl },
      });
      expect(answer.status, password).toBe(400);
      expect(answer.body.errors).toEqual([
        expect.objectContaining({
          field: '/body/credentials/password',
          code: 'field.common-password',
          message,
        }),
      ]);
      expect(server.mail.count(address)).toBe(0);
    }
  });

  it('rejects a mailed-link root that is not this product', async () => {
    for (const foreign of [
      'https://evil.example.com',
      'javascript:alert(1)',
      'http://user:pw@localhost:5173',
      'not a url',
    ]) {
      const answer = await server.call<Schemas['Problem']>('POST', '/api/auth/register', {
        body: { credentials: { email: email(), password: 'password 2' }, rootUrl: foreign },
      });
      expect(answer.status, foreign).toBe(400);
      expect(answer.body.type).toBe('urn:mulot:problem:rejected-url');
    }
    const config = { ...defaultConfig(), publicUrl: 'https://mulot.example.com' };
    expect(linkBase(config, 'https://mulot.example.com/', '/body/rootUrl')).toBe('https://mulot.example.com');
    expect(() => linkBase(config, 'http://localhost:5173', '/body/rootUrl')).toThrow();
    expect(() => linkBase(config, 'https://mulot.example.com.evil.net', '/body/rootUrl')).toThrow();
  });

  it('confirms only with the right code for the right email, and a second click still says confirmed', async () => {
    const address = email();
    await server.call('POST', '/api/auth/register', {
      body: { credentials: { email: address, password: 'password 2' }, rootUrl },
    });
    const link = linkIn(await server.mail.waitFor(address), '/auth/confirm-account');
    const code = link.searchParams.get('code') as string;
    const wrongEmail = await server.call('POST', '/api/auth/confirm', { body: { code, email: email() } });
    expect(wrongEmail.status).toBe(400);
    const wrongCode = await server.call('POST', '/api/auth/confirm', {
      body: { code: `${code}x`, email: address },
    });
    expect(wrongCode.status).toBe(400);
    expect(
      (await server.call('POST', '/api/auth/login', { body: { email: address, password: 'password 2' } }))
        .status,
    ).toBe(403);
    expect((await server.call('POST', '/api/auth/confirm', { body: { code, email: address } })).status).toBe(
      204,
    );
    expect((await server.call('POST', '/api/auth/confirm', { body: { code, email: address } })).status).toBe(
      204,
    );
    expect(
      (await server.call('POST', '/api/auth/login', { body: { email: address, password: 'password 2' } }))
        .status,
    ).toBe(200);
  });

  it('refuses an expired confirmation code', async () => {
    const address = email();
    await server.call('POST', '/api/auth/register', {
      body: { credentials: { email: address, password: 'password 2' }, rootUrl },
    });
    const code = linkIn(await server.mail.waitFor(address), '/auth/confirm-account').searchParams.get('code');
    await server.db
      .updateTable('auth_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('email', '=', address))
      .execute();
    const answer = await server.call<Schemas['Problem']>('POST', '/api/auth/confirm', {
      body: { code, email: address },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.type).toBe('urn:mulot:problem:invalid-code');
  });

  it('stores codes and passwords only as hashes', async () => {
    const address = email();
    await server.call('POST', '/api/auth/register', {
      body: { credentials: { email: address, password: 'visible password' }, rootUrl },
    });
    const code = linkIn(await server.mail.waitFor(address), '/auth/confirm-account').searchParams.get(
      'code',
    ) as string;
    const dump =
      JSON.stringify(await server.db.selectFrom('auth_codes').selectAll().execute()) +
      JSON.stringify(await server.db.selectFrom('users').selectAll().execute());
    expect(dump.includes(code)).toBe(false);
    expect(dump.includes('visible password')).toBe(false);
  });

  it('writes mails in the language of the request', async () => {
    const address = email();
    await server.call('POST', '/api/auth/register', {
      locale: 'en',
      body: { credentials: { email: address, password: 'password 2' }, rootUrl },
    });
    expect((await server.mail.waitFor(address)).subject).toBe('Activate your Mulot account');
  });
});

describe('login, sessions and passwords', () => {
  it('refuses a wrong password and an unknown email alike', async () => {
    const session = await server.signUp();
    const wrong = await server.call<Schemas['Problem']>('POST', '/api/auth/login', {
      body: { email: session.email, password: 'not it at all' },
      client: server.newClient(),
    });
    const unknown = await server.call<Schemas['Problem']>('POST', '/api/auth/login', {
      body: { email: email(), password: 'not it at all' },
      client: server.newClient(),
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.detail).toBe(unknown.body.detail);
  });

  it('answers forgot-password identically whether or not the email has an account', async () => {
    const session = await server.signUp();
    const stranger = email();
    const known = await server.call('POST', '/api/auth/forgot-password', {
      body: { email: session.email, rootUrl },
    });
    const unknown = await server.call('POST', '/api/auth/forgot-password', {
      body: { email: stranger, rootUrl },
    });
    expect(known.status).toBe(204);
    expect(unknown.status).toBe(204);
    expect(known.body).toEqual(unknown.body);
    expect(known.headers.get('content-type')).toEqual(unknown.headers.get('content-type'));
    await server.mail.waitFor(session.email, (m) => m.text.includes('/auth/reset-password'));
    expect(server.mail.count(stranger)).toBe(0);
  });

  it('resets a password once with the mailed code and revokes earlier sessions', async () => {
    const session = await server.signUp();
    await server.call('POST', '/api/auth/forgot-password', { body: { email: session.email, rootUrl } });
    const mail = await server.mail.waitFor(session.email, (m) => m.text.includes('/auth/reset-password'));
    const link = linkIn(mail, '/auth/reset-password');
    expect(`${link.origin}${link.pathname}`).toBe(`${rootUrl}/auth/reset-password`);
    const code = link.searchParams.get('code');
    expect(
      (await server.call('POST', '/api/auth/reset-password', { body: { code, password: 'brand new pass' } }))
        .status,
    ).toBe(204);
    const reused = await server.call('POST', '/api/auth/reset-password', {
      body: { code, password: 'again new pass' },
    });
    expect(reused.status).toBe(400);
    expect((await server.call('GET', '/api/users/me', { token: session.token })).status).toBe(401);
    const old = await server.call('POST', '/api/auth/login', {
      body: { email: session.email, password: session.password },
    });
    expect(old.status).toBe(401);
    await server.login(session.email, 'brand new pass');
  });

  it('changes a password: the old token stops working, the returned one works', async () => {
    const session = await server.signUp();
    const wrong = await server.call<Schemas['Problem']>('POST', '/api/auth/change-password', {
      token: session.token,
      body: { currentPassword: 'not the password', newPassword: 'a new password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0]?.field).toBe('/body/currentPassword');
    const changed = await server.call<Schemas['Session']>('POST', '/api/auth/change-password', {
      token: session.token,
      body: { currentPassword: session.password, newPassword: 'a new password' },
    });
    expect(changed.status).toBe(200);
    expect((await server.call('GET', '/api/users/me', { token: session.token })).status).toBe(401);
    expect((await server.call('GET', '/api/users/me', { token: changed.body.jwt })).status).toBe(200);
    await server.login(session.email, 'a new password');
  });

  it('refuses as a new password the current one and the most common ones, on profile and by reset link', async () => {
    const session = await server.signUp();
    const change = (newPassword: string, locale: 'fr' | 'en' = 'fr') =>
      server.call<Schemas['Problem']>('POST', '/api/auth/change-password', {
        token: session.token,
        locale,
        body: { currentPassword: session.password, newPassword },
      });
    const same = await change(session.password);
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([
      expect.objectContaining({
        field: '/body/newPassword',
        code: 'field.same-password',
        message: "Le nouveau mot de passe doit être différent de l'actuel.",
      }),
    ]);
    const sameEn = await change(session.password, 'en');
    expect(sameEn.body.errors?.[0]?.message).toBe('The new password must be different from the current one.');
    const common = await change('iloveyou');
    expect(common.status).toBe(400);
    expect(common.body.errors?.[0]).toMatchObject({
      field: '/body/newPassword',
      code: 'field.common-password',
    });
    // Nothing changed: the session still works.
    expect((await server.call('GET', '/api/users/me', { token: session.token })).status).toBe(200);

    await server.call('POST', '/api/auth/forgot-password', { body: { email: session.email, rootUrl } });
    const mail = await server.mail.waitFor(session.email, (m) => m.text.includes('/auth/reset-password'));
    const code = linkIn(mail, '/auth/reset-password').searchParams.get('code');
    const reset = (password: string) =>
      server.call<Schemas['Problem']>('POST', '/api/auth/reset-password', { body: { code, password } });
    const resetSame = await reset(session.password);
    expect(resetSame.status).toBe(400);
    expect(resetSame.body.errors?.[0]).toMatchObject({
      field: '/body/password',
      code: 'field.same-password',
    });
    const resetCommon = await reset('motdepasse');
    expect(resetCommon.status).toBe(400);
    expect(resetCommon.body.errors?.[0]).toMatchObject({
      field: '/body/password',
      code: 'field.common-password',
    });
    // The refusals did not spend the link: it still takes a good password.
    expect((await reset('a less obvious one')).status).toBe(204);
    await server.login(session.email, 'a less obvious one');
  });

  it('refuses an expired token and a token signed with another key', async () => {
    const session = await server.signUp();
    const secret = (
      await server.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'jwt_secret')
        .executeTakeFirstOrThrow()
    ).value;
    const expired = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.userId)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(secret));
    const forged = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.userId)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another secret that is long enough!!'));
    for (const token of [expired, forged]) {
      expect((await server.call('GET', '/api/users/me', { token })).status).toBe(401);
    }
  });

  it('rate-limits failed logins per email: the 11th attempt gets 429 with Retry-After, even with the right password', async () => {
    const session = await server.signUp();
    for (let i = 0; i < 10; i++) {
      const answer = await server.call('POST', '/api/auth/login', {
        body: { email: session.email, password: `wrong ${i}` },
        client: server.newClient(),
      });
      expect(answer.status).toBe(401);
    }
    const blocked = await server.call<Schemas['Problem']>('POST', '/api/auth/login', {
      body: { email: session.email, password: session.password },
      client: server.newClient(),
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.type).toBe('urn:mulot:problem:rate-limited');
  });

  it('rate-limits failed logins per client across emails', async () => {
    const client = server.newClient();
    for (let i = 0; i < 10; i++) {
      const answer = await server.call('POST', '/api/auth/login', {
        body: { email: email(), password: 'guess' },
        client,
      });
      expect(answer.status).toBe(401);
    }
    const blocked = await server.call('POST', '/api/auth/login', {
      body: { email: email(), password: 'guess' },
      client,
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('updates the profile', async () => {
    const session = await server.signUp();
    const updated = await server.call<Schemas['User']>('PATCH', '/api/users/me', {
      token: session.token,
      body: { firstname: '  Ada ', lastname: 'Lovelace' },
    });
    expect(updated.body).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace', email: session.email });
    const me = await server.call<Schemas['User']>('GET', '/api/users/me', { token: session.token });
    expect(me.body).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace' });
  });
});

describe('restarts', () => {
  it('keeps the generated JWT secret, so sessions survive a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mulot-restart-'));
    const db = backend === 'postgres' ? await freshDatabase() : null;
    const target = db ? db.target : ({ kind: 'pglite', dataDir: join(dir, 'pglite') } as const);
    // The run's migrated database rather than an initdb (which alone took most of the 30 s on a loaded machine);
    // the secret is still generated by the first start and must be the one the second start reads.
    if (!db) seedPgliteDir(join(dir, 'pglite'));
    try {
      const first = await startServer({ database: target, jwtSecret: undefined });
      const session = await first.signUp();
      await first.close();
      const second = await startServer({ database: target, jwtSecret: undefined });
      try {
        const me = await second.call<Schemas['User']>('GET', '/api/users/me', { token: session.token });
        expect(me.status).toBe(200);
        expect(me.body.email).toBe(session.email);
      } finally {
        await second.close();
      }
    } finally {
      await db?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('signs every session out after `pnpm rotate-secret`, and refuses to rotate a JWT_SECRET it does not hold', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mulot-rotate-'));
    const db = backend === 'postgres' ? await freshDatabase() : null;
    const target = db ? db.target : ({ kind: 'pglite', dataDir: join(dir, 'pglite') } as const);
    if (!db) seedPgliteDir(join(dir, 'pglite'));
    const env: Record<string, string> =
      target.kind === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: dir };
    try {
      const first = await startServer({ database: target, jwtSecret: undefined });
      const session = await first.signUp();
      await first.close();

      const refused = await rotateSecret({ ...env, JWT_SECRET: 'k'.repeat(40) });
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toMatch(
        /^mulot: rotate-secret failed: sessions are signed with JWT_SECRET/,
      );

      const rotated = await rotateSecret(env);
      expect(rotated.code, rotated.stderr).toBe(0);
      expect(rotated.stdout).toMatch(/^mulot: a new signing secret is stored/);
      const second = await startServer({ database: target, jwtSecret: undefined });
      try {
        const me = await second.call('GET', '/api/users/me', { token: session.token });
        expect(me.status).toBe(401);
        await second.login(session.email, session.password);
      } finally {
        await second.close();
      }
    } finally {
      await db?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
