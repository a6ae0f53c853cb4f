import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { linkIn } from '@mulot/testing/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootUrl, startServer, type TestServer } from './support/harness.ts';
import type { LogLine } from './support/process.ts';

const migrations = readdirSync(join(import.meta.dirname, '../migrations')).filter((f) => f.endsWith('.sql'));
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('health and readiness', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers /api/health without authentication', async () => {
    const health = await server.call<{ status: string }>('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
  });

  it('is ready when the database answers and has every migration, and says why not otherwise', async () => {
    const ready = await server.call<{ status: string; migrations: number; pendingMails: number }>(
      'GET',
      '/api/ready',
    );
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', migrations: migrations.length, pendingMails: 0 });

    // A database whose schema is older than this version (a migration not applied) is not ready.
    const last = migrations.at(-1) as string;
    await server.db
      .deleteFrom('schema_migrations' as never)
      .where('name' as never, '=', last as never)
      .execute();
    try {
      const stale = await fetch(`${server.base}/api/ready`, { headers: { 'x-locale': 'en' } });
      expect(stale.status).toBe(503);
      expect(stale.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await stale.json()).toMatchObject({
        type: 'urn:mulot:problem:not-ready',
        status: 503,
        detail: 'The database is not up to date: some migrations are not applied.',
      });
    } finally {
      await server.db
        .insertInto('schema_migrations' as never)
        .values({ name: last } as never)
        .execute();
    }
    expect((await server.call('GET', '/api/ready')).status).toBe(200);
  });

  it('is not ready once the database is gone, while health still answers', async () => {
    const other = await startServer();
    try {
      await other.db.destroy();
      const ready = await fetch(`${other.base}/api/ready`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { type: string }).type).toBe('urn:mulot:problem:not-ready');
      expect((await fetch(`${other.base}/api/health`)).status).toBe(200);
    } finally {
      await other.close().catch(() => {});
    }
  });
});

describe('logs', () => {
  const lines: LogLine[] = [];
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(
      { logLevel: 'info' },
      { logStream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) } },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('echoes a sane x-request-id and replaces any other by a generated one', async () => {
    const kept = await server.call('GET', '/api/health', { headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42');
    for (const bad of ['x'.repeat(200), 'two words', '<script>']) {
      const replaced = await server.call('GET', '/api/health', { headers: { 'x-request-id': bad } });
      expect(replaced.headers.get('x-request-id')).toMatch(uuid);
    }
    const generated = await server.call('GET', '/api/health');
    expect(generated.headers.get('x-request-id')).toMatch(uuid);
    // Errors and unknown routes carry it too.
    const missing = await server.call('GET', '/api/nothing-here');
    expect(missing.headers.get('x-request-id')).toMatch(uuid);
  });

  it('writes JSON lines, each line of a request with its id, and no password, token or code', async () => {
    const from = lines.length;
    const email = 'log-journey@example.com';
    const password = 'first secret password';
    const newPassword = 'second secret password';
    const ids: string[] = [];
    const call = async <T = unknown>(...args: Parameters<TestServer['call']>) => {
      const answer = await server.call<T>(...args);
      ids.push(answer.headers.get('x-request-id') as string);
      return answer;
    };

    await call('POST', '/api/auth/register', { body: { credentials: { email, password }, rootUrl } });
    const confirmLink = linkIn(await server.mail.waitFor(email), '/auth/confirm-account');
    const confirmCode = confirmLink.searchParams.get('code') as string;
    await call('POST', '/api/auth/confirm', { body: { code: confirmCode, email } });
    const login = await call<{ jwt: string }>('POST', '/api/auth/login', { body: { email, password } });
    const jwt = login.body.jwt;
    await call('GET', '/api/users/me', { token: jwt });
    // A wrong password is logged as a 401, not with the password.
    await call('POST', '/api/auth/login', { body: { email, password: 'wrong secret guess' } });
    await call('POST', '/api/auth/forgot-password', { body: { email, rootUrl } });
    const resetMail = await server.mail.waitFor(email, (m) => m.text.includes('/auth/reset-password'));
    const resetCode = linkIn(resetMail, '/auth/reset-password').searchParams.get('code') as string;
    await call('POST', '/api/auth/reset-password', { body: { code: resetCode, password: newPassword } });
    const again = await call<{ jwt: string }>('POST', '/api/auth/login', {
      body: { email, password: newPassword },
    });
    // A code in a query string (a mailed link opened on the API's origin) is not written out either.
    const page = await fetch(
      `${server.base}/auth/reset-password?code=${encodeURIComponent(resetCode)}&lang=fr`,
    );
    ids.push(page.headers.get('x-request-id') as string);

    const journey = lines.slice(from);
    const text = JSON.stringify(journey);
    for (const secret of [
      password,
      newPassword,
      'wrong secret guess',
      confirmCode,
      resetCode,
      jwt,
      again.body.jwt,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('/auth/reset-password?code=[REDACTED]&lang=fr');

    // Every line is a request's (with its id) or the outbox worker's.
    for (const line of journey) {
      if (line.component === 'outbox') continue;
      expect(line.reqId, JSON.stringify(line)).toBeTypeOf('string');
    }
    for (const id of ids) {
      const own = journey.filter((l) => l.reqId === id);
      expect(own.map((l) => l.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'request completed']),
      );
    }
    expect(journey.some((l) => l.component === 'outbox' && l.msg === 'mail sent')).toBe(true);
  });

  it("never writes an end user's address (the public calls), and writes a member's", async () => {
    const from = lines.length;
    const endUser = '198.51.100.23';
    const member = '198.51.100.42';
    const key = `mlt_pk_${'z'.repeat(40)}`;
    const url = encodeURIComponent('https://boutique.example.com/');
    await server.call('GET', `/api/public/catalogue?key=${key}&url=${url}`, { client: endUser });
    // The preflight is no operation of the contract: asked directly.
    await fetch(`${server.base}/api/public/runs`, {
      method: 'OPTIONS',
      headers: {
        'x-forwarded-for': endUser,
        origin: 'https://boutique.example.com',
        'access-control-request-method': 'POST',
      },
    });
    await server.call('GET', '/api/health', { client: member });
    const text = JSON.stringify(lines.slice(from));
    expect(text).toContain('/api/public/catalogue');
    expect(text).not.toContain(endUser);
    expect(text).toContain(member);
  });
});
