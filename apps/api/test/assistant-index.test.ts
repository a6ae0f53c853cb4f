// The assistant's index of guides (issue 43): per organization, updated in place as content changes, never served
// partly filled, and current after a write on another replica.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../src/types.ts';
import { backend, type Session, startServer, type TestServer } from './support/harness.ts';

type Answer = Schemas['AssistantAnswer'];

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const auth = (session: Session) => ({ token: session.token, org: session.org });

async function ask(on: TestServer, session: Session, query: string, url?: string) {
  const answer = await on.call<Answer>('POST', '/api/assistant', {
    ...auth(session),
    body: { query, ...(url ? { url } : {}) },
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

const titles = (answer: Answer) => answer.guides.map((g) => g.title).sort();

/** A project and category of the session's organization, made through the API. */
async function place(session: Session, site: string): Promise<{ projectId: string; path: string }> {
  const project = await server.call<Schemas['Project']>('POST', '/api/projects', {
    ...auth(session),
    body: { name: `Project ${randomUUID().slice(0, 6)}`, description: '', sites: [site] },
  });
  expect(project.status).toBe(201);
  const category = await server.call<Schemas['Category']>(
    'POST',
    `/api/projects/${project.body.id}/categories`,
    { ...auth(session), body: { name: 'Comptabilité' } },
  );
  expect(category.status).toBe(201);
  return {
    projectId: project.body.id,
    path: `/api/projects/${project.body.id}/categories/${category.body.id}/scenarios`,
  };
}

/** A published guide of one step made through the API, as an author does. */
async function publish(on: TestServer, session: Session, path: string, title: string): Promise<string> {
  const created = await on.call<Schemas['Scenario']>('POST', path, {
    ...auth(session),
    body: { title, description: '.', summary: '.', minDuration: 1, maxDuration: 2 },
  });
  expect(created.status).toBe(201);
  const step = await on.call('POST', `/api/scenarios/${created.body.id}/steps`, {
    ...auth(session),
    body: { name: 'Ouvrir la page', text: '.', url: '/', target: { css: 'main' } },
  });
  expect(step.status).toBe(201);
  const published = await on.call('PATCH', `/api/scenarios/${created.body.id}/status`, {
    ...auth(session),
    body: { status: 'published' },
  });
  expect(published.status).toBe(200);
  return created.body.id;
}

async function retitle(on: TestServer, session: Session, id: string, title: string): Promise<void> {
  const edited = await on.call('PUT', `/api/scenarios/${id}`, {
    ...auth(session),
    body: { title, description: '.', summary: '.', minDuration: 1, maxDuration: 2 },
  });
  expect(edited.status).toBe(200);
}

describe('the assistant after edits', () => {
  it('still finds every other guide after one is edited, while another organization holds many guides', async () => {
    const small = await server.signUp();
    const large = await server.signUp();
    const { path } = await place(small, 'https://compta.example.com');
    const invoices = await publish(server, small, path, 'Envoyer une facture');
    await publish(server, small, path, 'Exporter les notes de frais');
    // The large organization's guides, seeded straight into the database (through the API this would take an
    // hour): together with the small one's, as many guides as the process held at most before issue 43.
    const { path: largePath } = await place(large, 'https://large.example.com');
    const categoryId = largePath.split('/')[5] as string;
    await sql`
      INSERT INTO scenarios (id, organization_id, category_id, title, description, summary, status, min_duration,
        max_duration)
      SELECT gen_random_uuid(), ${large.org}, ${categoryId}, 'Guide du stock ' || i, '', '', 'published', 1, 2
      FROM generate_series(1, 19998) AS i`.execute(server.db);

    expect(titles(await ask(server, small, 'notes de frais'))).toEqual(['Exporter les notes de frais']);
    expect((await ask(server, large, 'guide du stock 17')).guides.length).toBeGreaterThan(0);
    await retitle(server, small, invoices, 'Envoyer une facture à un client');
    // The guide not edited is still found, and the edited one under its new title.
    expect(titles(await ask(server, small, 'notes de frais'))).toEqual(['Exporter les notes de frais']);
    expect(titles(await ask(server, small, 'facture client'))).toEqual(['Envoyer une facture à un client']);
    expect((await ask(server, large, 'guide du stock 17')).guides.length).toBeGreaterThan(0);
  }, 240_000);

  it('edits one guide among many and still answers with all the others, on the whole organization and on a site', async () => {
    const author = await server.signUp();
    const { path } = await place(author, 'https://factures.example.com');
    const names = ['clients', 'fournisseurs', 'avoirs', 'acomptes', 'relances'];
    const ids = [];
    for (const name of names) ids.push(await publish(server, author, path, `Factures des ${name}`));
    const all = names.map((name) => `Factures des ${name}`).sort();
    expect(titles(await ask(server, author, 'factures'))).toEqual(all);
    await retitle(server, author, ids[2] as string, 'Factures des avoirs en retard');
    const after = all.map((t) => (t === 'Factures des avoirs' ? 'Factures des avoirs en retard' : t)).sort();
    expect(titles(await ask(server, author, 'factures'))).toEqual(after);
    expect(titles(await ask(server, author, 'factures', 'https://factures.example.com/liste'))).toEqual(
      after,
    );
    // Unpublished: gone from the answers; deleted: gone too; the others stay.
    const unpublished = await server.call('PATCH', `/api/scenarios/${ids[0]}/status`, {
      ...auth(author),
      body: { status: 'draft' },
    });
    expect(unpublished.status).toBe(200);
    const deleted = await server.call('DELETE', `/api/scenarios/${ids[1]}`, auth(author));
    expect(deleted.status).toBe(204);
    const left = after.filter((t) => t !== 'Factures des clients' && t !== 'Factures des fournisseurs');
    expect(titles(await ask(server, author, 'factures'))).toEqual(left);
    expect(titles(await ask(server, author, 'factures', 'https://factures.example.com/liste'))).toEqual(left);
  }, 120_000);
});

// A second server on the same PostgreSQL database is another replica: it holds its own index.
describe.skipIf(backend !== 'postgres')('the assistant on two replicas', () => {
  it('answers with a guide edited, added or removed on another replica at the next question', async () => {
    // Replicas share the database and the mail relay: either one may send the confirmation mail from the outbox.
    const { database, smtpUrl } = server.app.mulot.config;
    const other = await startServer({ database, smtpUrl });
    try {
      const author = await server.signUp();
      const { path } = await place(author, 'https://replicas.example.com');
      const kept = await publish(server, author, path, 'Clôturer un exercice comptable');
      const edited = await publish(server, author, path, 'Importer un relevé bancaire');
      expect(titles(await ask(server, author, 'relevé bancaire'))).toEqual(['Importer un relevé bancaire']);
      await retitle(other, author, edited, 'Importer un relevé de carte bancaire');
      await publish(other, author, path, 'Rapprocher un relevé bancaire');
      expect(titles(await ask(server, author, 'relevé bancaire'))).toEqual([
        'Importer un relevé de carte bancaire',
        'Rapprocher un relevé bancaire',
      ]);
      const deleted = await other.call('DELETE', `/api/scenarios/${edited}`, auth(author));
      expect(deleted.status).toBe(204);
      expect(titles(await ask(server, author, 'relevé bancaire'))).toEqual(['Rapprocher un relevé bancaire']);
      expect(titles(await ask(server, author, 'exercice comptable'))).toEqual([
        'Clôturer un exercice comptable',
      ]);
      expect(kept).toBeTruthy();
    } finally {
      await other.close();
    }
  }, 120_000);
});
