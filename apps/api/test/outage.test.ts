// A PostgreSQL restart under load: while the server is gone every request fails fast with a 503 problem the client
// can act on (Retry-After), never a 500, a stack trace or a hang; once it is back, the same API process serves
// again without being restarted.
import { skipped } from '@mulot/testing/skips';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResponse } from './support/contract.ts';
import { backend, type Session, startServer, type TestServer } from './support/harness.ts';
import { PrivatePostgres, postgresBin } from './support/private-postgres.ts';

const bin = postgresBin();
// The test brings its own PostgreSQL server, so one run is enough: the pglite project's.
const skip =
  backend !== 'pglite' ||
  skipped(
    'api: PostgreSQL restart under load (outage.test.ts)',
    bin ? null : 'no PostgreSQL installation under /usr/lib/postgresql (initdb, pg_ctl)',
    { postgres: true },
  );

interface Outcome {
  worker: number;
  kind: 'list' | 'create';
  start: number;
  end: number;
  status: number | 'hang' | 'network';
  contentType: string | null;
  retryAfter: string | null;
  body: unknown;
  locale: 'fr' | 'en';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Far above the pool's 5 s connection timeout: only a request left hanging would reach it.
const hangAfterMs = 30_000;

describe.skipIf(skip)('PostgreSQL restart under load', () => {
  let pg: PrivatePostgres;
  let server: TestServer;
  let session: Session;

  beforeAll(async () => {
    pg = await PrivatePostgres.create(bin as string);
    await pg.start();
    server = await startServer({ database: { kind: 'postgres', url: pg.url } });
    session = await server.signUp();
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await pg?.destroy();
  });

  it('answers 503 problem+json with Retry-After while PostgreSQL restarts, and serves again afterwards', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    let restartedAt = Number.POSITIVE_INFINITY;
    const successesAfterRestart = new Map<number, number>();
    const created = new Set<string>();

    async function request(worker: number, kind: Outcome['kind'], n: number): Promise<void> {
      const locale = worker % 2 === 0 ? 'fr' : 'en';
      const headers: Record<string, string> = {
        authorization: `Bearer ${session.token}`,
        'x-organization-id': session.org,
        'x-locale': locale,
      };
      let init: RequestInit = { headers, signal: AbortSignal.timeout(hangAfterMs) };
      if (kind === 'create') {
        headers['content-type'] = 'application/json';
        init = {
          ...init,
          method: 'POST',
          body: JSON.stringify({
            name: `load ${worker}-${n}`,
            description: '',
            sites: ['https://load.example.com'],
          }),
        };
      }
      const start = performance.now();
      const base: Omit<Outcome, 'end' | 'status' | 'contentType' | 'retryAfter' | 'body'> = {
        worker,
        kind,
        start,
        locale,
      };
      try {
        const response = await fetch(`${server.base}/api/projects`, init);
        const text = await response.text();
        const contentType = response.headers.get('content-type');
        const body = contentType?.includes('json') && text ? JSON.parse(text) : text;
        outcomes.push({
          ...base,
          end: performance.now(),
          status: response.status,
          contentType,
          retryAfter: response.headers.get('retry-after'),
          body,
        });
        if (response.ok && start > restartedAt) {
          successesAfterRestart.set(worker, (successesAfterRestart.get(worker) ?? 0) + 1);
        }
        if (response.status === 201) created.add((body as { id: string }).id);
      } catch (error) {
        const hang = (error as Error).name === 'TimeoutError';
        outcomes.push({
          ...base,
          end: performance.now(),
          status: hang ? 'hang' : 'network',
          contentType: null,
          retryAfter: null,
          body: String(error),
        });
      }
    }

    const workers = [0, 1, 2, 3].map(async (worker) => {
      for (let n = 0; running; n++) {
        await request(worker, n % 3 === 0 ? 'create' : 'list', n);
        // A client that was told to retry later pauses briefly instead of spinning.
        if (outcomes.at(-1)?.status === 503) await sleep(50);
      }
    });

    const ok = () => outcomes.filter((o) => o.status === 200 || o.status === 201).length;
    while (ok() < 20) await sleep(20);
    const stoppedAt = performance.now();
    await pg.stop('fast');
    await sleep(1500);
    await pg.start();
    restartedAt = performance.now();
    const deadline = Date.now() + 60_000;
    while ([0, 1, 2, 3].some((w) => (successesAfterRestart.get(w) ?? 0) < 3) && Date.now() < deadline) {
      await sleep(50);
    }
    running = false;
    await Promise.all(workers);

    const unexpected = outcomes.filter((o) => ![200, 201, 503].includes(o.status as number));
    expect(
      unexpected.map((o) => `${o.kind} → ${o.status} ${JSON.stringify(o.body).slice(0, 200)}`),
      'only success or 503 during a restart',
    ).toEqual([]);

    const unavailable = outcomes.filter((o) => o.status === 503);
    expect(unavailable.length, 'the restart was seen by the clients').toBeGreaterThan(0);
    for (const o of unavailable) {
      expect(o.contentType).toMatch(/^application\/problem\+json/);
      expect(Number(o.retryAfter)).toBeGreaterThanOrEqual(1);
      const method = o.kind === 'create' ? 'POST' : 'GET';
      expect(checkResponse(method, '/api/projects', 503, o.contentType, o.body)).toEqual([]);
      expect(o.body).toMatchObject({
        type: 'urn:mulot:problem:unavailable',
        status: 503,
        detail:
          o.locale === 'fr'
            ? 'La base de données est momentanément indisponible. Réessayez dans quelques secondes.'
            : 'The database is temporarily unavailable. Try again in a few seconds.',
      });
      expect(JSON.stringify(o.body)).not.toMatch(/ECONNREFUSED|at .*\.(ts|js):\d+|terminating connection/);
    }

    // Every worker, listing and creating, is served again by the same API process.
    for (const worker of [0, 1, 2, 3]) {
      expect(successesAfterRestart.get(worker) ?? 0, `worker ${worker} served again`).toBeGreaterThanOrEqual(
        3,
      );
    }
    const after = outcomes.filter((o) => o.start > restartedAt + 0 && o.status !== 503);
    expect(after.some((o) => o.kind === 'create' && o.status === 201)).toBe(true);

    // Every creation the API acknowledged is there.
    // Every page of the list, following its cursors.
    const listed = new Set<string>();
    let cursor: string | null = '';
    while (cursor !== null) {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await server.call<{ items: Array<{ id: string }>; nextCursor: string | null }>(
        'GET',
        `/api/projects?limit=100${query}`,
        { token: session.token, org: session.org },
      );
      for (const p of page.body.items) listed.add(p.id);
      cursor = page.body.nextCursor;
    }
    expect([...created].filter((id) => !listed.has(id))).toEqual([]);

    const firstFailure = Math.min(...unavailable.map((o) => o.start));
    const lastFailure = Math.max(...unavailable.map((o) => o.end));
    const slowest503 = Math.max(...unavailable.map((o) => o.end - o.start));
    console.info(
      `outage: ${outcomes.length} requests, ${unavailable.length} answered 503; PostgreSQL down ` +
        `${Math.round(restartedAt - stoppedAt)} ms (stop + start); clients saw 503 for ` +
        `${Math.round(lastFailure - firstFailure)} ms; slowest 503 took ${Math.round(slowest503)} ms`,
    );
  }, 600_000);
});
