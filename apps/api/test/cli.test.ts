import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { MailSink } from '@mulot/testing/mail';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.ts';
import { backend, rootUrl, seededDataDir } from './support/harness.ts';
import { ApiProcess } from './support/process.ts';

// The command itself, as a child process; the database is PGlite in DATA_DIR (the backend does not change what
// these check), so they run once, in the PGlite project.
describe.skipIf(backend !== 'pglite')('the mulot-api command', () => {
  const dirs: string[] = [];
  const processes: ApiProcess[] = [];
  afterAll(() => {
    for (const p of processes) p.kill('SIGKILL');
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  function run(env: Record<string, string>): ApiProcess {
    const p = new ApiProcess(env);
    processes.push(p);
    return p;
  }

  it('refuses a wrong setting with one line on stderr naming it, and a non-zero exit', async () => {
    const dataDir = seededDataDir('mulot-cli-config-');
    dirs.push(dataDir);
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const busyPort = String((busy.address() as { port: number }).port);
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ PORT: 'eighty' }, /^mulot: configuration error: PORT must be a positive integer, got "eighty"$/],
      [{ PORT: '70000' }, /^mulot: configuration error: PORT must be at most 65535/],
      [{ PORT: busyPort }, new RegExp(`^mulot: configuration error: PORT ${busyPort} is already in use`)],
      [
        { DATABASE_URL: 'mysql://db/mulot' },
        /^mulot: configuration error: DATABASE_URL must start with postgres:\/\//,
      ],
      [
        // Nothing listens on port 1: the server cannot be reached; the password is not printed.
        { DATABASE_URL: 'postgres://mulot:s3cret-pw@127.0.0.1:1/mulot' },
        /^mulot: configuration error: DATABASE_URL postgres:\/\/mulot:\*\*\*@127\.0\.0\.1:1\/mulot cannot be used: .*ECONNREFUSED/,
      ],
      [
        { SMTP_URL: 'http://mail.example.com' },
        /^mulot: configuration error: SMTP_URL must start with smtp:\/\//,
      ],
      [{ SMTP_URL: 'not a url' }, /^mulot: configuration error: SMTP_URL is not a URL/],
      [
        { PUBLIC_URL: 'ftp://mulot.example.com' },
        /^mulot: configuration error: PUBLIC_URL must start with http:\/\//,
      ],
      [{ JWT_SECRET: 'short' }, /^mulot: configuration error: JWT_SECRET must be at least 32 characters/],
      [{ LOG_LEVEL: 'loud' }, /^mulot: configuration error: LOG_LEVEL must be one of/],
      [{ TRUST_PROXY: 'maybe' }, /^mulot: configuration error: TRUST_PROXY must be true or false/],
    ];
    try {
      // A few at a time: each is a whole Node process loading the server.
      const outcomes: Array<{ p: ApiProcess; exit: Awaited<ApiProcess['exited']> }> = [];
      for (let i = 0; i < cases.length; i += 3) {
        outcomes.push(
          ...(await Promise.all(
            cases.slice(i, i + 3).map(async ([env]) => {
              const p = run({ DATA_DIR: dataDir, ...env });
              return { p, exit: await p.exited };
            }),
          )),
        );
      }
      for (const [index, { p, exit }] of outcomes.entries()) {
        const [env, expected] = cases[index] as [Record<string, string>, RegExp];
        const label = JSON.stringify(env);
        expect(exit.code, label).not.toBe(0);
        expect(exit.code, label).not.toBeNull();
        const lines = p.stderr.split('\n').filter((l) => l.length > 0);
        expect(lines, label).toHaveLength(1);
        expect(lines[0], label).toMatch(expected);
        expect(p.stdout + p.stderr, label).not.toContain('s3cret-pw');
      }
    } finally {
      busy.close();
    }
  }, 600_000);

  it('warns at start in production when JWT_SECRET or PUBLIC_URL is unset, and says nothing once both are', async () => {
    const dataDir = seededDataDir('mulot-cli-warnings-');
    dirs.push(dataDir);
    const warnings = async (env: Record<string, string>) => {
      const api = run({ DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'info', ...env });
      await api.listening();
      api.kill('SIGINT');
      await api.exited;
      return api.lines.filter((l) => l.level === 40).map((l) => l.msg);
    };
    const bare = await warnings({});
    expect(bare).toHaveLength(2);
    expect(bare[0]).toMatch(/^JWT_SECRET is not set: /);
    expect(bare[1]).toMatch(/^PUBLIC_URL is not set: /);
    expect(await warnings({ JWT_SECRET: 's'.repeat(40), PUBLIC_URL: 'https://mulot.example.com' })).toEqual(
      [],
    );
  }, 600_000);

  it('warns at every start while steps reported by migration 0012 still have the URL reported, with the counts', async () => {
    const dataDir = seededDataDir('mulot-cli-step-urls-');
    dirs.push(dataDir);
    // what an installation from before issue 37 holds: a step played on another site, one on `javascript:`, and
    // one reported then fixed by its author (its URL is no longer the one reported)
    const db = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    const [organization, project, category, scenario] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    await sql`INSERT INTO organizations (id, name) VALUES (${organization}, 'O')`.execute(db);
    await sql`INSERT INTO projects (id, organization_id, name, description, sites)
      VALUES (${project}, ${organization}, 'P', '', '["https://shop.example.com"]'::jsonb)`.execute(db);
    await sql`INSERT INTO categories (id, organization_id, project_id, name)
      VALUES (${category}, ${organization}, ${project}, 'C')`.execute(db);
    await sql`INSERT INTO scenarios (id, organization_id, category_id, title, description, summary, min_duration, max_duration)
      VALUES (${scenario}, ${organization}, ${category}, 'S', '', '', 0, 0)`.execute(db);
    const steps: Array<[string, string, string]> = [
      ['https://evil.example.org/', 'https://evil.example.org/', 'site'],
      ['javascript:alert(1)', 'javascript:alert(1)', 'scheme'],
      ['https://shop.example.com/cart', 'https://u:p@shop.example.com/cart', 'credentials'],
    ];
    for (const [index, [url, reported, reason]] of steps.entries()) {
      const step = randomUUID();
      await sql`INSERT INTO steps (id, organization_id, scenario_id, position, name, text, url, auto_click,
          missing_wait_seconds, missing_then, created_at, updated_at)
        VALUES (${step}, ${organization}, ${scenario}, ${index + 1}, 's', 't', ${url}, false, 6, 'unanchored', now(), now())`.execute(
        db,
      );
      await sql`INSERT INTO step_url_reports (step_id, scenario_id, organization_id, url, reason)
        VALUES (${step}, ${scenario}, ${organization}, ${reported}, ${reason})`.execute(db);
    }
    await db.destroy();

    const api = run({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    await api.listening();
    api.kill('SIGINT');
    await api.exited;
    const warnings = api.lines.filter((l) => l.level === 40).map((l) => l.msg);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^2 step URL\(s\) saved before issue 37 are not http\(s\) pages of their project's sites \(table step_url_reports, 1 organization\(s\)\): .*ask their authors to fix/,
    );
  }, 600_000);

  it('on SIGTERM stops accepting, answers the requests in progress, flushes the outbox, closes and exits 0', async () => {
    const dataDir = seededDataDir('mulot-cli-stop-');
    dirs.push(dataDir);
    const sink = new MailSink();
    const smtpUrl = await sink.start();
    const env = { DATA_DIR: dataDir, SMTP_URL: smtpUrl, LOG_LEVEL: 'info' };
    try {
      const api = run(env);
      const base = new URL(await api.listening());

      // Registrations whose body is still arriving when the signal comes: in progress by construction.
      const emails = Array.from({ length: 3 }, (_, i) => `stop-${i}-${randomUUID().slice(0, 6)}@example.com`);
      const inFlight = emails.map((email, i) => {
        const body = Buffer.from(
          JSON.stringify({ credentials: { email, password: 'password 123' }, rootUrl }),
        );
        const id = `in-flight-${i}`;
        let finish!: () => void;
        const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = request(
            {
              host: base.hostname,
              port: base.port,
              path: '/api/auth/register',
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'content-length': body.length,
                'x-request-id': id,
              },
            },
            (res) => {
              let text = '';
              res.on('data', (c: Buffer) => {
                text += c.toString('utf8');
              });
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
            },
          );
          req.on('error', reject);
          req.write(body.subarray(0, 10));
          finish = () => req.end(body.subarray(10));
        });
        return { id, answer, finish: () => finish() };
      });
      for (const { id } of inFlight)
        await api.waitForLine((l) => l.reqId === id && l.msg === 'incoming request');

      api.kill('SIGTERM');
      await api.waitForLine((l) => l.msg.startsWith('shutting down'));
      // No new connection is accepted any more…
      await expect
        .poll(
          () =>
            fetch(new URL('/api/health', base)).then(
              () => 'accepted',
              (error: { cause?: { code?: string } }) => error.cause?.code,
            ),
          { timeout: 10_000 },
        )
        .toBe('ECONNREFUSED');
      // …but the requests in progress are answered in full.
      for (const { finish } of inFlight) finish();
      const answers = await Promise.all(inFlight.map((r) => r.answer));
      for (const answer of answers) expect(answer.status, answer.body).toBe(201);
      const exit = await api.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      expect(api.lines.at(-1)?.msg).toBe('stopped');
      expect(api.stderr).toBe('');

      // Mails the worker had no time to send wait in the database: the next start sends each of them, once.
      const again = run(env);
      const nextBase = await again.listening();
      for (const email of emails) await sink.waitFor(email);
      await expect
        .poll(
          async () =>
            ((await (await fetch(`${nextBase}/api/ready`)).json()) as { pendingMails: number }).pendingMails,
          { timeout: 10_000 },
        )
        .toBe(0);
      for (const email of emails) expect(sink.count(email), email).toBe(1);
      again.kill('SIGINT');
      expect(await again.exited).toEqual({ code: 0, signal: null });
    } finally {
      await sink.stop();
    }
  }, 600_000);
});
