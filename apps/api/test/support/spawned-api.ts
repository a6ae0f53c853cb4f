import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { rootUrl } from './harness.ts';
import { linkIn, type MailSink } from './mail-sink.ts';

export const cliPath = resolve(import.meta.dirname, '../../src/cli.ts');

/**
 * The real API as an operator runs it (`node src/cli.ts`, configured by environment variables) in a child process
 * the test can SIGKILL.
 */
export class SpawnedApi {
  readonly #env: NodeJS.ProcessEnv;
  readonly port: number;
  #child: ChildProcess | null = null;
  #output = '';

  constructor(port: number, env: Record<string, string>) {
    this.port = port;
    this.#env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BACKOFFICE_DIR: '',
      LOG_LEVEL: 'warn',
      // The test calls the API from 127.0.0.1 many times; keep rate limits per forwarded address.
      TRUST_PROXY: 'true',
      ...env,
    };
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** What the process printed, for the failure message. */
  get output(): string {
    return this.#output.slice(-4000);
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [cliPath], { env: this.#env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.#child = child;
    child.stdout?.on('data', (d) => {
      this.#output += String(d);
    });
    child.stderr?.on('data', (d) => {
      this.#output += String(d);
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}):\n${this.output}`);
      try {
        const response = await fetch(`${this.base}/api/translations/locales`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the API did not start:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** No shutdown hook runs: whatever was not on disk when the signal landed is lost. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    this.#child = null;
  }

  async call<T = unknown>(
    method: string,
    path: string,
    options: { token?: string; org?: string; body?: unknown; raw?: Buffer; contentType?: string } = {},
  ): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { 'x-forwarded-for': '10.9.9.9' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.org) headers['x-organization-id'] = options.org;
    let body: string | Buffer | undefined;
    if (options.raw) {
      body = options.raw;
      headers['content-type'] = options.contentType ?? 'application/octet-stream';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body as BodyInit | undefined,
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, body: (type.includes('json') && text ? JSON.parse(text) : text) as T };
  }

  /** Register → mailed confirmation → confirm → login; returns the token and the personal organization. */
  async signUp(
    mail: MailSink,
    email: string,
    password = 'correct horse 1',
  ): Promise<{ token: string; org: string }> {
    const registered = await this.call('POST', '/api/auth/register', {
      body: { credentials: { email, password }, rootUrl },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const link = linkIn(
      await mail.waitFor(email, (m) => m.text.includes('/auth/confirm-account')),
      '/auth/confirm-account',
    );
    const confirmed = await this.call('POST', '/api/auth/confirm', {
      body: { code: link.searchParams.get('code'), email: link.searchParams.get('email') },
    });
    expect(confirmed.status).toBe(204);
    const login = await this.call<{ jwt: string }>('POST', '/api/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    const orgs = await this.call<Array<{ id: string }>>('GET', '/api/organizations', {
      token: login.body.jwt,
    });
    const org = orgs.body[0]?.id;
    if (!org) throw new Error('no organization');
    return { token: login.body.jwt, org };
  }
}
