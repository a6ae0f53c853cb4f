// Issue 37, row 3: a step's page is an http(s) address on one of the project's sites — a guide never sends the
// member who plays it to `javascript:…` or to another site. Rows saved before are reported by migration 0012.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigration, type Db } from '../src/db/index.ts';
import type { Schemas } from '../src/types.ts';
import { buildWorld, type World } from './support/fixtures.ts';
import { databaseBefore, startServer, type TestServer } from './support/harness.ts';

type Problem = { detail: string; errors: Array<{ field: string; code: string; message: string }> };

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

const step = (url: string) => ({ name: 'Panier', text: 'Ouvrez le panier', url });

describe('step URLs on the server', () => {
  it('refuses another scheme or another site with a 400 naming url, in French and in English', async () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'https://evil.example.org/phishing',
      'https://u:p@shop.example.com/',
      'ftp://shop.example.com/',
      '//evil.example.org/x',
      '/\\evil.example.org/x',
    ]) {
      const fr = await server.call<Problem>('POST', `/api/scenarios/${w.scenarioId}/steps`, {
        ...auth,
        body: step(url),
      });
      expect(fr.status, url).toBe(400);
      expect(
        fr.body.errors.map((e) => e.field),
        url,
      ).toEqual(['/body/url']);
      expect(fr.body.errors[0]?.message).toBe(
        "Saisissez une adresse http(s) d'un des sites du projet (par exemple https://shop.example.com/…).",
      );
      const en = await server.call<Problem>('PUT', `/api/scenarios/${w.scenarioId}/steps/${w.stepIds[0]}`, {
        ...auth,
        locale: 'en',
        body: step(url),
      });
      expect(en.status, url).toBe(400);
      expect(en.body.errors[0]).toMatchObject({
        field: '/body/url',
        message:
          "Enter an http(s) address on one of the project's sites (for example https://shop.example.com/…).",
      });
    }
  });

  it('keeps a page of the project, adding the scheme when it has none', async () => {
    for (const [typed, stored] of [
      ['https://shop.example.com/cart?x=1', 'https://shop.example.com/cart?x=1'],
      ['shop.example.com/cart', 'https://shop.example.com/cart'],
      ['https://www.shop.example.com/', 'https://www.shop.example.com/'],
      ['/cart', '/cart'],
    ] as const) {
      const answer = await server.call<Schemas['Step']>('POST', `/api/scenarios/${w.scenarioId}/steps`, {
        ...auth,
        body: step(typed),
      });
      expect(answer.status, typed).toBe(201);
      expect(answer.body.url).toBe(stored);
    }
  });

  it('gives a loopback site http when the scheme is missing', async () => {
    const project = await server.call<Schemas['Project']>('PUT', `/api/projects/${w.projectId}`, {
      ...auth,
      body: {
        name: 'shop project',
        description: 'd',
        sites: ['https://shop.example.com', 'http://localhost:5174'],
      },
    });
    expect(project.status).toBe(200);
    const answer = await server.call<Schemas['Step']>('POST', `/api/scenarios/${w.scenarioId}/steps`, {
      ...auth,
      body: step('localhost:5174/demo'),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.url).toBe('http://localhost:5174/demo');
  });
});

describe('migration 0012', () => {
  const migration = '0012_step_url_reports.sql';
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await databaseBefore(migration, 'step_url_reports'));
  });

  afterAll(async () => {
    await close?.();
  });

  it('reports the steps outside http(s) or the project sites and leaves every step as it was', async () => {
    const organization = randomUUID();
    const project = randomUUID();
    const category = randomUUID();
    const scenario = randomUUID();
    await db.insertInto('organizations').values({ id: organization, name: 'O' }).execute();
    await db
      .insertInto('projects')
      .values({
        id: project,
        organization_id: organization,
        name: 'P',
        description: '',
        sites: JSON.stringify(['https://shop.example.com', 'https://localhost:5174']),
      })
      .execute();
    await sql`INSERT INTO categories (id, organization_id, project_id, name) VALUES (${category}, ${organization}, ${project}, 'C')`.execute(
      db,
    );
    await sql`INSERT INTO scenarios (id, organization_id, category_id, title, description, summary, min_duration, max_duration)
      VALUES (${scenario}, ${organization}, ${category}, 'S', '', '', 0, 0)`.execute(db);
    const urls = [
      'https://shop.example.com/cart',
      'shop.example.com/catalogue',
      'https://WWW.shop.example.com/',
      'localhost:5174/demo',
      'javascript:alert(1)',
      'https://evil.example.org/',
      'https://u:p@shop.example.com/',
      'pas une url',
      '/cart',
      '//evil.example.org/',
    ];
    for (const [index, url] of urls.entries()) {
      await db
        .insertInto('steps')
        .values({
          id: randomUUID(),
          organization_id: organization,
          scenario_id: scenario,
          position: index + 1,
          name: `s${index}`,
          text: 't',
          extra: null,
          url,
          target: null,
          auto_click: false,
          missing_wait_seconds: 6,
          missing_then: 'unanchored',
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
    }
    await db.transaction().execute((trx) => applyMigration(trx, migration));
    const report = await db
      .selectFrom('step_url_reports')
      .select(['url', 'reason', 'scenario_id'])
      .where('organization_id', '=', organization)
      .execute();
    expect(report).toEqual([
      { url: 'javascript:alert(1)', reason: 'scheme', scenario_id: scenario },
      { url: 'https://evil.example.org/', reason: 'site', scenario_id: scenario },
      { url: 'https://u:p@shop.example.com/', reason: 'credentials', scenario_id: scenario },
      { url: 'pas une url', reason: 'site', scenario_id: scenario },
      { url: '//evil.example.org/', reason: 'scheme', scenario_id: scenario },
    ]);
    const kept = await db
      .selectFrom('steps')
      .select('url')
      .where('scenario_id', '=', scenario)
      .orderBy('position')
      .execute();
    expect(kept.map((s) => s.url)).toEqual(urls);
  });
});
