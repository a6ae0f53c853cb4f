import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linkIn, MailSink } from '@mulot/testing/mail';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { DatabaseTarget } from '../src/db/index.ts';
import {
  backend,
  freshDatabase,
  rootUrl,
  type Session,
  seededDataDir,
  startServer,
  type TestServer,
} from './support/harness.ts';

// Short retry delays so a mail server coming back is noticed within a second; the lease stays long (a test that
// needs it short says so).
const fastOutbox: Config['outbox'] = { baseDelayMs: 100, maxDelayMs: 500, leaseMs: 60_000, pollMs: 200 };

const pendingRows = async (app: FastifyInstance) => app.mulot.outbox.pending();

/** Every mail queued has left: the table is empty (bodies with their one-time links are not kept). */
async function drained(app: FastifyInstance): Promise<void> {
  await expect.poll(() => pendingRows(app), { timeout: 10_000 }).toBe(0);
}

describe('mail outbox with the mail server down', () => {
  let server: TestServer;
  let admin: Session;

  beforeAll(async () => {
    server = await startServer({ outbox: fastOutbox });
    admin = await server.signUp();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers register, forgot-password and invite, then sends each mail once the server is back, once', async () => {
    await server.mail.stop();
    const newcomer = `newcomer-${randomUUID().slice(0, 8)}@example.com`;
    const invitee = `invitee-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await server.call('POST', '/api/auth/register', {
      body: { credentials: { email: newcomer, password: 'password 123' }, rootUrl },
      client: server.newClient(),
    });
    expect(registered.status).toBe(201);
    const forgot = await server.call('POST', '/api/auth/forgot-password', {
      body: { email: admin.email, rootUrl },
      client: server.newClient(),
    });
    expect(forgot.status).toBe(204);
    const invited = await server.call('POST', '/api/auth/invite', {
      token: admin.token,
      org: admin.org,
      body: { email: invitee, role: 'Contributor', rootRedirect: rootUrl },
    });
    expect(invited.status).toBe(201);

    // Attempts fail while the server is down; the mails wait in the outbox (and are tried again).
    await expect
      .poll(
        async () =>
          (await server.db.selectFrom('mail_outbox').select(['attempts', 'last_error']).execute()).filter(
            (r) => r.attempts > 0 && r.last_error,
          ).length,
        { timeout: 10_000 },
      )
      .toBe(3);
    const before = server.mail.mails.length;
    expect(server.mail.count(newcomer)).toBe(0);

    await server.mail.start();
    const confirmation = await server.mail.waitFor(newcomer, (m) => m.text.includes('/auth/confirm-account'));
    const reset = await server.mail.waitFor(admin.email, (m) => m.text.includes('/auth/reset-password'));
    await server.mail.waitFor(invitee, (m) => m.text.includes('/auth/accept-invitation'));
    await drained(server.app);
    expect(server.mail.mails.length - before).toBe(3);
    for (const to of [newcomer, invitee]) expect(server.mail.count(to)).toBe(1);

    // The links work: the mail carried what was needed, without anything being derived again.
    const link = linkIn(confirmation, '/auth/confirm-account');
    const confirmed = await server.call('POST', '/api/auth/confirm', {
      body: { code: link.searchParams.get('code'), email: link.searchParams.get('email') },
      client: server.newClient(),
    });
    expect(confirmed.status).toBe(204);
    const code = linkIn(reset, '/auth/reset-password').searchParams.get('code');
    const changed = await server.call('POST', '/api/auth/reset-password', {
      body: { code, password: 'a new password' },
      client: server.newClient(),
    });
    expect(changed.status).toBe(204);
  });

  it('drops, unsent, a mail whose link expired before the mail server came back', async () => {
    await server.mail.stop();
    const late = `late-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await server.call('POST', '/api/auth/register', {
      body: { credentials: { email: late, password: 'password 123' }, rootUrl },
      client: server.newClient(),
    });
    expect(registered.status).toBe(201);
    await server.db
      .updateTable('mail_outbox')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('recipient', '=', late)
      .execute();
    await drained(server.app);
    await server.mail.start();
    // A mail queued after it leaves: the worker runs, and the expired one is not sent.
    const next = `next-${randomUUID().slice(0, 8)}@example.com`;
    await server.call('POST', '/api/auth/register', {
      body: { credentials: { email: next, password: 'password 123' }, rootUrl },
      client: server.newClient(),
    });
    await server.mail.waitFor(next);
    expect(server.mail.count(late)).toBe(0);
  });

  it('keeps the mail and the change together: a refused change queues no mail', async () => {
    // (The test before reset the administrator's password: a session of a new account.)
    const owner = await server.signUp();
    // The mails of the tests before are received before their rows are deleted: start from an empty outbox.
    await drained(server.app);
    // Inviting someone already a member: refused inside the transaction that would queue the invitation.
    const refused = await server.call('POST', '/api/auth/invite', {
      token: owner.token,
      org: owner.org,
      body: { email: owner.email, role: 'Contributor', rootRedirect: rootUrl },
    });
    expect(refused.status).toBe(409);
    expect(await pendingRows(server.app)).toBe(0);
  });
});

describe('mail outbox across restarts', () => {
  const sink = new MailSink();
  let smtpUrl: string;
  let database: { target: DatabaseTarget; drop: () => Promise<void> };
  let dataDir: string;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    smtpUrl = await sink.start();
    dataDir =
      backend === 'pglite' ? seededDataDir('mulot-outbox-') : mkdtempSync(join(tmpdir(), 'mulot-outbox-'));
    // A database that outlives a server: files for PGlite, a scratch database for PostgreSQL.
    database =
      backend === 'pglite'
        ? { target: { kind: 'pglite', dataDir: join(dataDir, 'pglite') }, drop: async () => {} }
        : await freshDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    await sink.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<{ app: FastifyInstance; base: string }> {
    const app = await buildServer({
      database: database.target,
      dataDir,
      smtpUrl,
      logLevel: 'silent',
      backofficeDir: null,
      scryptCost: 1024,
      trustProxy: true,
      outbox: fastOutbox,
    });
    apps.push(app);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, base };
  }

  async function register(base: string, email: string): Promise<void> {
    const answer = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${apps.length}.1` },
      body: JSON.stringify({ credentials: { email, password: 'password 123' }, rootUrl }),
    });
    expect(answer.status).toBe(201);
  }

  it('sends a mail left pending by a stopped server once, when the next one starts', async () => {
    await sink.stop();
    const first = await start();
    const email = `pending-${randomUUID().slice(0, 8)}@example.com`;
    await register(first.base, email);
    await first.app.close();
    await sink.start();

    const second = await start();
    await sink.waitFor(email);
    await drained(second.app);
    expect(sink.count(email)).toBe(1);
    await second.app.close();
  });

  it('takes over a mail claimed by a process that died while sending it, once', async () => {
    await sink.stop();
    const first = await start();
    const email = `claimed-${randomUUID().slice(0, 8)}@example.com`;
    await register(first.base, email);
    // What a worker killed in the middle of a send leaves: a claim by someone who will never finish it, its
    // lease running for another second.
    await first.app.mulot.db
      .updateTable('mail_outbox')
      .set({ claimed_by: randomUUID(), next_attempt_at: sql<Date>`now() + interval '1 second'` })
      .execute();
    await first.app.close();
    await sink.start();

    const next = await start();
    await sink.waitFor(email);
    await drained(next.app);
    expect(sink.count(email)).toBe(1);
    await next.app.close();
  });

  it.skipIf(backend === 'pglite')(
    'two servers on one PostgreSQL database send each mail once between them',
    async () => {
      await sink.stop();
      const a = await start();
      const b = await start();
      const emails = Array.from(
        { length: 8 },
        (_, i) => `replica-${i}-${randomUUID().slice(0, 6)}@example.com`,
      );
      for (const [i, email] of emails.entries()) await register(i % 2 ? a.base : b.base, email);
      await sink.start();
      for (const email of emails) await sink.waitFor(email);
      await drained(a.app);
      await drained(b.app);
      for (const email of emails) expect(sink.count(email), email).toBe(1);
      await a.app.close();
      await b.app.close();
    },
  );
});
