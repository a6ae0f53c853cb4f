import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../src/types.ts';
import { buildWorld, snapshot, type World } from './support/fixtures.ts';
import { jpeg, png, startServer, type TestServer, webp } from './support/harness.ts';

let server: TestServer;
let w: World;
let auth: { token: string; org: string };

beforeAll(async () => {
  server = await startServer();
  w = await buildWorld(server, 'shop');
  auth = { token: w.admin.token, org: w.admin.org };
});

afterAll(async () => {
  await server?.close();
});

async function scenario(id = w.scenarioId) {
  const answer = await server.call<Schemas['Scenario']>('GET', `/api/scenarios/${id}`, auth);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function addStep(scenarioId: string, name: string) {
  const answer = await server.call<Schemas['Step']>('POST', `/api/scenarios/${scenarioId}/steps`, {
    ...auth,
    body: { name, text: name, url: 'https://shop.example.com/' },
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function newScenario(title: string) {
  const answer = await server.call<Schemas['Scenario']>(
    'POST',
    `/api/projects/${w.projectId}/categories/${w.categoryId}/scenarios`,
    { ...auth, body: { title, description: 'd', summary: 's', minDuration: 0, maxDuration: 0 } },
  );
  expect(answer.status).toBe(201);
  return answer.body;
}

describe('projects, categories and scenarios', () => {
  it('keeps a project "modified" when something inside it changes', async () => {
    const before = (await server.call<Schemas['Project']>('GET', `/api/projects/${w.projectId}`, auth)).body
      .updatedAt;
    await new Promise((r) => setTimeout(r, 5));
    await server.call('PUT', `/api/scenarios/${w.scenarioId}`, {
      ...auth,
      body: { title: 'Renamed', description: 'desc', summary: 'sum', minDuration: 1, maxDuration: 3 },
    });
    const after = (await server.call<Schemas['Project']>('GET', `/api/projects/${w.projectId}`, auth)).body
      .updatedAt;
    expect(new Date(after).getTime()).toBeGreaterThan(new Date(before).getTime());
  });

  it('refuses a maximum duration below the minimum', async () => {
    const answer = await server.call<Schemas['Problem']>('PUT', `/api/scenarios/${w.scenarioId}`, {
      ...auth,
      body: { title: 'T', description: 'd', summary: 's', minDuration: 10, maxDuration: 5 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.field).toBe('/body/maxDuration');
  });

  it('counts scenarios per category and published ones', async () => {
    const categories = await server.call<Schemas['CategoryPage']>(
      'GET',
      `/api/projects/${w.projectId}/categories`,
      auth,
    );
    const category = categories.body.items.find((c) => c.id === w.categoryId);
    const list = await server.call<Schemas['ScenarioPage']>(
      'GET',
      `/api/projects/${w.projectId}/categories/${w.categoryId}/scenarios`,
      auth,
    );
    expect(category?.scenarioCount).toBe(list.body.items.length);
    expect(category?.scenarioCount).toBeGreaterThanOrEqual(2);
    expect(category?.publishedCount).toBe(list.body.items.filter((s) => s.status === 'published').length);
    expect(list.body.items.find((s) => s.id === w.scenarioId)?.stepCount).toBe(2);
  });

  it('stores accents, emoji and right-to-left text without failing', async () => {
    const names = ['Équipe été 🐭', 'مشروع', 'tab\there', "O'Reilly; DROP TABLE projects;--"];
    for (const name of names) {
      const created = await server.call<Schemas['Project']>('POST', '/api/projects', {
        ...auth,
        body: { name, sites: ['shop.example.com'] },
      });
      expect(created.status, name).toBe(201);
      const read = await server.call<Schemas['Project']>('GET', `/api/projects/${created.body.id}`, auth);
      expect(read.body.name).toBe(name);
      expect((await server.call('DELETE', `/api/projects/${created.body.id}`, auth)).status).toBe(204);
    }
    // Identifiers are case-insensitive, as UUIDs are.
    const upper = await server.call('GET', `/api/projects/${w.projectId.toUpperCase()}`, {
      ...auth,
      org: w.admin.org.toUpperCase(),
    });
    expect(upper.status).toBe(200);
  });

  // Issue 14: PUT /projects/{id} with a lone surrogate in a site answered 500 ("invalid input syntax for type
  // json"); in a text column it was silently stored as U+FFFD. Text PostgreSQL cannot store is refused, everywhere.
  it('refuses lone surrogates and NUL with a field problem, wherever they are, and changes nothing', async () => {
    const before = await snapshot(server);
    const step = `/api/scenarios/${w.scenarioId}/steps/${w.stepIds[0]}`;
    const stepBody = { name: 'n', text: 't', url: 'https://shop.example.com' };
    const cases: Array<{ method: 'POST' | 'PUT'; path: string; body: unknown; pointer: string }> = [
      {
        method: 'PUT',
        path: `/api/projects/${w.projectId}`,
        body: { name: 'P', sites: ['a\ud800.example.com'] },
        pointer: '/sites/0',
      },
      {
        method: 'POST',
        path: '/api/projects',
        body: { name: 'a\ud800b', sites: ['s.example.com'] },
        pointer: '/name',
      },
      {
        method: 'POST',
        path: '/api/projects',
        body: { name: 'a\udc00', sites: ['s.example.com'] },
        pointer: '/name',
      },
      {
        method: 'POST',
        path: '/api/projects',
        body: { name: 'nul\u0000', sites: ['s.example.com'] },
        pointer: '/name',
      },
      { method: 'PUT', path: step, body: { ...stepBody, target: { 'k\ud800': 1 } }, pointer: '/target' },
      {
        method: 'PUT',
        path: step,
        body: { ...stepBody, target: { 'a/b~': 'x\udfff' } },
        pointer: '/target/a~1b~0',
      },
    ];
    for (const c of cases) {
      const answer = await server.call<Schemas['Problem']>(c.method, c.path, { ...auth, body: c.body });
      expect(answer.status, c.pointer).toBe(400);
      expect(answer.body.errors?.[0], c.pointer).toMatchObject({
        in: 'body',
        pointer: c.pointer,
        code: 'field.unstorable',
        message: 'Contient un caractère non autorisé.',
      });
    }
    expect(await snapshot(server)).toBe(before);
  });

  it('requires a site to create a project and stores sites as http(s) origins without duplicates', async () => {
    const empty = await server.call('POST', '/api/projects', {
      ...auth,
      body: { name: 'No site', sites: ['  '] },
    });
    expect(empty.status).toBe(400);
    const created = await server.call<Schemas['Project']>('POST', '/api/projects', {
      ...auth,
      body: {
        name: 'Sites',
        sites: [
          ' a.example.com',
          'a.example.com',
          'https://b.example.com/fr/ ',
          'localhost:5174',
          'HTTP://C.example.com:80',
        ],
      },
    });
    expect(created.body.sites).toEqual([
      'https://a.example.com',
      'https://b.example.com',
      // This machine serves plain http (issue 40).
      'http://localhost:5174',
      'http://c.example.com',
    ]);
    expect(created.body.description).toBe('');
  });

  // Issue 14: `pas une url`, `javascript:alert(1)` and `localhost:5174` were saved as they were (201).
  it('refuses what is not an http(s) address of a host, naming the item, and changes nothing', async () => {
    const before = await snapshot(server);
    const bads = [
      'pas une url',
      'javascript:alert(1)',
      'ftp://files.example.com',
      'https://u:p@x.example.com',
      'intranet',
    ];
    for (const [path, method] of [
      ['/api/projects', 'POST'],
      [`/api/projects/${w.projectId}`, 'PUT'],
    ] as const) {
      for (const bad of bads) {
        const answer = await server.call<Schemas['Problem']>(method, path, {
          ...auth,
          body: { name: 'P', sites: ['ok.example.com', bad] },
        });
        expect(answer.status, bad).toBe(400);
        expect(answer.body.errors, bad).toEqual([
          {
            in: 'body',
            pointer: '/sites/1',
            code: 'field.site',
            field: '/body/sites/1',
            message: "Saisissez l'adresse d'un site (par exemple https://boutique.exemple.fr).",
          },
        ]);
      }
    }
    expect(await snapshot(server)).toBe(before);
  });

  it('deletes a category with its scenarios and steps', async () => {
    const category = await server.call<Schemas['Category']>(
      'POST',
      `/api/projects/${w.projectId}/categories`,
      {
        ...auth,
        body: { name: 'Temporary' },
      },
    );
    const path = `/api/projects/${w.projectId}/categories/${category.body.id}`;
    const made = await server.call<Schemas['Scenario']>('POST', `${path}/scenarios`, {
      ...auth,
      body: { title: 'T', description: 'd', summary: 's', minDuration: 1, maxDuration: 1 },
    });
    const step = await addStep(made.body.id, 'only');
    expect((await server.call('DELETE', path, auth)).status).toBe(204);
    expect((await server.call('GET', `/api/scenarios/${made.body.id}`, auth)).status).toBe(404);
    expect(await server.db.selectFrom('steps').select('id').where('id', '=', step.id).execute()).toEqual([]);
  });
});

describe('steps', () => {
  it('appends, reorders and renumbers steps', async () => {
    const s = await newScenario('Ordering');
    const [one, two, three] = [
      await addStep(s.id, 'one'),
      await addStep(s.id, 'two'),
      await addStep(s.id, 'three'),
    ];
    expect([one.position, two.position, three.position]).toEqual([1, 2, 3]);
    const reordered = await server.call<Schemas['Step'][]>('PUT', `/api/scenarios/${s.id}/steps/order`, {
      ...auth,
      body: { stepIds: [three.id, one.id, two.id] },
    });
    expect(reordered.body.map((x) => [x.name, x.position])).toEqual([
      ['three', 1],
      ['one', 2],
      ['two', 3],
    ]);
    for (const stepIds of [
      [three.id, one.id],
      [three.id, one.id, two.id, two.id],
      [three.id, one.id, w.stepIds[0]],
    ]) {
      const answer = await server.call('PUT', `/api/scenarios/${s.id}/steps/order`, {
        ...auth,
        body: { stepIds },
      });
      expect(answer.status).toBe(400);
    }
    expect((await server.call('DELETE', `/api/scenarios/${s.id}/steps/${three.id}`, auth)).status).toBe(204);
    const after = await scenario(s.id);
    expect(after.steps.map((x) => [x.name, x.position])).toEqual([
      ['one', 1],
      ['two', 2],
    ]);
    expect(after.version).toBeGreaterThan(s.version);
  });

  it('gives concurrent new steps distinct positions', async () => {
    const s = await newScenario('Busy');
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => addStep(s.id, `step ${i}`)));
    expect(made.map((step) => step.position).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    // Reads and writes interleaved with transactions see consistent data (one PGlite connection is shared).
    const [after] = await Promise.all([scenario(s.id), addStep(s.id, 'last'), scenario(w.scenarioId)]);
    expect(after.steps.length).toBeGreaterThanOrEqual(12);
  });

  it('updates a step and keeps its screenshot; versions go up', async () => {
    const before = (await scenario()).steps[0] as Schemas['Step'];
    expect(before.hasScreenshot).toBe(true);
    const updated = await server.call<Schemas['Step']>(
      'PUT',
      `/api/scenarios/${w.scenarioId}/steps/${before.id}`,
      {
        ...auth,
        body: {
          name: 'Click buy',
          text: 'Press the button',
          extra: 'It is blue',
          url: 'https://shop.example.com/cart',
          target: { testId: 'buy', css: 'main > button' },
          autoClick: true,
          onMissingTarget: { waitSeconds: 10, fallback: 'skip' },
        },
      },
    );
    expect(updated.body).toMatchObject({
      name: 'Click buy',
      extra: 'It is blue',
      target: { testId: 'buy', css: 'main > button' },
      autoClick: true,
      onMissingTarget: { waitSeconds: 10, fallback: 'skip' },
      hasScreenshot: true,
      position: before.position,
    });
    expect(updated.body.version).toBeGreaterThan(before.version);
    const got = await server.call<Schemas['Step']>(
      'GET',
      `/api/scenarios/${w.scenarioId}/steps/${before.id}`,
      auth,
    );
    expect(got.body).toEqual(updated.body);
  });

  it('stores PNG, JPEG and WebP screenshots and answers them with their type', async () => {
    const step = w.stepIds[1];
    const path = `/api/scenarios/${w.scenarioId}/steps/${step}/screenshot`;
    expect((await server.call('GET', path, auth)).status).toBe(404);
    for (const [bytes, type] of [
      [png, 'image/png'],
      [jpeg, 'image/jpeg'],
      [webp, 'image/webp'],
    ] as const) {
      expect((await server.call('PUT', path, { ...auth, raw: bytes, contentType: type })).status).toBe(204);
      const got = await server.call<Buffer>('GET', path, auth);
      expect(got.headers.get('content-type')).toBe(type);
      expect(Buffer.compare(got.body, bytes)).toBe(0);
    }
    const large = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 - png.length - 10)]);
    expect((await server.call('PUT', path, { ...auth, raw: large, contentType: 'image/png' })).status).toBe(
      204,
    );
    expect((await server.call('DELETE', path, auth)).status).toBe(204);
    expect((await server.call('GET', path, auth)).status).toBe(404);
    expect((await server.call('DELETE', path, auth)).status).toBe(404);
  });
});

describe('prerequisites', () => {
  it('replaces prerequisites in order and refuses self or foreign scenarios', async () => {
    const first = await newScenario('First things first');
    const set = await server.call<Schemas['Prerequisite'][]>(
      'PUT',
      `/api/scenarios/${w.scenarioId}/prerequisites`,
      {
        ...auth,
        body: [{ text: 'Have an account' }, { text: 'Do the first guide', scenarioId: first.id }],
      },
    );
    expect(set.body.map((p) => [p.text, p.scenario?.title ?? null])).toEqual([
      ['Have an account', null],
      ['Do the first guide', 'First things first'],
    ]);
    const self = await server.call<Schemas['Problem']>(
      'PUT',
      `/api/scenarios/${w.scenarioId}/prerequisites`,
      {
        ...auth,
        body: [{ text: 'Loop', scenarioId: w.scenarioId }],
      },
    );
    expect(self.status).toBe(400);
    expect(self.body.errors?.[0]?.field).toBe('/body/0/scenarioId');
    const other = await buildWorld(server, 'elsewhere');
    const foreign = await server.call('PUT', `/api/scenarios/${w.scenarioId}/prerequisites`, {
      ...auth,
      body: [{ text: 'Theirs', scenarioId: other.scenarioId }],
    });
    expect(foreign.status).toBe(400);
    // Deleting the prerequisite scenario keeps the text and unlinks it.
    await server.call('DELETE', `/api/scenarios/${first.id}`, auth);
    expect((await scenario()).prerequisites.map((p) => [p.text, p.scenarioId])).toEqual([
      ['Have an account', null],
      ['Do the first guide', null],
    ]);
  });
});

describe('runs, catalogue and dashboard', () => {
  it('records a run and the steps whose target was not found', async () => {
    const started = await server.call<Schemas['Run']>('POST', `/api/scenarios/${w.scenarioId}/runs`, {
      ...auth,
      body: { status: 'started', url: 'https://shop.example.com/' },
    });
    expect(started.body).toMatchObject({ status: 'started', stepsCompleted: 0, stepIssues: [] });
    const ended = await server.call<Schemas['Run']>(
      'PATCH',
      `/api/scenarios/${w.scenarioId}/runs/${started.body.id}`,
      {
        ...auth,
        body: {
          status: 'completed',
          stepsCompleted: 2,
          stepIssues: [
            {
              stepId: w.stepIds[1],
              outcome: 'low-confidence',
              confidence: 0.42,
              url: 'https://shop.example.com/cart',
            },
          ],
        },
      },
    );
    expect(ended.body).toMatchObject({ status: 'completed', stepsCompleted: 2 });
    expect(ended.body.stepIssues).toEqual([
      expect.objectContaining({ stepId: w.stepIds[1], outcome: 'low-confidence', confidence: 0.42 }),
    ]);
    const foreign = await server.call('POST', `/api/scenarios/${w.scenarioId}/runs`, {
      ...auth,
      body: { status: 'started', stepIssues: [{ stepId: w.otherScenarioId, outcome: 'not-found' }] },
    });
    expect(foreign.status).toBe(400);
  });

  it("lists the published guides of the projects whose sites match the URL's host", async () => {
    const draft = await newScenario('Still a draft');
    const catalogue = async (url: string) =>
      (
        await server.call<Schemas['CatalogueEntry'][]>(
          'GET',
          `/api/catalogue?url=${encodeURIComponent(url)}`,
          auth,
        )
      ).body;
    for (const url of [
      'https://shop.example.com/cart?x=1',
      'http://WWW.shop.example.com',
      'shop.example.com/a/b',
    ]) {
      const entries = await catalogue(url);
      expect(
        entries.map((e) => e.id),
        url,
      ).toContain(w.scenarioId);
      expect(entries.map((e) => e.id)).not.toContain(draft.id);
      expect(entries.find((e) => e.id === w.scenarioId)).toMatchObject({ project: { id: w.projectId } });
    }
    expect(await catalogue('https://other.example.com/')).toEqual([]);
    expect(await catalogue('https://evil-shop.example.com/')).toEqual([]);
  });

  it('reports real counts, a 30-day series and recent projects', async () => {
    const dashboard = await server.call<Schemas['Dashboard']>('GET', '/api/dashboard', auth);
    const { counts, activity, recentProjects } = dashboard.body;
    const projects = await server.call<Schemas['ProjectPage']>('GET', '/api/projects?limit=100', auth);
    expect(projects.body.nextCursor).toBeNull();
    expect(counts.projects).toBe(projects.body.items.length);
    expect(counts.members).toBe(2);
    const runs = await server.db
      .selectFrom('runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', w.admin.org)
      .executeTakeFirstOrThrow();
    expect(counts.guidesLaunched30d).toBe(Number(runs.n));
    expect(activity).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(activity.at(-1)).toEqual({
      date: today,
      projectsCreated: projects.body.items.length,
      guidesLaunched: Number(runs.n),
    });
    expect(activity.slice(0, -1).every((d) => d.projectsCreated === 0 && d.guidesLaunched === 0)).toBe(true);
    // The list is by name; the dashboard's are the most recently modified.
    const byModification = projects.body.items.toSorted(
      (a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id),
    );
    expect(recentProjects.map((p) => p.id)).toEqual(byModification.slice(0, 5).map((p) => p.id));
  });
});

describe('translations', () => {
  const i18n = (file: string) =>
    JSON.parse(readFileSync(fileURLToPath(import.meta.resolve(`@mulot/i18n/${file}`)), 'utf8')) as unknown;

  it('serves the locales and catalogues of @mulot/i18n', async () => {
    const locales = await server.call<Schemas['LocaleList']>('GET', '/api/translations/locales');
    expect(locales.body.data).toEqual(i18n('locales.json'));
    for (const { key } of locales.body.data) {
      const catalogue = await server.call<Schemas['Translations']>('GET', `/api/translations/locales/${key}`);
      expect(catalogue.body.data).toEqual(i18n(`lang/${key}.json`));
    }
    expect((await server.call('GET', '/api/translations/locales/de')).status).toBe(404);
  });
});
