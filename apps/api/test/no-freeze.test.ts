// A slow query does not freeze the server (issue 43, ADR 0016). On the embedded database a 10-second dashboard made
// /api/health, and everything else, wait 10 seconds: PGlite ran the query on the server's own thread. A supervisor
// probing liveness would have restarted a server that was only busy.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

async function timed(path: string): Promise<{ status: number; ms: number; at: number }> {
  const start = performance.now();
  const response = await fetch(`${server.base}${path}`);
  await response.arrayBuffer();
  const at = performance.now();
  return { status: response.status, ms: at - start, at };
}

describe('a slow query', () => {
  it('leaves /api/health answering within 50 ms while it runs', { timeout: 120_000 }, async () => {
    // Warm: the first request of a server compiles its route's validators.
    await timed('/api/health');
    // A statement that keeps the database busy for a second and a half, sent on the server's own connection as a
    // heavy dashboard's would be: nothing in it sleeps, it computes — for a duration, not a size, so that a fast
    // machine does not finish it before it can tell (a size-bound one once took 484 ms).
    let slowEnd = 0;
    const slowStart = performance.now();
    const slow = sql`WITH RECURSIVE spin (n) AS (
        SELECT 1 UNION ALL
        SELECT n + 1 FROM spin WHERE clock_timestamp() < statement_timestamp() + interval '1500 milliseconds'
      ) SELECT count(*) FROM spin`
      .execute(server.db)
      .then(() => {
        slowEnd = performance.now();
      });
    // Let the statement reach the database.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const answers: Array<{ status: number; ms: number; at: number }> = [];
    while (slowEnd === 0 && answers.length < 20) {
      answers.push(await timed('/api/health'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await slow;

    // The statement was still running when health answered, several times over.
    const during = answers.filter((a) => a.at < slowEnd);
    expect(slowEnd - slowStart, 'the statement is slow enough to tell').toBeGreaterThan(500);
    expect(during.length).toBeGreaterThanOrEqual(3);
    for (const answer of during) expect(answer.status).toBe(200);
    // Within 50 ms as a rule; on a 2-core machine shared with other suites (the statement itself takes one core)
    // an answer may wait for the scheduler (once 603 ms, with the whole `pnpm test` running), never for the
    // statement: a server that waited for it would answer once, after it, in about its whole duration.
    const times = during.map((a) => a.ms).sort((x, y) => x - y);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(50);
    expect(Math.max(...times)).toBeLessThan((slowEnd - slowStart) / 2);
  });
});
