// Which project's guides a page gets (GET /catalogue?url=, POST /assistant with a url): the projects whose sites have
// the page's host — scheme, port, case and a leading "www." aside, as the server has always compared them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../src/types.ts';
import { type Session, startServer, type TestServer } from './support/harness.ts';

let server: TestServer;
let author: Session;
let stranger: Session;
const guides = new Map<string, string>();

const auth = (session: Session) => ({ token: session.token, org: session.org });

async function projectWithGuide(session: Session, sites: string[], title: string): Promise<string> {
  const project = await server.call<Schemas['Project']>('POST', '/api/projects', {
    ...auth(session),
    body: { name: `Projet ${randomUUID().slice(0, 6)}`, description: '', sites },
  });
  expect(project.status).toBe(201);
  const category = await server.call<Schemas['Category']>(
    'POST',
    `/api/projects/${project.body.id}/categories`,
    { ...auth(session), body: { name: 'Ventes' } },
  );
  const scenario = await server.call<Schemas['Scenario']>(
    'POST',
    `/api/projects/${project.body.id}/categories/${category.body.id}/scenarios`,
    { ...auth(session), body: { title, description: '.', summary: '.', minDuration: 1, maxDuration: 2 } },
  );
  const step = await server.call('POST', `/api/scenarios/${scenario.body.id}/steps`, {
    ...auth(session),
    body: { name: 'Ouvrir la page', text: '.', url: '/', target: { css: 'main' } },
  });
  expect(step.status).toBe(201);
  const published = await server.call('PATCH', `/api/scenarios/${scenario.body.id}/status`, {
    ...auth(session),
    body: { status: 'published' },
  });
  expect(published.status).toBe(200);
  return scenario.body.id;
}

beforeAll(async () => {
  server = await startServer();
  author = await server.signUp();
  stranger = await server.signUp();
  // Sites as typed by authors; the server stores their origins.
  guides.set(
    'shop',
    await projectWithGuide(author, ['www.Shop.example.com', 'localhost:5174'], 'Passer commande'),
  );
  guides.set(
    'other',
    await projectWithGuide(author, ['https://other.example.org:8443'], 'Suivre une commande'),
  );
  guides.set('ip', await projectWithGuide(author, ['http://127.0.0.1:8080'], 'Annuler une commande'));
  // Another organization with the same site: its guides never reach the author's pages.
  guides.set(
    'stranger',
    await projectWithGuide(stranger, ['https://shop.example.com'], 'Commande étrangère'),
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
});

async function catalogue(url: string): Promise<string[]> {
  const answer = await server.call<Schemas['CatalogueEntry'][]>(
    'GET',
    `/api/catalogue?url=${encodeURIComponent(url)}`,
    auth(author),
  );
  expect(answer.status, url).toBe(200);
  return answer.body.map((e) => e.id).sort();
}

async function assistant(url: string): Promise<string[]> {
  const answer = await server.call<Schemas['AssistantAnswer']>('POST', '/api/assistant', {
    ...auth(author),
    body: { query: 'commande', url },
  });
  expect(answer.status, url).toBe(200);
  return [...answer.body.guides, ...(answer.body.weak ?? [])].map((g) => g.scenarioId).sort();
}

const ids = (...keys: string[]) => keys.map((k) => guides.get(k) as string).sort();

describe("a page gets the guides of its site's projects", () => {
  const cases: Array<[string, string[]]> = [
    ['https://shop.example.com/cart?x=1', ['shop']],
    ['http://SHOP.example.com:8080/cart', ['shop']],
    ['https://www.shop.example.com/', ['shop']],
    ['shop.example.com/a/b', ['shop']],
    // A loopback site is the same site on any port, as the player runs it on a development server.
    ['http://localhost:3000/admin', ['shop']],
    ['http://www.localhost:5174/', ['shop']],
    ['https://other.example.org/orders', ['other']],
    ['http://other.example.org:8443/', ['other']],
    ['http://127.0.0.1/', ['ip']],
    // Another host, however close, gets none.
    ['https://sub.shop.example.com/', []],
    ['https://shop.example.com.evil.test/', []],
    ['https://example.com/', []],
    ['http://127.0.0.2:8080/', []],
  ];
  for (const [url, expected] of cases) {
    it(`${url} → ${expected.join(', ') || 'none'}`, async () => {
      expect(await catalogue(url)).toEqual(ids(...expected));
      expect(await assistant(url)).toEqual(ids(...expected));
    });
  }

  it('refuses a URL without a host, as before', async () => {
    const answer = await server.call(
      'GET',
      `/api/catalogue?url=${encodeURIComponent('http://')}`,
      auth(author),
    );
    expect(answer.status).toBe(400);
  });

  it("follows a project's sites when they are edited", async () => {
    const projectId = (
      await server.call<Schemas['CatalogueEntry'][]>(
        'GET',
        `/api/catalogue?url=${encodeURIComponent('https://other.example.org/')}`,
        auth(author),
      )
    ).body[0]?.project.id as string;
    const moved = await server.call('PUT', `/api/projects/${projectId}`, {
      ...auth(author),
      body: { name: 'Suivi', description: '', sites: ['https://suivi.example.net'] },
    });
    expect(moved.status).toBe(200);
    expect(await catalogue('https://other.example.org/')).toEqual([]);
    expect(await catalogue('https://suivi.example.net/colis')).toEqual(ids('other'));
    expect(await assistant('https://suivi.example.net/colis')).toEqual(ids('other'));
  });
});
