import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { linkIn, MailSink } from '@mulot/testing/mail';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildServer } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import { type DatabaseTarget, type Db, openDatabase } from '../../src/db/index.ts';
import type { LogStream } from '../../src/logging.ts';
import { checkResponse } from './contract.ts';

export const backend = process.env.MULOT_TEST_BACKEND === 'postgres' ? 'postgres' : 'pglite';
export const rootUrl = 'http://localhost:5173';

/**
 * Fills an embedded-database directory with the run's migrated database (see pglite-seed.ts): what a server leaves
 * after its first start, without an initdb (seconds, 10 s on a busy machine).
 */
export function seedPgliteDir(pgliteDir: string): void {
  mkdirSync(dirname(pgliteDir), { recursive: true });
  cpSync(inject('pgliteTemplate'), pgliteDir, { recursive: true });
}

/** A DATA_DIR whose PGlite database is already created and migrated. */
export function seededDataDir(prefix = 'mulot-data-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  seedPgliteDir(join(dir, 'pglite'));
  return dir;
}

/** A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database dropped afterwards. */
export async function freshDatabase(): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  if (backend === 'pglite') {
    return { target: { kind: 'pglite-memory', seed: inject('pgliteSeed') }, drop: async () => {} };
  }
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('MULOT_TEST_BACKEND=postgres needs TEST_DATABASE_URL');
  const name = `mulot_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  token?: string | null;
  org?: string | null;
  locale?: string;
  body?: unknown;
  /** Sent as is (malformed JSON, image bytes…). */
  raw?: string | Buffer;
  contentType?: string;
  client?: string;
  headers?: Record<string, string>;
}

export interface Session {
  token: string;
  org: string;
  userId: string;
  email: string;
  password: string;
}

export class TestServer {
  readonly app: FastifyInstance;
  readonly base: string;
  readonly mail: MailSink;
  readonly dataDir: string;
  readonly #cleanup: () => Promise<void>;
  #clients = 0;

  constructor(
    app: FastifyInstance,
    base: string,
    mail: MailSink,
    dataDir: string,
    cleanup: () => Promise<void>,
  ) {
    this.app = app;
    this.base = base;
    this.mail = mail;
    this.dataDir = dataDir;
    this.#cleanup = cleanup;
  }

  get db() {
    return this.app.mulot.db;
  }

  /** A distinct client address (the server trusts X-Forwarded-For in tests) so rate limits do not leak between tests. */
  newClient(): string {
    this.#clients += 1;
    return `10.${(this.#clients >> 16) & 255}.${(this.#clients >> 8) & 255}.${this.#clients & 255}`;
  }

  /** Real HTTP; the answer is checked against openapi.yaml before it is returned. */
  async call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.org) headers['x-organization-id'] = options.org;
    if (options.locale) headers['x-locale'] = options.locale;
    headers['x-forwarded-for'] = options.client ?? '10.255.255.254';
    let body: string | Buffer | undefined;
    if (options.raw !== undefined) {
      body = options.raw;
      if (options.contentType) headers['content-type'] = options.contentType;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body as BodyInit | undefined,
    });
    const type = response.headers.get('content-type');
    const bytes = Buffer.from(await response.arrayBuffer());
    let parsed: unknown;
    if (type?.includes('json')) parsed = bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : undefined;
    else if (type?.startsWith('image/')) parsed = bytes;
    else parsed = bytes.length > 0 ? bytes.toString('utf8') : undefined;
    const problems = checkResponse(method, path.split('?')[0] ?? path, response.status, type, parsed);
    expect(problems, `${method} ${path} answered outside the contract: ${problems.join('; ')}`).toEqual([]);
    expect(response.status, `${method} ${path} answered a 5xx`).toBeLessThan(500);
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  /** Register → confirmation mail → confirm → login, as a user would. */
  async signUp(
    email = `user-${randomUUID().slice(0, 8)}@example.com`,
    password = 'correct horse 1',
  ): Promise<Session> {
    const client = this.newClient();
    const registered = await this.call<{ id: string }>('POST', '/api/auth/register', {
      body: { credentials: { email, password }, rootUrl },
      client,
    });
    expect(registered.status).toBe(201);
    const mail = await this.mail.waitFor(email, (m) => m.text.includes('/auth/confirm-account'));
    const link = linkIn(mail, '/auth/confirm-account');
    const confirmed = await this.call('POST', '/api/auth/confirm', {
      body: { code: link.searchParams.get('code'), email: link.searchParams.get('email') },
      client,
    });
    expect(confirmed.status).toBe(204);
    return this.login(email, password, client);
  }

  async login(email: string, password: string, client = this.newClient()): Promise<Session> {
    const login = await this.call<{ jwt: string; user: { id: string } }>('POST', '/api/auth/login', {
      body: { email, password },
      client,
    });
    expect(login.status).toBe(200);
    const orgs = await this.call<Array<{ id: string }>>('GET', '/api/organizations', {
      token: login.body.jwt,
    });
    const org = orgs.body[0]?.id;
    if (!org) throw new Error('no organization');
    return { token: login.body.jwt, org, userId: login.body.user.id, email, password };
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.mail.stop();
    await this.#cleanup();
  }
}

/** A listening server on port 0 with a fresh database and a real SMTP sink. */
export async function startServer(
  overrides: Partial<Config> = {},
  options: { logStream?: LogStream } = {},
): Promise<TestServer> {
  const mail = new MailSink();
  const smtpUrl = await mail.start();
  const database = overrides.database
    ? { target: overrides.database, drop: async () => {} }
    : await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'mulot-api-test-'));
  const app = await buildServer(
    {
      database: database.target,
      dataDir,
      smtpUrl,
      logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
      backofficeDir: null,
      // Never the repository's own builds: a test that needs the package or the snippet makes one.
      extensionDir: null,
      embedDir: null,
      // Cheap hashing keeps the suite fast; production uses the default cost.
      scryptCost: 1024,
      trustProxy: true,
      ...overrides,
    },
    options,
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return new TestServer(app, `http://127.0.0.1:${port}`, mail, dataDir, async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

/**
 * A fresh migrated database taken back to before one migration (its table dropped, its row forgotten), so that a
 * test can seed rows the way older versions saved them and then apply the migration itself.
 */
export async function databaseBefore(
  migration: string,
  table: string,
): Promise<{ db: Db; close: () => Promise<void> }> {
  const fresh = await freshDatabase();
  const db = await openDatabase(fresh.target);
  await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  await sql`DELETE FROM schema_migrations WHERE name = ${migration}`.execute(db);
  return {
    db,
    close: async () => {
      await db.destroy();
      await fresh.drop();
    },
  };
}

/** A tiny valid PNG (1×1). */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The smallest JPEG signature followed by filler (sniffing looks at the signature). */
export const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
export const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32, 1),
]);
