// GET /projects/{id}/categories and GET …/categories/{categoryId}/scenarios as the project and category pages walk
// them: oldest first, a page at a time, searched on the server, never another organization's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../src/types.ts';
import { type Session, startServer, type TestServer } from './support/harness.ts';
import { type Page, walkPages } from './support/pages.ts';

let server: TestServer;
let author: Session;
let projectId: string;

beforeAll(async () => {
  server = await startServer();
  author = await server.signUp();
  const project = await server.call<Schemas['Project']>('POST', '/api/projects', {
    ...as(author),
    body: { name: 'Intranet', description: '', sites: ['intranet.example.com'] },
  });
  projectId = project.body.id;
});

afterAll(async () => {
  await server?.close();
});

function as(session: Session) {
  return { token: session.token, org: session.org };
}

const walk = <T>(path: string, limit: number, q = '', session = author) =>
  walkPages<T>(server, session, path, limit, q);

const db = () => server.app.mulot.db;

describe("a project's categories", () => {
  let names: string[];

  beforeAll(async () => {
    // Inserted in one statement, so that many share their creation time to the microsecond: the id breaks the tie.
    names = Array.from({ length: 53 }, (_, i) => `Rubrique ${String(i).padStart(2, '0')}`);
    const rows = names.map((name, i) => ({
      id: randomUUID(),
      organization_id: author.org,
      project_id: projectId,
      name,
      description: i % 10 === 0 ? 'Congés et absences' : 'Notes de frais',
    }));
    await db().insertInto('categories').values(rows).execute();
  });

  it('returns each of 53 categories exactly once across pages of 10, oldest first', async () => {
    const pages = await walk<Schemas['Category']>(`/api/projects/${projectId}/categories`, 10);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 10, 10, 10, 3]);
    const seen = pages.flat().map((c) => c.name);
    expect([...seen].sort()).toEqual(names);
    expect(new Set(seen).size).toBe(53);
  });

  it('answers 24 by default, each with its guide counts, and the cursor of the rest', async () => {
    const category = (
      await db()
        .selectFrom('categories')
        .select('id')
        .where('name', '=', 'Rubrique 00')
        .executeTakeFirstOrThrow()
    ).id;
    await db()
      .insertInto('scenarios')
      .values(
        (['published', 'draft'] as const).map((status) => ({
          id: randomUUID(),
          organization_id: author.org,
          category_id: category,
          title: `Poser un congé (${status})`,
          description: '',
          summary: '',
          min_duration: 1,
          max_duration: 2,
          status,
        })),
      )
      .execute();
    const first = await server.call<Page<Schemas['Category']>>(
      'GET',
      `/api/projects/${projectId}/categories`,
      as(author),
    );
    expect(first.body.items).toHaveLength(24);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const all = await walk<Schemas['Category']>(`/api/projects/${projectId}/categories`, 100);
    const counted = all.flat().find((c) => c.id === category);
    expect(counted).toMatchObject({ scenarioCount: 2, publishedCount: 1 });
    expect(counted).not.toHaveProperty('scenarios');
  });

  it('searches the name and the description, ignoring case and accents', async () => {
    const byDescription = (
      await walk<Schemas['Category']>(`/api/projects/${projectId}/categories`, 2, 'CONGES')
    )
      .flat()
      .map((c) => c.name)
      // created in one statement: among equal creation times the order is the ids'
      .sort();
    expect(byDescription).toEqual([
      'Rubrique 00',
      'Rubrique 10',
      'Rubrique 20',
      'Rubrique 30',
      'Rubrique 40',
      'Rubrique 50',
    ]);
    const byName = await walk<Schemas['Category']>(`/api/projects/${projectId}/categories`, 10, 'rubrique 4');
    expect(
      byName
        .flat()
        .map((c) => c.name)
        .sort(),
    ).toEqual(names.filter((n) => n.startsWith('Rubrique 4')));
  });

  it('refuses a cursor it did not make, and a limit out of 1…100, with a 400 problem', async () => {
    const forged = Buffer.from(JSON.stringify(["'; DROP TABLE categories; --", randomUUID()])).toString(
      'base64url',
    );
    for (const query of [`cursor=${forged}`, 'cursor=abc', 'limit=0', 'limit=101']) {
      const answer = await server.call<Schemas['Problem']>(
        'GET',
        `/api/projects/${projectId}/categories?${query}`,
        as(author),
      );
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it("never shows another organization's categories", async () => {
    const stranger = await server.signUp();
    const answer = await server.call('GET', `/api/projects/${projectId}/categories`, as(stranger));
    expect(answer.status).toBe(404);
  });
});

describe("a category's guides", () => {
  let categoryId: string;
  let titles: string[];

  beforeAll(async () => {
    const made = await server.call<Schemas['Category']>('POST', `/api/projects/${projectId}/categories`, {
      ...as(author),
      body: { name: 'Facturation' },
    });
    categoryId = made.body.id;
    titles = Array.from({ length: 31 }, (_, i) => `Éditer la facture ${String(i).padStart(2, '0')}`);
    await db()
      .insertInto('scenarios')
      .values(
        titles.map((title) => ({
          id: randomUUID(),
          organization_id: author.org,
          category_id: categoryId,
          title,
          description: '',
          summary: '',
          min_duration: 1,
          max_duration: 2,
        })),
      )
      .execute();
  });

  it('returns each of 31 guides exactly once across pages of 8, with their step counts', async () => {
    const pages = await walk<Schemas['ScenarioSummary']>(
      `/api/projects/${projectId}/categories/${categoryId}/scenarios`,
      8,
    );
    expect(pages.map((p) => p.length)).toEqual([8, 8, 8, 7]);
    expect(
      pages
        .flat()
        .map((s) => s.title)
        .sort(),
    ).toEqual(titles);
    expect(pages.flat().every((s) => s.stepCount === 0)).toBe(true);
  });

  it('searches the title, ignoring case and accents', async () => {
    const found = await walk<Schemas['ScenarioSummary']>(
      `/api/projects/${projectId}/categories/${categoryId}/scenarios`,
      100,
      'editer la FACTURE 1',
    );
    expect(
      found
        .flat()
        .map((s) => s.title)
        .sort(),
    ).toEqual(titles.filter((t) => t.startsWith('Éditer la facture 1')));
  });

  it('says nothing of them in the category itself but their counts', async () => {
    const category = await server.call<Schemas['Category']>(
      'GET',
      `/api/projects/${projectId}/categories/${categoryId}`,
      as(author),
    );
    expect(category.body).toMatchObject({ scenarioCount: 31, publishedCount: 0 });
    expect(category.body).not.toHaveProperty('scenarios');
  });
});
