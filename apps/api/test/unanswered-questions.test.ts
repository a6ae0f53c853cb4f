// "Questions sans guide" (issue 42, item 3): what the assistant was asked and answered with no confident guide,
// grouped by the same words once folded, kept as text only for 90 days, cleared by an Admin. Every expectation is
// written out here from what the test asked and the dates it set, never computed by the code under test.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UnansweredQuestionRetention, unansweredQuestionRetentionDays } from '../src/retention.ts';
import type { Schemas } from '../src/types.ts';
import { addMember } from './support/fixtures.ts';
import { type Session, startServer, type TestServer } from './support/harness.ts';

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;

interface LogLine {
  level: number;
  msg: string;
}

const lines: LogLine[] = [];
let server: TestServer;
let admin: Session;
let contributor: Session;
let stranger: Session;
let project: Schemas['Project'];

const site = 'https://boutique.example.com';
const as = (session: Session) => ({ token: session.token, org: session.org });

beforeAll(async () => {
  server = await startServer(
    { logLevel: 'warn' },
    { logStream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) } },
  );
  // The instance's first account administers the platform (sees every organization): not one of these.
  await server.signUp();
  admin = await server.signUp();
  contributor = await addMember(server, admin, 'Contributor');
  stranger = await server.signUp();
  project = await newProject(admin, 'Boutique', site);
  // The only published guide: "créer une facture" is answered with it, "client fidèle" (a word of its description)
  // only gets it as a "peut-être".
  const category = await server.call<Schemas['Category']>('POST', `/api/projects/${project.id}/categories`, {
    ...as(admin),
    body: { name: 'Factures' },
  });
  const guide = await server.call<Schemas['Scenario']>(
    'POST',
    `/api/projects/${project.id}/categories/${category.body.id}/scenarios`,
    {
      ...as(admin),
      body: {
        title: 'Créer une facture',
        description: 'Émettre une facture pour un client.',
        summary: 'Créer une facture',
        minDuration: 1,
        maxDuration: 3,
      },
    },
  );
  expect(guide.status).toBe(201);
  const step = await server.call('POST', `/api/scenarios/${guide.body.id}/steps`, {
    ...as(admin),
    body: {
      name: 'Ouvrir les factures',
      text: 'Cliquez sur Factures.',
      url: `${site}/factures`,
      target: { css: '#factures' },
    },
  });
  expect(step.status).toBe(201);
  const published = await server.call('PATCH', `/api/scenarios/${guide.body.id}/status`, {
    ...as(admin),
    body: { status: 'published' },
  });
  expect(published.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await flush();
  await sql`DELETE FROM unanswered_questions`.execute(server.db);
});

async function newProject(session: Session, name: string, url: string) {
  const made = await server.call<Schemas['Project']>('POST', '/api/projects', {
    ...as(session),
    body: { name, description: '', sites: [url] },
  });
  expect(made.status).toBe(201);
  return made.body;
}

/** A member asks the assistant (from a page when `url` is given); answers the assistant's answer. */
async function ask(session: Session, query: string, url?: string) {
  const answer = await server.call<Schemas['AssistantAnswer']>('POST', '/api/assistant', {
    ...as(session),
    body: url === undefined ? { query } : { query, url },
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** An end user asks from a page of the project's site, with its key (no account). */
async function askPublic(query: string) {
  const answer = await server.call<Schemas['AssistantAnswer']>('POST', '/api/public/assistant', {
    body: { key: project.siteKey, url: `${site}/panier`, query },
    headers: { origin: site },
    client: '10.42.0.1',
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** What waits in the server's memory is written (the server does it about once a second). */
const flush = () => server.app.mulot.unansweredQuestions.flush();

async function list(session: Session, days?: number) {
  const query = days === undefined ? '' : `?days=${days}`;
  const answer = await server.call<Schemas['UnansweredQuestions']>(
    'GET',
    `/api/dashboard/unanswered-questions${query}`,
    as(session),
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Dates a question (by its exact text) as if asked at `at`. */
async function askedAt(text: string, at: Date) {
  const updated = await sql`UPDATE unanswered_questions SET created_at = ${at} WHERE text = ${text}`.execute(
    server.db,
  );
  expect(Number(updated.numAffectedRows)).toBe(1);
}

describe('GET /dashboard/unanswered-questions', () => {
  it('groups questions with the same words once folded, with their count and the newest as it was asked', async () => {
    expect((await ask(admin, 'Comment exporter mes données ?')).guides).toEqual([]);
    expect((await ask(admin, '  comment EXPORTER mes donnees  ')).guides).toEqual([]);
    expect((await ask(admin, 'comment, exporter   mes Données!')).guides).toEqual([]);
    expect((await ask(admin, 'supprimer mon compte')).guides).toEqual([]);
    expect((await ask(admin, 'changer mon logo')).guides).toEqual([]);
    await flush();
    const now = Date.now();
    // The second one asked is dated the latest: the newest is the latest date, not the last row written.
    await askedAt('Comment exporter mes données ?', new Date(now - 3 * HOUR));
    await askedAt('comment EXPORTER mes donnees', new Date(now - 1 * HOUR));
    await askedAt('comment, exporter   mes Données!', new Date(now - 2 * HOUR));
    await askedAt('supprimer mon compte', new Date(now - 5 * HOUR));
    await askedAt('changer mon logo', new Date(now - 4 * HOUR));

    expect(await list(admin)).toEqual({
      days: 30,
      items: [
        {
          text: 'comment EXPORTER mes donnees',
          count: 3,
          lastAskedAt: new Date(now - 1 * HOUR).toISOString(),
          projectId: null,
        },
        // Asked once each: the most recent first.
        {
          text: 'changer mon logo',
          count: 1,
          lastAskedAt: new Date(now - 4 * HOUR).toISOString(),
          projectId: null,
        },
        {
          text: 'supprimer mon compte',
          count: 1,
          lastAskedAt: new Date(now - 5 * HOUR).toISOString(),
          projectId: null,
        },
      ],
    });
    // Every member reads it.
    expect((await list(contributor)).items.map((i) => i.count)).toEqual([3, 1, 1]);
  });

  it('keeps a question answered with only "peut-être" guides, never one answered with a guide', async () => {
    const confident = await ask(admin, 'créer une facture');
    expect(confident.guides.map((g) => g.title)).toEqual(['Créer une facture']);
    const weak = await ask(admin, 'client fidèle');
    expect(weak.guides).toEqual([]);
    expect(weak.weak?.map((g) => g.title)).toEqual(['Créer une facture']);
    const nothing = await ask(admin, 'recette du gâteau');
    expect(nothing).toEqual({ guides: [], source: 'fulltext' });
    await flush();
    expect((await list(admin)).items.map((i) => [i.text, i.count])).toEqual([
      ['recette du gâteau', 1],
      ['client fidèle', 1],
    ]);
  });

  it("keeps the key's project for end users' questions and a member's page's project, null when they differ", async () => {
    expect((await askPublic('Où est mon colis ?')).guides).toEqual([]);
    expect((await askPublic('ou est mon colis')).guides).toEqual([]);
    // A member's question on a page of the project's site is scoped to that project.
    expect((await ask(admin, 'annuler un abonnement', `${site}/compte`)).guides).toEqual([]);
    // An end user's question the key's project answers is not kept.
    expect((await askPublic('créer une facture')).guides).toHaveLength(1);
    await flush();
    const first = await list(admin);
    expect(first.items.map((i) => [i.text, i.count, i.projectId])).toEqual([
      ['ou est mon colis', 2, project.id],
      ['annuler un abonnement', 1, project.id],
    ]);
    // The same question from a member with no page: the group's project is no longer one project.
    expect((await ask(admin, 'Annuler un abonnement.')).guides).toEqual([]);
    await flush();
    const second = await list(admin);
    // Both asked twice: the one asked last first.
    expect(second.items.map((i) => [i.text, i.count, i.projectId])).toEqual([
      ['Annuler un abonnement.', 2, null],
      ['ou est mon colis', 2, project.id],
    ]);
  });

  it('counts the period: `days` UTC days ending today, 30 by default, 1 to 365', async () => {
    await ask(admin, 'importer des clients');
    await ask(admin, 'Importer des clients');
    await ask(admin, 'exporter des clients');
    await flush();
    const now = Date.now();
    await askedAt('importer des clients', new Date(now - 40 * DAY));
    await askedAt('Importer des clients', new Date(now - 2 * DAY));
    await askedAt('exporter des clients', new Date(now - 45 * DAY));

    expect((await list(admin, 30)).items).toEqual([
      {
        text: 'Importer des clients',
        count: 1,
        lastAskedAt: new Date(now - 2 * DAY).toISOString(),
        projectId: null,
      },
    ]);
    expect((await list(admin)).days).toBe(30);
    expect((await list(admin)).items.map((i) => i.count)).toEqual([1]);
    expect((await list(admin, 60)).items.map((i) => [i.text, i.count])).toEqual([
      ['Importer des clients', 2],
      ['exporter des clients', 1],
    ]);
    expect((await list(admin, 1)).items).toEqual([]);
    for (const days of ['0', '366', 'abc', '-3']) {
      const refused = await server.call<Schemas['Problem']>(
        'GET',
        `/api/dashboard/unanswered-questions?days=${days}`,
        as(admin),
      );
      expect(refused.status, days).toBe(400);
    }
  });

  it('shows at most 50 groups, the most asked first', async () => {
    for (let i = 1; i <= 52; i += 1) await ask(admin, `question numéro ${i}`);
    await ask(admin, 'question numéro 52');
    await flush();
    // A second apart, as people ask: two questions asked within the same millisecond have no latest.
    const start = Date.now() - 60 * 60 * 1000;
    for (let i = 1; i <= 51; i += 1) await askedAt(`question numéro ${i}`, new Date(start + i * 1000));
    const items = (await list(admin)).items;
    expect(items).toHaveLength(50);
    expect(items[0]).toMatchObject({ text: 'question numéro 52', count: 2 });
    // The rest asked once, the latest first: 51, 50, … 3 (1 and 2 are left out).
    expect(items.slice(1).map((i) => i.text)).toEqual(
      Array.from({ length: 49 }, (_, k) => `question numéro ${51 - k}`),
    );
  });

  it("never shows another organization's questions", async () => {
    expect((await ask(stranger, 'question de la concurrence')).guides).toEqual([]);
    await ask(admin, 'question de chez nous');
    await flush();
    expect((await list(admin)).items.map((i) => i.text)).toEqual(['question de chez nous']);
    expect((await list(stranger)).items.map((i) => i.text)).toEqual(['question de la concurrence']);
    // Another organization's id in the header is refused, not answered with its questions.
    const other = await server.call('GET', '/api/dashboard/unanswered-questions', {
      token: admin.token,
      org: stranger.org,
    });
    expect(other.status).toBe(403);
  });
});

describe('DELETE /dashboard/unanswered-questions', () => {
  it("lets an Admin clear the organization's questions, and only theirs; a Contributor is refused", async () => {
    await ask(admin, 'question à effacer');
    await ask(admin, 'autre question');
    await ask(stranger, 'question de la concurrence');
    await flush();
    await askedAt('autre question', new Date(Date.now() - 80 * DAY));

    const refused = await server.call<Schemas['Problem']>(
      'DELETE',
      '/api/dashboard/unanswered-questions',
      as(contributor),
    );
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect((await list(admin, 365)).items.map((i) => i.text)).toEqual([
      'question à effacer',
      'autre question',
    ]);

    const cleared = await server.call('DELETE', '/api/dashboard/unanswered-questions', as(admin));
    expect(cleared.status).toBe(204);
    // Whatever their date.
    expect((await list(admin, 365)).items).toEqual([]);
    expect((await list(stranger)).items.map((i) => i.text)).toEqual(['question de la concurrence']);
  });

  it('clears a question asked just before, not yet written', async () => {
    await ask(admin, 'question toute fraîche');
    const cleared = await server.call('DELETE', '/api/dashboard/unanswered-questions', as(admin));
    expect(cleared.status).toBe(204);
    await flush();
    expect((await list(admin)).items).toEqual([]);
  });
});

describe('what is kept, and for how long', () => {
  it('stores the text, the organization, the project and the time: no user nor visitor id', async () => {
    await ask(admin, '  Où trouver mes reçus ?  ', `${site}/`);
    await askPublic('où trouver mes reçus');
    await flush();
    const columns = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'unanswered_questions'`.execute(server.db);
    expect(columns.rows.map((c) => c.column_name).sort()).toEqual([
      'created_at',
      'folded',
      'id',
      'organization_id',
      'project_id',
      'text',
    ]);
    const rows = await sql<{ text: string; folded: string; organization_id: string; project_id: string }>`
      SELECT text, folded, organization_id, project_id FROM unanswered_questions`.execute(server.db);
    const kept = (text: string) => ({
      text,
      folded: 'ou trouver mes recus',
      organization_id: admin.org,
      project_id: project.id,
    });
    expect([...rows.rows].sort((a, b) => (a.text < b.text ? -1 : 1))).toEqual([
      kept('Où trouver mes reçus ?'),
      kept('où trouver mes reçus'),
    ]);
    expect(JSON.stringify(rows.rows)).not.toContain(admin.userId);
  });

  it('deletes questions asked more than 90 days ago when the retention job runs', async () => {
    await ask(admin, 'question très ancienne');
    await ask(admin, 'question ancienne');
    await ask(stranger, 'ancienne question ailleurs');
    await flush();
    const now = Date.now();
    await askedAt('question très ancienne', new Date(now - 91 * DAY));
    await askedAt('question ancienne', new Date(now - 89 * DAY));
    await askedAt('ancienne question ailleurs', new Date(now - 120 * DAY));

    const errors: unknown[] = [];
    const job = new UnansweredQuestionRetention(server.db, {
      days: unansweredQuestionRetentionDays,
      onError: (error) => errors.push(error),
    });
    job.start();
    await job.stop();

    expect(errors).toEqual([]);
    const left = await sql<{ text: string }>`SELECT text FROM unanswered_questions`.execute(server.db);
    expect(left.rows.map((r) => r.text)).toEqual(['question ancienne']);
  });

  it('answers even when a question cannot be written, logs it, and writes it at the next flush', async () => {
    await sql`ALTER TABLE unanswered_questions RENAME TO unanswered_questions_away`.execute(server.db);
    try {
      const answer = await ask(admin, 'question pendant la panne');
      expect(answer).toEqual({ guides: [], source: 'fulltext' });
      await expect(flush()).rejects.toThrow();
      expect(lines.some((l) => l.msg === 'assistant questions without a guide not recorded')).toBe(true);
    } finally {
      await sql`ALTER TABLE unanswered_questions_away RENAME TO unanswered_questions`.execute(server.db);
    }
    await flush();
    expect((await list(admin)).items.map((i) => [i.text, i.count])).toEqual([
      ['question pendant la panne', 1],
    ]);
  });
});
