// GET /projects as the projects page and the extension walk it: pages by name, a search, bounded limits.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../src/types.ts';
import { type Session, startServer, type TestServer } from './support/harness.ts';
import { walkPages } from './support/pages.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

type Page = Schemas['ProjectPage'];

const list = (session: Session, query = '') =>
  server.call<Page>('GET', `/api/projects${query}`, { token: session.token, org: session.org });

async function create(session: Session, name: string, description = ''): Promise<string> {
  const created = await server.call<Schemas['Project']>('POST', '/api/projects', {
    token: session.token,
    org: session.org,
    body: { name, description, sites: ['shop.example.com'] },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

const walk = (session: Session, limit: number, q = '') =>
  walkPages<Page['items'][number]>(server, session, '/api/projects', limit, q);

/** Inserted straight into the database: a thousand projects through the API would take minutes. */
async function seed(session: Session, count: number, prefix: string): Promise<void> {
  const description = 'Parcours de formation des équipes, guides pas à pas pour les outils internes.';
  for (let start = 0; start < count; start += 250) {
    const projects = Array.from({ length: Math.min(250, count - start) }, (_, i) => ({
      id: randomUUID(),
      organization_id: session.org,
      name: `${prefix} ${String(start + i).padStart(4, '0')}`,
      description,
      sites: JSON.stringify(['https://shop.example.com', 'https://intranet.example.com']),
    }));
    await server.db.insertInto('projects').values(projects).execute();
    const categories = projects.flatMap((p) =>
      ['Premiers pas', 'Commandes', 'Facturation', 'Réglages', 'Équipe'].map((name) => ({
        id: randomUUID(),
        organization_id: session.org,
        project_id: p.id,
        name,
        description: '',
      })),
    );
    await server.db.insertInto('categories').values(categories).execute();
  }
}

describe('GET /projects pages', () => {
  it('returns each of 65 projects exactly once, by name, across pages', async () => {
    const alice = await server.signUp();
    // Created in an order that is neither the name's nor the reverse, names differing only by case and accents.
    const names = Array.from({ length: 65 }, (_, i) => `Projet ${String((i * 37) % 65).padStart(2, '0')}`);
    names.push('élan', 'Elan', 'zèbre', 'Abeille');
    for (const name of names) await create(alice, name);
    const pages = await walk(alice, 10);
    expect(pages).toHaveLength(7);
    const seen = pages.flat().map((p) => p.name);
    expect(seen).toHaveLength(names.length);
    expect(new Set(pages.flat().map((p) => p.id)).size).toBe(names.length);
    // Alphabetical whatever the case and accents: "Abeille", then both "Elan"s, …, "zèbre" last.
    expect(seen[0]).toBe('Abeille');
    expect(seen.slice(1, 3).sort()).toEqual(['Elan', 'élan']);
    expect(seen.slice(3, 68)).toEqual([...names.slice(0, 65)].sort());
    expect(seen.at(-1)).toBe('zèbre');
  });

  it('answers 24 projects by default and a cursor for the rest, with the counts of all projects', async () => {
    const bob = await server.signUp();
    await seed(bob, 30, 'Lot');
    const first = await list(bob);
    expect(first.body.items).toHaveLength(24);
    expect(first.body.items[0]?.name).toBe('Lot 0000');
    expect(first.body.nextCursor).toEqual(expect.any(String));
    expect(first.body.stats).toEqual({ total: 30, withScenarios: 0, modifiedLast7Days: 30 });
    const second = await list(bob, `?cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`);
    expect(second.body.items.map((p) => p.name)).toEqual(
      Array.from({ length: 6 }, (_, i) => `Lot ${String(24 + i).padStart(4, '0')}`),
    );
    expect(second.body.nextCursor).toBeNull();
  });

  it('does not skip or repeat a project when others are created and deleted between pages', async () => {
    const carol = await server.signUp();
    const ids = new Map<string, string>();
    for (const name of ['b', 'd', 'f', 'h', 'j', 'l']) ids.set(name, await create(carol, name));
    const first = await list(carol, '?limit=3');
    expect(first.body.items.map((p) => p.name)).toEqual(['b', 'd', 'f']);
    // Before the cursor (a), after it (g), and one of the remaining deleted.
    await create(carol, 'a');
    await create(carol, 'g');
    await server.call('DELETE', `/api/projects/${ids.get('j')}`, { token: carol.token, org: carol.org });
    const second = await list(carol, `?limit=3&cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`);
    expect(second.body.items.map((p) => p.name)).toEqual(['g', 'h', 'l']);
    expect(second.body.nextCursor).toBeNull();
  });

  it('searches the name and the description, ignoring case and accents, and pages the results', async () => {
    const dave = await server.signUp();
    await create(dave, 'Équipe Café');
    await create(dave, 'Boutique', 'Le CAFÉ du coin');
    await create(dave, 'Intranet RH', 'Congés et notes de frais');
    await create(dave, 'Cafétéria', '');
    const names = async (q: string) => (await walk(dave, 2, q)).flat().map((p) => p.name);
    expect(await names('cafe')).toEqual(['Boutique', 'Cafétéria', 'Équipe Café']);
    expect(await names('EQUIPE')).toEqual(['Équipe Café']);
    expect(await names('congés')).toEqual(['Intranet RH']);
    expect(await names('  ')).toHaveLength(4);
    // LIKE's wildcards are plain characters in a search.
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
    expect(await names('introuvable')).toEqual([]);
    // The counts stay those of all the organization's projects.
    expect((await list(dave, '?q=cafe')).body.stats.total).toBe(4);
  });

  it('refuses a limit out of 1…100 and a cursor it did not make with a 400 problem', async () => {
    const erin = await server.signUp();
    await create(erin, 'Seul');
    for (const query of ['?limit=0', '?limit=101', '?limit=-1', '?limit=abc', '?limit=2.5']) {
      const answer = await server.call<Schemas['Problem']>('GET', `/api/projects${query}`, {
        token: erin.token,
        org: erin.org,
        locale: 'en',
      });
      expect(answer.status, query).toBe(400);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      expect(answer.body.errors?.[0]).toMatchObject({ in: 'query', pointer: '/limit' });
    }
    expect((await list(erin, '?limit=100')).status).toBe(200);
    expect((await list(erin, '?limit=1')).body.items).toHaveLength(1);
    const forged = [
      'nope',
      Buffer.from('["a"]').toString('base64url'),
      Buffer.from('["a","not-a-uuid"]').toString('base64url'),
      Buffer.from('{"key":"a"}').toString('base64url'),
    ];
    for (const cursor of forged) {
      const answer = await server.call<Schemas['Problem']>('GET', `/api/projects?cursor=${cursor}`, {
        token: erin.token,
        org: erin.org,
        locale: 'en',
      });
      expect(answer.status, cursor).toBe(400);
      expect(answer.body.errors?.[0]).toMatchObject({ in: 'query', pointer: '/cursor' });
    }
  });

  it("never shows another organization's projects, with or without a cursor or a search", async () => {
    const frank = await server.signUp();
    const grace = await server.signUp();
    for (const name of ['Alpha', 'Bravo', 'Charlie']) await create(frank, name);
    for (const name of ['Alpine', 'Brave', 'Chaton']) await create(grace, name);
    const mine = (await walk(frank, 1)).flat().map((p) => p.name);
    expect(mine).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect((await walk(frank, 5, 'alp')).flat().map((p) => p.name)).toEqual(['Alpha']);
    // Grace's cursor, replayed in Frank's organization, only ever pages Frank's projects.
    const theirs = await list(grace, '?limit=1');
    const replayed = await list(frank, `?cursor=${encodeURIComponent(theirs.body.nextCursor ?? '')}`);
    expect(replayed.body.items.every((p) => ['Alpha', 'Bravo', 'Charlie'].includes(p.name))).toBe(true);
    expect((await list(frank)).body.stats.total).toBe(3);
  });

  it('keeps the first page under 100 kB at 1,000 projects of 5 categories', async () => {
    const heidi = await server.signUp();
    await seed(heidi, 1000, 'Projet de formation');
    const response = await fetch(`${server.base}/api/projects`, {
      headers: { authorization: `Bearer ${heidi.token}`, 'x-organization-id': heidi.org },
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    expect(response.status).toBe(200);
    expect(bytes).toBeLessThanOrEqual(100 * 1024);
    const first = await list(heidi);
    expect(first.body.items).toHaveLength(24);
    expect(first.body.stats.total).toBe(1000);
    // …and walking every page at the largest limit still meets each project once.
    const all = (await walk(heidi, 100)).flat();
    expect(all).toHaveLength(1000);
    expect(new Set(all.map((p) => p.id)).size).toBe(1000);
  });
});
