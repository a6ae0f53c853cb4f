// Three replicas of the real command on one PostgreSQL database, behind nginx (deploy/nginx.conf, round-robin,
// proxy_next_upstream off): the promises that must not live in one process's memory, checked through the balancer.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linkIn, MailSink } from '@mulot/testing/mail';
import { skipped } from '@mulot/testing/skips';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, freshDatabase, rootUrl } from './support/harness.ts';
import { Cluster, replicaSkipReason } from './support/replicas.ts';

// Runs in the postgres project. Where there is none (TEST_DATABASE_URL unset), the pglite project reports why it did not
// run, so that `pnpm test` shows it (and fails where PostgreSQL was expected) instead of leaving it out silently.
const skip =
  backend === 'postgres' || !process.env.TEST_DATABASE_URL
    ? skipped('api: three replicas behind nginx (replicas.test.ts)', replicaSkipReason(), {
        postgres: true,
      }) || backend !== 'postgres'
    : true;

interface Answer<T> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
}

/** One request on its own connection (no keep-alive, as nginx's old workers close theirs on a reload). */
function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; org?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { connection: 'close', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.org) headers['x-organization-id'] = options.org;
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (payload) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers, agent: false, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const json = (res.headers['content-type'] ?? '').includes('json') && text;
        resolve({
          status: res.statusCode ?? 0,
          body: (json ? JSON.parse(text) : text) as T,
          headers: res.headers,
        });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

describe.skipIf(skip)('three replicas behind nginx on one PostgreSQL', () => {
  let cluster: Cluster;
  let mail: MailSink;
  let dataDir: string;
  let drop: () => Promise<void> = async () => {};
  let base: string;

  beforeAll(async () => {
    const database = await freshDatabase();
    drop = database.drop;
    if (database.target.kind !== 'postgres') throw new Error('needs PostgreSQL');
    mail = new MailSink();
    const smtpUrl = await mail.start();
    dataDir = mkdtempSync(join(tmpdir(), 'mulot-replicas-'));
    cluster = await Cluster.start(3, {
      DATABASE_URL: database.target.url,
      SMTP_URL: smtpUrl,
      DATA_DIR: dataDir,
    });
    base = cluster.balancer.base;
  }, 600_000);

  afterAll(async () => {
    await cluster?.stop();
    await mail?.stop();
    await drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function register(email: string): Promise<number> {
    const answer = await call(base, 'POST', '/api/auth/register', {
      body: { credentials: { email, password: 'correct horse 1' }, rootUrl },
    });
    return answer.status;
  }

  async function signUp(email = `r-${randomUUID().slice(0, 8)}@example.com`, password = 'correct horse 1') {
    expect(await register(email)).toBe(201);
    const link = linkIn(
      await mail.waitFor(email, (m) => m.text.includes('/auth/confirm-account')),
      '/auth/confirm-account',
    );
    const confirmed = await call(base, 'POST', '/api/auth/confirm', {
      body: { code: link.searchParams.get('code'), email },
    });
    expect(confirmed.status).toBe(204);
    const login = await call<{ jwt: string }>(base, 'POST', '/api/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    const orgs = await call<Array<{ id: string }>>(base, 'GET', '/api/organizations', {
      token: login.body.jwt,
    });
    return { email, password, token: login.body.jwt, org: orgs.body[0]?.id ?? '' };
  }

  it('serves a session made on one replica on every replica; a password change revokes it everywhere', async () => {
    const session = await signUp();
    for (const replica of cluster.replicas) {
      expect((await call(replica.base, 'GET', '/api/users/me', { token: session.token })).status).toBe(200);
    }
    const changed = await call<{ jwt: string }>(base, 'POST', '/api/auth/change-password', {
      token: session.token,
      body: { currentPassword: session.password, newPassword: 'another horse 2' },
    });
    expect(changed.status).toBe(200);
    for (const replica of cluster.replicas) {
      expect((await call(replica.base, 'GET', '/api/users/me', { token: session.token })).status).toBe(401);
      expect((await call(replica.base, 'GET', '/api/users/me', { token: changed.body.jwt })).status).toBe(
        200,
      );
    }
  });

  it('lets exactly one of two concurrent edits holding the same version win, on two replicas', async () => {
    const { token, org } = await signUp();
    const project = await call<{ id: string }>(base, 'POST', '/api/projects', {
      token,
      org,
      body: { name: 'Replicas', description: '', sites: ['replicas.example.com'] },
    });
    const category = await call<{ id: string }>(base, 'POST', `/api/projects/${project.body.id}/categories`, {
      token,
      org,
      body: { name: 'Editing' },
    });
    const body = { title: 'Guide', description: 'd', summary: 's', minDuration: 1, maxDuration: 2 };
    const scenario = await call<{ id: string; version: number }>(
      base,
      'POST',
      `/api/projects/${project.body.id}/categories/${category.body.id}/scenarios`,
      { token, org, body },
    );
    expect(scenario.status).toBe(201);
    const [a, b] = cluster.replicas;
    if (!a || !b) throw new Error('two replicas needed');
    const edits = await Promise.all(
      [a, b].map((replica, i) =>
        call(replica.base, 'PUT', `/api/scenarios/${scenario.body.id}`, {
          token,
          org,
          body: { ...body, title: `Edit ${i}` },
          headers: { 'if-match': `"${scenario.body.version}"` },
        }),
      ),
    );
    expect(edits.map((e) => e.status).sort()).toEqual([200, 412]);
  });

  it('delivers each mail of a burst of registrations exactly once while replicas are killed and restarted', async () => {
    const [, second, third] = cluster.replicas;
    if (!second || !third) throw new Error('three replicas needed');
    const accepted: string[] = [];
    const refused: string[] = [];
    const burst = async (n: number) => {
      const emails = Array.from({ length: n }, () => `burst-${randomUUID().slice(0, 8)}@example.com`);
      const statuses = await Promise.all(emails.map(register));
      emails.forEach((e, i) => {
        (statuses[i] === 201 ? accepted : refused).push(e);
      });
    };
    await burst(9);
    // Killed outright (no shutdown hook): its share of the next burst fails at nginx, nothing is retried.
    await Promise.all(accepted.map((e) => mail.waitFor(e, () => true)));
    await second.kill();
    await burst(9);
    await second.start();
    // Stopped gracefully in the middle of a burst: what it accepted, it finishes, mail included.
    await Promise.all([burst(9), new Promise((r) => setTimeout(r, 50)).then(() => third.stop())]);
    await third.start();
    await burst(9);
    expect(accepted.length).toBeGreaterThanOrEqual(24);
    // Mail of a replica stopped while sending waits for its worker's next poll, or another's.
    const deadline = Date.now() + 30_000;
    while (accepted.some((e) => mail.count(e) === 0) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    // A moment for any duplicate to arrive.
    await new Promise((r) => setTimeout(r, 1500));
    for (const e of accepted) expect(mail.count(e), e).toBe(1);
    for (const e of refused) expect(mail.count(e), e).toBeLessThanOrEqual(1);
  }, 600_000);

  it('loses no request of steady traffic during a rolling restart (drain at nginx, SIGTERM, start, ready)', async () => {
    const { token, org } = await signUp();
    let stop = false;
    let ok = 0;
    const errors: string[] = [];
    const client = async () => {
      while (!stop) {
        try {
          const answer = await call(base, 'GET', '/api/projects', { token, org });
          if (answer.status === 200) ok += 1;
          else errors.push(`${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        } catch (error) {
          errors.push(String(error));
        }
      }
    };
    const clients = Array.from({ length: 4 }, client);
    const ports = cluster.ports;
    const started = Date.now();
    for (const replica of cluster.replicas) {
      cluster.balancer.configure(ports, new Set([replica.port]));
      await cluster.balancer.reload();
      await replica.stop();
      await replica.start();
      const ready = await call(replica.base, 'GET', '/api/ready');
      expect(ready.status).toBe(200);
      cluster.balancer.configure(ports);
      await cluster.balancer.reload();
    }
    stop = true;
    await Promise.all(clients);
    console.log(
      `rolling restart of 3 replicas: ${ok} requests in ${((Date.now() - started) / 1000).toFixed(1)} s, ${errors.length} errors`,
    );
    expect(errors).toEqual([]);
    expect(ok).toBeGreaterThan(50);
  }, 600_000);

  // Last: its failures count against the balancer's client address too.
  it('holds the failed-login limit across replicas: the 11th failure within the window is refused', async () => {
    const { email, password } = await signUp();
    // Up to 31 attempts: the in-process limiter of one replica each (before) let 30 through on three replicas.
    const answers: number[] = [];
    for (let i = 0; i < 31 && !answers.includes(429); i++) {
      const answer = await call(base, 'POST', '/api/auth/login', { body: { email, password: `wrong ${i}` } });
      answers.push(answer.status);
    }
    const allowed = answers.filter((s) => s === 401).length;
    console.log(`failed logins allowed before 429 across 3 replicas: ${allowed}`);
    expect(answers).toEqual([...Array(10).fill(401), 429]);
    const right = await call(base, 'POST', '/api/auth/login', { body: { email, password } });
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });
});
