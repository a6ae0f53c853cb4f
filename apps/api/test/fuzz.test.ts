// Issue 14: a spec-driven fuzzer got a 500 from PUT /projects/{id}. This sends seeded, mostly malformed and
// boundary requests built from openapi.yaml to every operation and holds the server to: no 5xx, every answer as
// the contract says (status documented, problem+json for errors, 400s naming fields), and nothing changed by a
// refusal. `pnpm test` runs a short pass; `pnpm fuzz` (MULOT_FUZZ_REQUESTS, MULOT_FUZZ_SEED) a long one.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, dataTables, type World } from './support/fixtures.ts';
import { buildRequest, type FuzzOperation, type Known, operations, Random } from './support/fuzz.ts';
import { png, startServer, type TestServer } from './support/harness.ts';

const total = Number(process.env.MULOT_FUZZ_REQUESTS ?? 600);
const seed = Number(process.env.MULOT_FUZZ_SEED ?? 14);

let server: TestServer;
let w: World;

beforeAll(async () => {
  server = await startServer();
  w = await buildWorld(server, 'fuzz');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

// Outbox rows leave on their own (the worker sends them); last_active_at is bookkeeping of who called.
const watched = dataTables;

/** One digest of every watched row, in one round trip, once what the server writes after answering is written. */
async function fingerprint(): Promise<string> {
  const { unansweredQuestions, siteSightings, identifySightings } = server.app.mulot;
  await Promise.all([unansweredQuestions.flush(), siteSightings.flush(), identifySightings.flush()]);
  const parts = watched.map(
    (table) =>
      `(SELECT md5(coalesce(string_agg((to_jsonb(t) - 'last_active_at')::text, '|' ORDER BY (to_jsonb(t) - 'last_active_at')::text), '')) FROM ${table} t)`,
  );
  const result = await sql<{
    digest: string;
  }>`SELECT ${sql.raw(parts.join(" || ','  || "))} AS digest`.execute(server.db);
  return result.rows[0]?.digest ?? '';
}

// Requests that could end the world the others need (deleting it, revoking the session, demoting its Admin) are
// always sent broken.
const destructive = new Set([
  'changePassword',
  'deleteMemberRole',
  'updateMemberRole',
  'acceptInvitation',
  'cancelInvitation',
]);

interface Tally {
  requests: number;
  byStatus: Map<number, number>;
}

describe('fuzzing every operation of the contract', () => {
  it(`answers ${total} seeded malformed and boundary requests (seed ${seed}) without a 5xx, as the contract says, changing nothing on refusal`, async () => {
    const ops = operations();
    const r = new Random(seed);
    const known: Known = {
      ids: [
        w.projectId,
        w.categoryId,
        w.scenarioId,
        w.otherScenarioId,
        ...w.stepIds,
        w.runId,
        w.issueId,
        w.invitee.userId,
        w.contributor.userId,
      ],
      emails: [w.admin.email, w.contributor.email, w.invitee.email],
      codes: [w.invitee.code],
    };
    const auth = { token: w.admin.token, org: w.admin.org };
    const tally = new Map<string, Tally>(
      ops.map((op) => [op.operationId, { requests: 0, byStatus: new Map() }]),
    );
    const failures: string[] = [];
    let before = await fingerprint();
    for (let index = 0; index < total && failures.length < 20; index++) {
      // Every operation in turn, so each gets its share whatever the total.
      const op = ops[index % ops.length] as FuzzOperation;
      const safe = op.method === 'DELETE' || destructive.has(op.operationId);
      const request = buildRequest(op, r, known, auth, png, safe);
      const label = `#${index} ${op.operationId} ${request.method} ${request.path.slice(0, 120)}`;
      let status = 0;
      try {
        const answer = await server.call<{ status?: number; errors?: unknown[] }>(
          request.method,
          request.path,
          {
            headers: request.headers,
            client: server.newClient(),
            ...(request.raw !== undefined
              ? { raw: request.raw, ...(request.contentType ? { contentType: request.contentType } : {}) }
              : request.body !== undefined
                ? { body: request.body, ...(request.contentType ? { contentType: request.contentType } : {}) }
                : {}),
          },
        );
        status = answer.status;
        if (status >= 400) {
          expect(answer.headers.get('content-type'), label).toMatch(/^application\/problem\+json/);
          expect(answer.body.status, label).toBe(status);
          if (status === 400) expect(answer.body.errors?.length, label).toBeGreaterThan(0);
          const after = await fingerprint();
          expect(after, `${label} answered ${status} but changed data`).toBe(before);
        } else {
          before = await fingerprint();
        }
      } catch (error) {
        failures.push(`${label}: ${(error as Error).message.split('\n').slice(0, 6).join(' ')}`);
        before = await fingerprint();
      }
      const t = tally.get(op.operationId) as Tally;
      t.requests += 1;
      t.byStatus.set(status, (t.byStatus.get(status) ?? 0) + 1);
    }
    const rows = [...tally.entries()].map(([id, t]) => ({
      operation: id,
      requests: t.requests,
      statuses: [...t.byStatus.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' '),
    }));
    const sent = rows.reduce((sum, row) => sum + row.requests, 0);
    const fiveHundreds = [...tally.values()].reduce(
      (sum, t) => sum + [...t.byStatus.entries()].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0),
      0,
    );
    if (process.env.MULOT_FUZZ_REPORT) {
      console.log(
        `fuzz: seed ${seed}, ${sent} requests over ${ops.length} operations, ${fiveHundreds} 5xx, ${failures.length} answers failing a check (5xx or outside the contract, listed below)`,
      );
      console.table(rows);
    }
    expect(failures, failures.join('\n')).toEqual([]);
    // Every operation was exercised (at least once each, many times in a long run).
    expect(rows.filter((row) => row.requests === 0).map((row) => row.operation)).toEqual([]);
  }, 3_600_000);
});
