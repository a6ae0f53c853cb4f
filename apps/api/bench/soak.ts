// pnpm bench:soak — a few minutes of mixed traffic against the real command (src/cli.ts as a child process) while
// faults are injected: the mail server stopped and started again, the API killed (SIGKILL) and started again on the
// same data. Prints requests, errors by kind, latency, the same figures for a shorter run without faults (the
// baseline, measured first), and the end-of-run checks: every acknowledged write is there, every mail arrived once.
//
// SOAK_SECONDS (default 180) is the length of the run with faults; the baseline lasts a quarter of it (at least 20 s).
// SOAK_USERS (default 6) concurrent authors. PGlite in a temporary DATA_DIR; again on PostgreSQL when DATABASE_URL or
// TEST_DATABASE_URL names a server (a scratch database is created there and dropped). Loopback only; not in pnpm test.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linkIn, MailSink } from '@mulot/testing/mail';
import pg from 'pg';
import { ApiProcess } from '../test/support/process.ts';

const faultSeconds = Number(process.env.SOAK_SECONDS ?? 180);
const baselineSeconds = Math.max(20, Math.round(faultSeconds / 4));
const users = Number(process.env.SOAK_USERS ?? 6);
const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const rootUrl = 'http://localhost:5173';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ── one run: a server, a mail sink, the authors, the faults ──

type Outcome = { ok: boolean; kind: string; ms: number; op: string };

interface Tracked {
  owner: Account;
  path: string;
  field: string;
  /** Values it may have: the last acknowledged one, plus any attempted after it without an answer. */
  possible: Set<string>;
  gone: 'no' | 'yes' | 'maybe';
  children: Tracked[];
}

interface Account {
  email: string;
  password: string;
  token: string | null;
  org: string | null;
}

class Run {
  readonly outcomes: Outcome[] = [];
  readonly tracked: Tracked[] = [];
  readonly authors: Account[] = [];
  /** Mails each address must receive (acknowledged requests) and may receive (requests whose answer was lost). */
  readonly mailsDue = new Map<string, { due: number; unsure: number }>();
  readonly sink = new MailSink();
  api!: ApiProcess;
  base = '';
  down = false;
  restarts: number[] = [];
  #clients = 0;
  readonly env: Record<string, string> = {};
  /** Set once the server listens: the run's length does not include the first start. */
  deadline = 0;

  async start(): Promise<void> {
    // Request lines are not kept: a few minutes of traffic would pile up in memory.
    this.api = new ApiProcess(this.env, (line) => line.reqId === undefined || line.level >= 50);
    this.base = await this.api.listening();
    this.down = false;
  }

  /** SIGKILL, then the same command on the same data; the time until it listens again is recorded. */
  async killAndRestart(): Promise<void> {
    const began = Date.now();
    this.down = true;
    this.api.kill('SIGKILL');
    await this.api.exited;
    await this.start();
    this.restarts.push(Date.now() - began);
  }

  client(): string {
    this.#clients += 1;
    return `10.${(this.#clients >> 16) & 255}.${(this.#clients >> 8) & 255}.${this.#clients & 255}`;
  }

  /** One HTTP exchange, recorded; null when no answer came (connection refused or reset, timeout). */
  async call(
    op: string,
    method: string,
    path: string,
    options: {
      token?: string | null;
      org?: string | null;
      body?: unknown;
      headers?: Record<string, string>;
    } = {},
  ): Promise<{ status: number; body: unknown; headers: Headers } | null> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.client(), ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.org) headers['x-organization-id'] = options.org;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const began = performance.now();
    const downBefore = this.down;
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      const ms = performance.now() - began;
      const expected = response.status < 400 || response.status === 404 || response.status === 412;
      this.outcomes.push({
        ok: response.status < 400,
        kind: expected
          ? response.status < 400
            ? 'ok'
            : `http ${response.status} (expected)`
          : `http ${response.status}`,
        ms,
        op,
      });
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      return { status: response.status, body, headers: response.headers };
    } catch (error) {
      const ms = performance.now() - began;
      const cause =
        (error as { cause?: { code?: string }; name?: string }).cause?.code ?? (error as Error).name;
      const kind =
        cause === 'TimeoutError'
          ? 'timeout'
          : downBefore || this.down
            ? 'no answer during the restart window'
            : `connection error (${cause})`;
      this.outcomes.push({ ok: false, kind, ms, op });
      // A client waits a little before trying again rather than hammering a server that is restarting.
      await sleep(250);
      return null;
    }
  }

  expectMail(email: string, acknowledged: boolean): void {
    const entry = this.mailsDue.get(email) ?? { due: 0, unsure: 0 };
    if (acknowledged) entry.due += 1;
    else entry.unsure += 1;
    this.mailsDue.set(email, entry);
  }
}

async function newAccount(run: Run): Promise<Account | null> {
  const email = `soak-${randomUUID().slice(0, 12)}@example.com`;
  const password = 'soak password 1';
  const registered = await run.call('register', 'POST', '/api/auth/register', {
    body: { credentials: { email, password }, rootUrl },
  });
  run.expectMail(email, registered?.status === 201);
  if (registered?.status !== 201) return null;
  return { email, password, token: null, org: null };
}

/** Confirms an account from its mail (when it has arrived) and signs in. */
async function activate(run: Run, account: Account): Promise<boolean> {
  const mail = run.sink.mails.find(
    (m) => m.to.includes(account.email) && m.text.includes('/auth/confirm-account'),
  );
  if (!mail) return false;
  const link = linkIn(mail, '/auth/confirm-account');
  const confirmed = await run.call('confirm', 'POST', '/api/auth/confirm', {
    body: { code: link.searchParams.get('code'), email: account.email },
  });
  if (confirmed?.status !== 204) return false;
  return signIn(run, account);
}

async function signIn(run: Run, account: Account): Promise<boolean> {
  const login = await run.call('login', 'POST', '/api/auth/login', {
    body: { email: account.email, password: account.password },
  });
  if (login?.status !== 200) return false;
  account.token = (login.body as { jwt: string }).jwt;
  const orgs = await run.call('read', 'GET', '/api/organizations', { token: account.token });
  if (orgs?.status !== 200) return false;
  account.org = (orgs.body as Array<{ id: string }>)[0]?.id ?? null;
  return account.org !== null;
}

const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const live = (items: Tracked[]) => items.filter((t) => t.gone === 'no');

function track(
  run: Run,
  owner: Account,
  path: string,
  field: string,
  value: string,
  parent?: Tracked,
): Tracked {
  const item: Tracked = { owner, path, field, possible: new Set([value]), gone: 'no', children: [] };
  run.tracked.push(item);
  parent?.children.push(item);
  return item;
}

function markGone(item: Tracked, how: 'yes' | 'maybe'): void {
  if (item.gone === 'yes') return;
  item.gone = how;
  for (const child of item.children) markGone(child, how);
}

/** One author: an account of their own, then a random mix of reads and writes until the run ends. */
async function author(run: Run): Promise<void> {
  let account: Account | null = null;
  while (!account?.token && Date.now() < run.deadline) {
    account ??= await newAccount(run);
    if (account && !(await activate(run, account))) await sleep(500);
  }
  if (!account?.token) return;
  const me = account;
  run.authors.push(me);
  const auth = () => ({ token: me.token, org: me.org });
  const projects: Tracked[] = [];
  const categories: Tracked[] = [];
  const scenarios: Tracked[] = [];
  const steps: Tracked[] = [];
  const waiting: Account[] = [];

  while (Date.now() < run.deadline) {
    const r = Math.random();
    if (r < 0.04) {
      const other = await newAccount(run);
      if (other) waiting.push(other);
    } else if (r < 0.07) {
      const other = waiting[0];
      if (other && (await activate(run, other))) waiting.shift();
    } else if (r < 0.1) {
      await signIn(run, me);
    } else if (r < 0.12) {
      const answer = await run.call('forgot-password', 'POST', '/api/auth/forgot-password', {
        body: { email: me.email, rootUrl },
      });
      run.expectMail(me.email, answer?.status === 204);
    } else if (r < 0.2 || live(projects).length === 0) {
      const name = `Project ${randomUUID().slice(0, 8)}`;
      const answer = await run.call('write', 'POST', '/api/projects', {
        ...auth(),
        body: { name, description: 'soak', sites: ['https://soak.example.com'] },
      });
      if (answer?.status === 201) {
        const id = (answer.body as { id: string }).id;
        projects.push(track(run, me, `/api/projects/${id}`, 'name', name));
      }
    } else if (r < 0.26) {
      const project = pick(live(projects)) as Tracked;
      const name = `Renamed ${randomUUID().slice(0, 8)}`;
      const answer = await run.call('write', 'PUT', project.path, {
        ...auth(),
        body: { name, description: 'soak', sites: ['https://soak.example.com'] },
      });
      if (answer?.status === 200) project.possible = new Set([name]);
      else if (!answer) project.possible.add(name);
    } else if (r < 0.28) {
      const project = pick(live(projects)) as Tracked;
      const answer = await run.call('write', 'DELETE', project.path, auth());
      if (answer?.status === 204) markGone(project, 'yes');
      else if (!answer) markGone(project, 'maybe');
    } else if (r < 0.36) {
      const project = pick(live(projects)) as Tracked;
      const name = `Category ${randomUUID().slice(0, 8)}`;
      const answer = await run.call('write', 'POST', `${project.path}/categories`, {
        ...auth(),
        body: { name, description: '' },
      });
      if (answer?.status === 201) {
        const id = (answer.body as { id: string }).id;
        categories.push(track(run, me, `${project.path}/categories/${id}`, 'name', name, project));
      }
    } else if (r < 0.44) {
      const category = pick(live(categories));
      if (!category) continue;
      const title = `Guide ${randomUUID().slice(0, 8)}`;
      const answer = await run.call('write', 'POST', `${category.path}/scenarios`, {
        ...auth(),
        body: { title, description: 'd', summary: 's', minDuration: 1, maxDuration: 3 },
      });
      if (answer?.status === 201) {
        const id = (answer.body as { id: string }).id;
        scenarios.push(track(run, me, `/api/scenarios/${id}`, 'title', title, category));
      }
    } else if (r < 0.56) {
      const scenario = pick(live(scenarios));
      if (!scenario) continue;
      const text = `Click ${randomUUID().slice(0, 8)}`;
      const answer = await run.call('write', 'POST', `${scenario.path}/steps`, {
        ...auth(),
        body: {
          name: 'Step',
          text,
          url: 'https://soak.example.com/',
          extra: null,
          target: { css: '#a' },
          autoClick: false,
        },
      });
      if (answer?.status === 201) {
        const id = (answer.body as { id: string }).id;
        steps.push(track(run, me, `${scenario.path}/steps/${id}`, 'text', text, scenario));
      }
    } else if (r < 0.62) {
      const step = pick(live(steps));
      if (!step) continue;
      // A version check (If-Match), when the server asks for one, is honoured with the version just read.
      const current = await run.call('read', 'GET', step.path, auth());
      if (current?.status !== 200) continue;
      const etag = current.headers.get('etag');
      const text = `Edited ${randomUUID().slice(0, 8)}`;
      const answer = await run.call('write', 'PUT', step.path, {
        ...auth(),
        headers: etag ? { 'if-match': etag } : {},
        body: {
          name: 'Step',
          text,
          url: 'https://soak.example.com/',
          extra: null,
          target: { css: '#b' },
          autoClick: true,
        },
      });
      if (answer?.status === 200) step.possible = new Set([text]);
      else if (!answer) step.possible.add(text);
    } else if (r < 0.64) {
      const step = pick(live(steps));
      if (!step) continue;
      const answer = await run.call('write', 'DELETE', step.path, auth());
      if (answer?.status === 204) markGone(step, 'yes');
      else if (!answer) markGone(step, 'maybe');
    } else {
      const target = pick([...live(projects), ...live(categories), ...live(scenarios), ...live(steps)]);
      if (Math.random() < 0.3 || !target) await run.call('read', 'GET', '/api/projects', auth());
      else await run.call('read', 'GET', target.path, auth());
    }
  }
}

// ── figures ──

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

function figures(title: string, run: Run, seconds: number) {
  const answered = run.outcomes.filter(
    (o) => !o.kind.startsWith('no answer') && !o.kind.startsWith('connection') && o.kind !== 'timeout',
  );
  const latencies = answered.map((o) => o.ms).sort((a, b) => a - b);
  const writes = answered
    .filter((o) => o.op === 'write')
    .map((o) => o.ms)
    .sort((a, b) => a - b);
  const reads = answered
    .filter((o) => o.op === 'read')
    .map((o) => o.ms)
    .sort((a, b) => a - b);
  return {
    run: title,
    seconds,
    requests: run.outcomes.length,
    'req/s': Math.round(run.outcomes.length / seconds),
    ok: run.outcomes.filter((o) => o.ok).length,
    'p50 ms': Math.round(percentile(latencies, 50)),
    'p99 ms': Math.round(percentile(latencies, 99)),
    'reads p99 ms': Math.round(percentile(reads, 99)),
    'writes p99 ms': Math.round(percentile(writes, 99)),
  };
}

function errorKinds(run: Run): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const o of run.outcomes) if (o.kind !== 'ok') kinds[o.kind] = (kinds[o.kind] ?? 0) + 1;
  return kinds;
}

// ── end-of-run checks ──

async function checkData(run: Run): Promise<{ checked: number; missing: string[] }> {
  const missing: string[] = [];
  let checked = 0;
  for (const item of run.tracked) {
    if (item.gone === 'maybe') continue;
    // With the token the author got before the kills: the JWT secret survived them too.
    const answer = await run.call('check', 'GET', item.path, {
      token: item.owner.token,
      org: item.owner.org,
    });
    checked += 1;
    if (item.gone === 'yes') {
      if (answer?.status !== 404)
        missing.push(`${item.path}: deleted (acknowledged) but answers ${answer?.status}`);
      continue;
    }
    const value = (answer?.body as Record<string, unknown> | undefined)?.[item.field];
    if (answer?.status !== 200)
      missing.push(`${item.path}: acknowledged, answers ${answer?.status ?? 'nothing'}`);
    else if (!item.possible.has(String(value)))
      missing.push(
        `${item.path}: ${item.field} is "${String(value)}", acknowledged ${[...item.possible].join(' | ')}`,
      );
  }
  return { checked, missing };
}

async function checkMail(run: Run): Promise<Record<string, number | string>> {
  const received = (email: string) => run.sink.mails.filter((m) => m.to.includes(email));
  // The outbox retries with backoff (up to a minute): give it time to catch up once the mail server is back.
  const settle = Date.now() + 150_000;
  while (Date.now() < settle) {
    if ([...run.mailsDue].every(([email, { due }]) => received(email).length >= due)) break;
    await sleep(1000);
  }
  let due = 0;
  let arrived = 0;
  let lost = 0;
  let extra = 0;
  let resentSameId = 0;
  for (const [email, expected] of run.mailsDue) {
    const mails = received(email);
    const ids = mails.map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1] ?? '');
    resentSameId += ids.length - new Set(ids).size;
    due += expected.due;
    arrived += mails.length;
    if (mails.length < expected.due) lost += expected.due - mails.length;
    if (mails.length > expected.due + expected.unsure) extra += mails.length - expected.due - expected.unsure;
  }
  return {
    'mails due (acknowledged requests)': due,
    'mails received': arrived,
    missing: lost,
    'sent twice (more than requested)': extra,
    'same Message-ID twice': resentSameId,
  };
}

// ── a phase: a database, a server, the traffic, optionally the faults ──

async function database(kind: 'pglite' | 'postgres', dataDir: string) {
  if (kind === 'pglite') return { env: {}, drop: async () => {} };
  const name = `mulot_soak_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl as string);
  url.pathname = `/${name}`;
  void dataDir;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function phase(kind: 'pglite' | 'postgres', faults: boolean, seconds: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'mulot-soak-'));
  const db = await database(kind, dataDir);
  const log: string[] = [];
  const run = new Run();
  try {
    const smtpUrl = await run.sink.start();
    Object.assign(run.env, {
      DATA_DIR: dataDir,
      SMTP_URL: smtpUrl,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
      ...db.env,
    });
    await run.start();
    const began = Date.now();
    run.deadline = began + seconds * 1000;
    const at = (fraction: number) => sleep(Math.max(0, began + fraction * seconds * 1000 - Date.now()));
    const note = (what: string) =>
      log.push(`${((Date.now() - began) / 1000).toFixed(0).padStart(4)} s  ${what}`);
    const injected = faults
      ? (async () => {
          await at(0.15);
          await run.sink.stop();
          note('mail server stopped');
          await at(0.35);
          await run.sink.start();
          note('mail server started');
          await at(0.5);
          note('API killed (SIGKILL)');
          await run.killAndRestart();
          note(`API listening again after ${run.restarts.at(-1)} ms`);
          await at(0.7);
          await run.sink.stop();
          note('mail server stopped');
          await at(0.75);
          note('API killed (SIGKILL) while the mail server is down');
          await run.killAndRestart();
          note(`API listening again after ${run.restarts.at(-1)} ms`);
          await at(0.85);
          await run.sink.start();
          note('mail server started');
        })()
      : Promise.resolve();
    await Promise.all([...Array.from({ length: users }, () => author(run)), injected]);
    const traffic = figures(`${kind}, ${faults ? 'with faults' : 'baseline (no faults)'}`, run, seconds);
    const errors = errorKinds(run);
    const mail = await checkMail(run);
    const data = await checkData(run);
    // The end: a graceful stop must still exit 0 after all this.
    run.api.kill('SIGTERM');
    const exit = await run.api.exited;
    return { traffic, errors, mail, data, log, exit, restarts: run.restarts };
  } finally {
    run.api?.kill('SIGKILL');
    await run.sink.stop();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const backends: Array<'pglite' | 'postgres'> = adminUrl ? ['pglite', 'postgres'] : ['pglite'];
console.log(
  `soak: ${users} authors; baseline ${baselineSeconds} s then ${faultSeconds} s with faults, on ${backends.join(' and ')}`,
);
let failed = false;
for (const kind of backends) {
  const results = [await phase(kind, false, baselineSeconds), await phase(kind, true, faultSeconds)];
  console.table(results.map((r) => r.traffic));
  for (const r of results) {
    console.log(`\n${r.traffic.run}`);
    for (const line of r.log) console.log(`  ${line}`);
    console.log('  errors by kind:', Object.keys(r.errors).length ? r.errors : 'none');
    console.log('  mail:', r.mail);
    console.log(
      `  data: ${r.data.checked} acknowledged writes checked, ${r.data.missing.length} missing or wrong`,
      r.data.missing.slice(0, 10),
    );
    console.log(
      `  graceful stop at the end: exit ${r.exit.code}${r.exit.signal ? ` (${r.exit.signal})` : ''}`,
    );
    if (r.data.missing.length > 0 || Number(r.mail.missing) > 0 || r.exit.code !== 0) failed = true;
  }
}
// Figures, not a test: still, a lost write or mail makes the exit code say so.
process.exit(failed ? 1 : 0);
