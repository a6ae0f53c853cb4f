import { linkIn, type MailSink } from '@mulot/testing/mail';
import { expect } from 'vitest';
import { rootUrl } from './harness.ts';
import { ApiProcess } from './process.ts';

/**
 * The same command on a fixed port, so that it can be SIGKILLed and started again where its clients expect it (same
 * port, same data), with the calls of an API client.
 */
export class SpawnedApi {
  readonly #env: Record<string, string>;
  readonly port: number;
  #process: ApiProcess | null = null;

  constructor(port: number, env: Record<string, string>) {
    this.port = port;
    this.#env = {
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // The test calls the API from 127.0.0.1 many times; keep rate limits per forwarded address.
      TRUST_PROXY: 'true',
      ...env,
    };
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** What the last process printed, for the failure message. */
  get output(): string {
    return this.#process?.output ?? '';
  }

  async start(): Promise<void> {
    // Keep nothing: at LOG_LEVEL warn there is no "listening" line to wait for, so readiness is asked over HTTP.
    const started = new ApiProcess(this.#env, () => false);
    this.#process = started;
    const deadline = Date.now() + 90_000;
    for (;;) {
      const code = started.child.exitCode;
      if (code !== null) throw new Error(`the API exited (${code}):\n${this.output}`);
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
    const running = this.#process;
    if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
    running.kill('SIGKILL');
    await running.exited;
  }

  /** SIGTERM, as a supervisor stops it: the requests in progress and the mail being sent are finished first. */
  async stop(): Promise<void> {
    const running = this.#process;
    if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
    running.kill('SIGTERM');
    await running.exited;
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
