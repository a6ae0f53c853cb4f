import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../src/types.ts';
import { buildWorld, type World } from './support/fixtures.ts';
import { type Answer, startServer, type TestServer } from './support/harness.ts';

// Concurrent authors: every write of a scenario or a step may name the version it was based on (If-Match); a
// stale one answers 412 and changes nothing, so no author silently overwrites another's edit.

let server: TestServer;
let w: World;
let auth: { token: string; org: string };
let outsider: { token: string; org: string };

beforeAll(async () => {
  server = await startServer();
  w = await buildWorld(server, 'versions');
  auth = { token: w.admin.token, org: w.admin.org };
  const other = await server.signUp();
  outsider = { token: other.token, org: other.org };
});

afterAll(async () => {
  await server?.close();
});

type Scenario = Schemas['Scenario'];
type Problem = Schemas['Problem'];

const tag = (version: number) => `"${version}"`;

async function read(id: string, as = auth): Promise<Answer<Scenario>> {
  const answer = await server.call<Scenario>('GET', `/api/scenarios/${id}`, as);
  expect(answer.status).toBe(200);
  return answer;
}

/** A scenario of its own for each case, with two steps and a prerequisite, so cases do not see each other. */
async function freshScenario(title = 'Guide'): Promise<Scenario> {
  const created = await server.call<Scenario>(
    'POST',
    `/api/projects/${w.projectId}/categories/${w.categoryId}/scenarios`,
    { ...auth, body: { title, description: 'd', summary: 's', minDuration: 1, maxDuration: 2 } },
  );
  expect(created.status).toBe(201);
  for (const name of ['first', 'second']) {
    const step = await server.call('POST', `/api/scenarios/${created.body.id}/steps`, {
      ...auth,
      // a target on each step: a guide is publishable only then
      body: { name, text: name, url: 'https://versions.example.com/', target: { css: `#${name}` } },
    });
    expect(step.status).toBe(201);
  }
  const prerequisites = await server.call('PUT', `/api/scenarios/${created.body.id}/prerequisites`, {
    ...auth,
    body: [{ text: 'Be signed in', scenarioId: null }],
  });
  expect(prerequisites.status).toBe(200);
  return (await read(created.body.id)).body;
}

interface Write {
  method: string;
  path: string;
  body?: unknown;
}

interface VersionedOperation {
  /** Which write, on the scenario as the client read it. */
  write: (s: Scenario, variant: number) => Write;
  /** The version the client holds for the resource the write targets. */
  version: (s: Scenario) => number;
  success: number;
  /** The version the answer's ETag must carry, from the answer and the scenario read after it. */
  etag?: (answer: Answer, after: Scenario) => number;
  /** A second, different write of the same resource that competes with the first (deletes compete with edits). */
  rival?: (s: Scenario) => Write;
}

const stepBody = (name: string) => ({ name, text: `${name} text`, url: 'https://versions.example.com/x' });
const first = (s: Scenario) => s.steps[0] as Schemas['Step'];

const operations: Record<string, VersionedOperation> = {
  updateScenario: {
    write: (s, n) => ({
      method: 'PUT',
      path: `/api/scenarios/${s.id}`,
      body: { title: `Edited ${n}`, description: 'd2', summary: 's2', minDuration: 2, maxDuration: 4 },
    }),
    version: (s) => s.version,
    success: 200,
    etag: (_answer, after) => after.version,
  },
  updateScenarioStatus: {
    write: (s, n) => ({
      method: 'PATCH',
      path: `/api/scenarios/${s.id}/status`,
      body: { status: n % 2 === 0 ? 'published' : 'draft' },
    }),
    version: (s) => s.version,
    success: 200,
    etag: (_answer, after) => after.version,
  },
  replacePrerequisites: {
    write: (s, n) => ({
      method: 'PUT',
      path: `/api/scenarios/${s.id}/prerequisites`,
      body: [{ text: `Prerequisite ${n}`, scenarioId: null }],
    }),
    version: (s) => s.version,
    success: 200,
    etag: (_answer, after) => after.version,
  },
  reorderSteps: {
    write: (s) => ({
      method: 'PUT',
      path: `/api/scenarios/${s.id}/steps/order`,
      body: { stepIds: s.steps.map((step) => step.id).reverse() },
    }),
    version: (s) => s.version,
    success: 200,
    etag: (_answer, after) => after.version,
  },
  createStep: {
    write: (s, n) => ({ method: 'POST', path: `/api/scenarios/${s.id}/steps`, body: stepBody(`Added ${n}`) }),
    version: (s) => s.version,
    success: 201,
    etag: (answer) => (answer.body as Schemas['Step']).version,
  },
  updateStep: {
    write: (s, n) => ({
      method: 'PUT',
      path: `/api/scenarios/${s.id}/steps/${first(s).id}`,
      body: stepBody(`Renamed ${n}`),
    }),
    version: (s) => first(s).version,
    success: 200,
    etag: (answer, saved) => {
      const version = (answer.body as Schemas['Step']).version;
      expect(saved.steps.find((step) => step.id === (answer.body as Schemas['Step']).id)?.version).toBe(
        version,
      );
      return version;
    },
  },
  deleteStep: {
    write: (s) => ({ method: 'DELETE', path: `/api/scenarios/${s.id}/steps/${first(s).id}` }),
    version: (s) => first(s).version,
    success: 204,
    rival: (s) => ({
      method: 'PUT',
      path: `/api/scenarios/${s.id}/steps/${first(s).id}`,
      body: stepBody('Rival edit'),
    }),
  },
  deleteScenario: {
    write: (s) => ({ method: 'DELETE', path: `/api/scenarios/${s.id}` }),
    version: (s) => s.version,
    success: 204,
    rival: (s) => ({
      method: 'PUT',
      path: `/api/scenarios/${s.id}`,
      body: { title: 'Rival edit', description: 'd', summary: 's', minDuration: 1, maxDuration: 2 },
    }),
  },
};

function send(write: Write, ifMatch?: string, extra: { locale?: string; as?: typeof auth } = {}) {
  return server.call(write.method, write.path, {
    ...(extra.as ?? auth),
    ...(write.body !== undefined ? { body: write.body } : {}),
    ...(ifMatch !== undefined ? { headers: { 'if-match': ifMatch } } : {}),
    ...(extra.locale ? { locale: extra.locale } : {}),
  });
}

/** Reads the scenario after a write; a deleted scenario answers 404 and is reported as null. */
async function current(id: string): Promise<Scenario | null> {
  const answer = await server.call<Scenario>('GET', `/api/scenarios/${id}`, auth);
  if (answer.status === 404) return null;
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('versions of scenarios and steps', () => {
  it('answers the version of a scenario and of a step as a strong ETag, and in the body', async () => {
    const s = await read(w.scenarioId);
    expect(s.headers.get('etag')).toBe(tag(s.body.version));
    const step = await server.call<Schemas['Step']>(
      'GET',
      `/api/scenarios/${w.scenarioId}/steps/${w.stepIds[0]}`,
      auth,
    );
    expect(step.status).toBe(200);
    expect(step.headers.get('etag')).toBe(tag(step.body.version));
    // The fixture's screenshot moved the step's version on, so the two are independent counters.
    expect(step.body.version).toBeGreaterThan(1);
  });

  for (const [name, op] of Object.entries(operations)) {
    describe(name, () => {
      it('applies a write naming the current version and moves the version on', async () => {
        const before = await freshScenario();
        const answer = await send(op.write(before, 1), tag(op.version(before)));
        expect(answer.status).toBe(op.success);
        const now = await current(before.id);
        if (name === 'deleteScenario') {
          expect(now).toBeNull();
          return;
        }
        expect(now?.version).toBeGreaterThan(before.version);
        if (op.etag && now) expect(answer.headers.get('etag')).toBe(tag(op.etag(answer, now)));
      });

      it('refuses a stale version with 412 and changes nothing', async () => {
        const before = await freshScenario();
        const stale = tag(op.version(before) - 1 || 99);
        const answer = await send(op.write(before, 1), stale);
        expect(answer.status).toBe(412);
        const problem = answer.body as Problem;
        expect(problem.type).toBe('urn:mulot:problem:precondition-failed');
        expect(problem.detail).toMatch(/modifiée? entre-temps/);
        expect(await current(before.id)).toEqual(before);
      });

      it('lets exactly one of two writers holding the same version win', async () => {
        const before = await freshScenario();
        const version = tag(op.version(before));
        const rival = op.rival?.(before) ?? op.write(before, 2);
        const answers = await Promise.all([send(op.write(before, 1), version), send(rival, version)]);
        const statuses = answers.map((a) => a.status);
        const wins = statuses.filter((status) => status < 300);
        expect(wins, `statuses ${statuses.join(', ')}`).toHaveLength(1);
        const winner = answers.findIndex((a) => a.status < 300);
        // The loser is told its version is stale, or, when a delete won, that there is nothing left to edit.
        const loser = statuses[1 - winner];
        expect(loser).toBe(op.rival && winner === 0 ? 404 : 412);
        // The loser's change is nowhere: the scenario is exactly the winner's result.
        const now = await current(before.id);
        if (name === 'deleteScenario') {
          expect(now === null).toBe(winner === 0);
          if (now) expect(now.title).toBe('Rival edit');
        } else if (name === 'deleteStep') {
          const survivor = now?.steps.find((step) => step.id === first(before).id);
          expect(survivor === undefined).toBe(winner === 0);
          if (survivor) expect(survivor.name).toBe('Rival edit');
        } else if (now) {
          expect(now.version).toBe(before.version + 1);
        }
      });

      it('answers a malformed If-Match with 400 and changes nothing', async () => {
        const before = await freshScenario();
        for (const malformed of ['3', '"3', 'W/3', '"1" "2"', '"1",, x']) {
          const answer = await send(op.write(before, 1), malformed);
          expect(answer.status, malformed).toBe(400);
          expect((answer.body as Problem).errors?.[0]?.field).toBe('/headers/if-match');
        }
        expect(await current(before.id)).toEqual(before);
      });
    });
  }

  it('writes unconditionally without If-Match, or with *', async () => {
    const s = await freshScenario();
    const edit = operations.updateScenario?.write(s, 1) as Write;
    expect((await send(edit)).status).toBe(200);
    expect((await send(edit, '*')).status).toBe(200);
    expect((await read(s.id)).body.version).toBe(s.version + 2);
  });

  it('compares strongly: a weak tag never matches; any listed version does', async () => {
    const s = await freshScenario();
    const edit = operations.updateScenario?.write(s, 1) as Write;
    expect((await send(edit, `W/${tag(s.version)}`)).status).toBe(412);
    expect((await send(edit, `"x", ${tag(s.version + 40)}`)).status).toBe(412);
    expect((await send(edit, `"99999999999999"`)).status).toBe(412);
    expect((await send(edit, `${tag(s.version - 1)}, ${tag(s.version)}`)).status).toBe(200);
  });

  it('explains a stale write in the caller’s language', async () => {
    const s = await freshScenario();
    const scenario = await send(operations.updateScenario?.write(s, 1) as Write, '"1"', { locale: 'en' });
    expect(scenario.status).toBe(412);
    expect((scenario.body as Problem).detail).toBe(
      'This guide was changed by someone else in the meantime. Reload it, then make your change again.',
    );
    const step = await send(operations.updateStep?.write(s, 1) as Write, '"7"', { locale: 'en' });
    expect(step.status).toBe(412);
    expect((step.body as Problem).detail).toMatch(/^This step was changed by someone else/);
  });

  it('answers 404, not 412, for another organization’s scenario or a missing step', async () => {
    const s = await freshScenario();
    const edit = operations.updateScenario?.write(s, 1) as Write;
    expect((await send(edit, tag(s.version), { as: outsider })).status).toBe(404);
    const missing = `/api/scenarios/${s.id}/steps/00000000-0000-4000-8000-000000000000`;
    expect((await send({ method: 'PUT', path: missing, body: stepBody('x') }, '"1"')).status).toBe(404);
    expect(await current(s.id)).toEqual(s);
  });

  it('keeps a step edit based on an old step version from undoing a newer one', async () => {
    const s = await freshScenario();
    const step = first(s);
    const path = `/api/scenarios/${s.id}/steps/${step.id}`;
    const mine = await send({ method: 'PUT', path, body: stepBody('Mine') }, tag(step.version));
    expect(mine.status).toBe(200);
    const theirs = await send({ method: 'PUT', path, body: stepBody('Theirs') }, tag(step.version));
    expect(theirs.status).toBe(412);
    const now = await read(s.id);
    expect(now.body.steps[0]?.name).toBe('Mine');
    // A step's version concerns that step only: the other step can still be edited with the version read.
    const second = s.steps[1] as Schemas['Step'];
    const other = await send(
      { method: 'PUT', path: `/api/scenarios/${s.id}/steps/${second.id}`, body: stepBody('Other') },
      tag(second.version),
    );
    expect(other.status).toBe(200);
  });
});
