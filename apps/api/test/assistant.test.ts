import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Call,
  freshHeldOutQueries,
  heldOutQueries,
  type LabelledQuery,
  loadLabelledSet,
  score,
} from '../bench/assistant/labelled.ts';
import { type Candidate, confidentScore, relevant, weak } from '../src/assistant/fulltext.ts';
import { backup, restore } from '../src/backup.ts';
import { type DatabaseTarget, openDatabase } from '../src/db/index.ts';
import type { Schemas } from '../src/types.ts';
import {
  backend,
  freshDatabase,
  type Session,
  seedPgliteDir,
  startServer,
  type TestServer,
} from './support/harness.ts';

type Answer = Schemas['AssistantAnswer'];

let server: TestServer;
let author: Session;
let stranger: Session;
let ids: Map<string, string>;
let call: Call;

function callAs(session: Session): Call {
  return async (method, path, body) => {
    const answer = await server.call(method, path, {
      token: session.token,
      org: session.org,
      ...(body !== undefined ? { body } : {}),
    });
    return { status: answer.status, body: answer.body };
  };
}

async function ask(session: Session, body: unknown, locale = 'fr') {
  return server.call<Answer>('POST', '/api/assistant', {
    token: session.token,
    org: session.org,
    locale,
    body,
  });
}

const titles = (answer: { body: Answer }) => answer.body.guides.map((g) => g.title);

beforeAll(async () => {
  server = await startServer();
  author = await server.signUp();
  stranger = await server.signUp();
  call = callAs(author);
  ids = await loadLabelledSet(call);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('POST /assistant on the labelled set', () => {
  const scoresOn = async (queries: LabelledQuery[]) => {
    const keyOf = new Map([...ids].map(([key, id]) => [id, key]));
    const answers = [];
    for (const query of queries) {
      const answer = await ask(author, { query: query.query });
      expect(answer.status).toBe(200);
      expect(answer.body.source).toBe('fulltext');
      answers.push({ query, ranked: answer.body.guides.map((g) => keyOf.get(g.scenarioId) ?? g.scenarioId) });
    }
    return score(answers);
  };

  // The held-out halves only: the tuning half is where the ranking's constants were chosen (ADR 0005).
  it('holds its held-out figures: top-3, top-1 and "no guide" precision', async () => {
    const s = await scoresOn(heldOutQueries);
    expect(s.answerable).toBeGreaterThanOrEqual(150);
    expect(s.noMatch).toBeGreaterThanOrEqual(40);
    // Floors at the figures of the two-or-more score 0.25 (ADR 0005, eighth pass: 86.8%, 95.4%, 86.5% on 152 + 44
    // queries, 32 no-match refused); issue 16's goal for "no guide" precision (90%) is not met on this half.
    expect(s.top1 / s.answerable).toBeGreaterThanOrEqual(132 / 152);
    expect(s.top3 / s.answerable).toBeGreaterThanOrEqual(145 / 152);
    expect(s.noMatchPrecision).toBeGreaterThanOrEqual(32 / 37);
    expect(s.noMatchEmpty).toBeGreaterThanOrEqual(32);
  });

  it('holds its figures on the fresh held-out half, written without seeing the vocabulary', async () => {
    const s = await scoresOn(freshHeldOutQueries);
    expect(s.answerable).toBeGreaterThanOrEqual(80);
    expect(s.noMatch).toBeGreaterThanOrEqual(20);
    // Floors at the figures of the two-or-more score 0.25 (ADR 0005, eighth pass: 88.5%, 94.3%, 68.8% on 87 + 24
    // queries, 11 no-match refused), under issue 16's goals for top-3 and "no guide" precision: a regression guard,
    // not a target.
    expect(s.top1 / s.answerable).toBeGreaterThanOrEqual(77 / 87);
    expect(s.top3 / s.answerable).toBeGreaterThanOrEqual(82 / 87);
    expect(s.noMatchPrecision).toBeGreaterThanOrEqual(11 / 16);
    expect(s.noMatchEmpty).toBeGreaterThanOrEqual(11);
  });
});

describe('POST /assistant ranking', () => {
  // The four empty answers of issue 16, on guides written as in the issue (labelled set, none of these queries).
  it('answers what users mean across languages and synonyms, where main answered nothing', async () => {
    const cases: Array<[string, string]> = [
      ['je veux prendre des vacances en août', 'poser-conge'],
      ["chiffre d'affaires du trimestre", 'rapport-ventes'],
      ['importer un fichier excel de prospects', 'importer-contacts'],
      ["ajouter un collègue à l'espace de travail", 'inviter-utilisateur'],
    ];
    for (const [query, key] of cases) {
      const answer = await ask(author, { query });
      expect(answer.body.guides[0]?.scenarioId, query).toBe(ids.get(key));
    }
    const vacation = await ask(author, { query: 'je veux prendre des vacances en août' });
    expect(vacation.body.guides[0]?.reason).toContain('« vacances » ≈ « conge »');
  });

  it('folds accents, matches prefixes and reads a misspelt word as the closest guide word', async () => {
    const accents = await ask(author, { query: 'reinitialiser MOT DE PASSE' });
    expect(titles(accents)[0]).toBe('Réinitialiser mon mot de passe');
    const prefix = await ask(author, { query: 'rapproch' });
    expect(titles(prefix)[0]).toBe('Rapprocher une transaction bancaire');
    const typo = await ask(author, { query: 'note de frai' }, 'fr');
    expect(titles(typo)[0]).toBe('Saisir une note de frais');
    const typo2 = await ask(author, { query: 'anuler une comande' }, 'fr');
    expect(titles(typo2)[0]).toBe('Annuler une commande');
    expect(typo2.body.guides[0]?.reason).toContain('« anuler » ≈ « annuler »');
    // A typo of a word that only a summary has (two letters swapped), not only of titles and step names.
    const summaryTypo = await ask(author, { query: 'transportuer' }, 'fr');
    expect(titles(summaryTypo)[0]).toBe('Suivre ma commande');
    expect(summaryTypo.body.guides[0]?.reason).toContain('« transportuer » ≈ « transporteur »');
  });

  it('does not answer from an action alone: the object of the request names the guide', async () => {
    // "Connecter mon compte bancaire" has the action, nothing has the object: a "peut-être" at most.
    const answer = await ask(author, { query: 'connecter mon frigo' });
    expect(answer.body.guides).toEqual([]);
    expect(answer.body.weak?.[0]?.title).toBe('Connecter mon compte bancaire');
    // With the object, the action orders the guides about it.
    const cancel = await ask(author, { query: 'annuler ma commande' });
    expect(titles(cancel)[0]).toBe('Annuler une commande');
  });

  it('reads "avoir" as a credit note after a determiner only, not as the verb every request has', async () => {
    // "Émettre un avoir" is the credit-note guide; "avoir" is also "to have".
    const verb = await ask(author, { query: 'comment avoir ma facture' });
    expect(titles(verb)).not.toContain('Émettre un avoir');
    expect(titles(verb)[0]).toBe('Créer une facture');
    for (const query of ['émettre un avoir', "créer l'avoir", 'faire un avoir sur une facture']) {
      const noun = await ask(author, { query });
      expect(titles(noun)[0], query).toBe('Émettre un avoir');
    }
  });

  it('ranks a guide whose title has the words above one that has them in its steps only, scores in [0, 1]', async () => {
    const answer = await ask(author, { query: 'suivre le colis' });
    expect(titles(answer)[0]).toBe('Suivre ma commande');
    const scores = answer.body.guides.map((g) => g.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const s of scores) expect(s).toBeGreaterThan(0);
    for (const s of scores) expect(s).toBeLessThanOrEqual(1);
  });

  it('says why in the request locale', async () => {
    const fr = await ask(author, { query: 'créer une facture' }, 'fr');
    expect(fr.body.guides[0]?.title).toBe('Créer une facture');
    // The user's own words, accents kept (issue 40: "« creer »" read as a misspelling of what they typed).
    expect(fr.body.guides[0]?.reason).toMatch(/^Mots trouvés : .*« créer ».*\(titre\)/);
    expect(fr.body.guides[0]?.reason).not.toContain('creer');
    const en = await ask(author, { query: 'Créer une facture' }, 'en');
    expect(en.body.guides[0]?.reason).toMatch(/^Words found: .*“Créer”.*\(title\)/);
    const steps = await ask(author, { query: 'transporteur' }, 'en');
    expect(steps.body.guides[0]?.title).toBe('Suivre ma commande');
    expect(steps.body.guides[0]?.reason).toContain('(summary or description)');
  });

  it('lists up to three weak "peut-être" guides apart when no guide is good enough, and none beside confident ones', async () => {
    const maybe = await ask(author, { query: 'problème avec le site' });
    expect(maybe.status).toBe(200);
    expect(maybe.body.guides).toEqual([]);
    const weak = maybe.body.weak ?? [];
    expect(weak.length).toBeGreaterThanOrEqual(1);
    expect(weak.length).toBeLessThanOrEqual(3);
    for (const g of weak) {
      expect(g.score).toBeLessThan(confidentScore);
      expect(g.reason).toMatch(/^Mots trouvés : .*« problème »/);
    }
    expect(weak.map((g) => g.scenarioId)).toContain(ids.get('ticket'));
    const confident = await ask(author, { query: 'créer une facture' });
    expect(confident.body.guides.length).toBeGreaterThan(0);
    expect(confident.body).not.toHaveProperty('weak');
  });

  it("answers from a lower score when the best guide holds two of the query's words than when it holds one", async () => {
    const guide = (score: number, held: number): Candidate => ({
      scenarioId: `g-${score}-${held}`,
      title: 't',
      summary: '',
      description: '',
      score,
      held,
      matches: [],
    });
    // The same score: two words of the query in one guide are an answer, one word is a "peut-être" only.
    expect(relevant([guide(0.4, 2)]).map((g) => g.score)).toEqual([0.4]);
    expect(relevant([guide(0.4, 1)])).toEqual([]);
    expect(weak([guide(0.4, 1)]).map((g) => g.score)).toEqual([0.4]);
    expect(relevant([guide(0.4, 0)])).toEqual([]);
    expect(relevant([guide(confidentScore, 1)])).toHaveLength(1);
    // Through the API: invoices in English is not a guide, though every invoice guide has the word "facture".
    const english = await ask(author, { query: 'facture en anglais' });
    expect(english.body.guides).toEqual([]);
    expect((english.body.weak ?? []).map((g) => g.scenarioId)).toContain(ids.get('creer-facture'));
  });

  it('counts two words meaning one thing once: a purchase order is no more an order than "order" alone', async () => {
    // No guide has suppliers: "purchase" and "order" both read as "commande" must not outweigh the missing word.
    const both = await ask(author, { query: 'purchase order from a supplier' }, 'en');
    const one = await ask(author, { query: 'order from a supplier' }, 'en');
    expect(both.body.guides).toEqual([]);
    expect(one.body.guides).toEqual([]);
    expect(both.body.weak?.[0]?.score).toBeGreaterThan(0);
    expect(both.body.weak?.[0]?.score).toBe(one.body.weak?.[0]?.score);
  });

  it('answers no guide to a query no guide answers, and to a query of grammatical words only', async () => {
    // Punctuation and tsquery operators are not words: never a query syntax error.
    for (const query of [
      'recette du gâteau au chocolat',
      'le la les de',
      'how can I',
      "?!:*&|()'\\ 🙂",
      'a'.repeat(500),
    ]) {
      const answer = await ask(author, { query });
      expect(answer.status).toBe(200);
      expect(answer.body, query).toEqual({ guides: [], source: 'fulltext' });
    }
  });

  it('follows edits: a renamed guide, a new step and an unpublished guide are seen at once', async () => {
    const query = { query: 'hippopotame' };
    expect((await ask(author, query)).body.guides).toEqual([]);
    const id = ids.get('carte-cadeau') as string;
    const step = await call('POST', `/api/scenarios/${id}/steps`, {
      name: 'Choisir le motif',
      text: "Choisissez l'illustration hippopotame",
      url: 'https://www.boutique-lumen.fr/',
      target: { text: 'Choisir le motif' },
    });
    expect(step.status).toBe(201);
    // One word of a step's text only: close, not a confident answer.
    const found = await ask(author, query);
    expect(found.body.guides).toEqual([]);
    expect(found.body.weak?.map((g) => g.title)).toEqual(['Offrir une carte cadeau']);
    const current = (await call('GET', `/api/scenarios/${id}`)).body as Schemas['Scenario'];
    const renamed = await call('PUT', `/api/scenarios/${id}`, {
      title: 'Offrir une carte cadeau zèbre',
      description: current.description,
      summary: current.summary,
      minDuration: current.minDuration,
      maxDuration: current.maxDuration,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(titles(await ask(author, { query: 'zebre' }))).toEqual(['Offrir une carte cadeau zèbre']);
    expect((await call('PATCH', `/api/scenarios/${id}/status`, { status: 'draft' })).status).toBe(200);
    expect((await ask(author, query)).body.guides).toEqual([]);
    expect((await call('PATCH', `/api/scenarios/${id}/status`, { status: 'published' })).status).toBe(200);
  });
});

describe('POST /assistant scoping', () => {
  it("never answers another organization's guide", async () => {
    const answer = await ask(stranger, { query: 'créer une facture' });
    expect(answer.status).toBe(200);
    expect(answer.body.guides).toEqual([]);
    // The stranger's own guide with the same words is the only one it gets; the author never sees it.
    const own = callAs(stranger);
    const project = await own('POST', '/api/projects', {
      name: 'Autre',
      description: '',
      sites: ['https://autre.example.com'],
    });
    const projectId = (project.body as { id: string }).id;
    const category = await own('POST', `/api/projects/${projectId}/categories`, { name: 'C' });
    const scenario = await own(
      'POST',
      `/api/projects/${projectId}/categories/${(category.body as { id: string }).id}/scenarios`,
      { title: 'Créer une facture', description: 'd', summary: 's', minDuration: 1, maxDuration: 2 },
    );
    const scenarioId = (scenario.body as { id: string }).id;
    await own('POST', `/api/scenarios/${scenarioId}/steps`, {
      name: 'Ouvrir les factures',
      text: 'Ouvrez le menu Factures',
      url: 'https://autre.example.com/',
      target: { text: 'Factures' },
    });
    // A draft is never an answer.
    expect((await ask(stranger, { query: 'créer une facture' })).body.guides).toEqual([]);
    await own('PATCH', `/api/scenarios/${scenarioId}/status`, { status: 'published' });
    expect(
      (await ask(stranger, { query: 'créer une facture' })).body.guides.map((g) => g.scenarioId),
    ).toEqual([scenarioId]);
    const authors = await ask(author, { query: 'créer une facture' });
    expect(authors.body.guides.map((g) => g.scenarioId)).not.toContain(scenarioId);
    expect(authors.body.guides[0]?.scenarioId).toBe(ids.get('creer-facture'));
  });

  it("keeps to the guides of the URL's site when a url is given", async () => {
    const everywhere = await ask(author, { query: 'export' });
    expect(titles(everywhere)).toEqual(
      expect.arrayContaining(['Exporter le fichier des écritures comptables (FEC)', 'Export tickets to CSV']),
    );
    const helpdesk = await ask(author, { query: 'export', url: 'https://help.acme.io/tickets?page=2' });
    expect(titles(helpdesk)).toEqual(['Export tickets to CSV']);
    // The catalogue's rule: host only, case and a leading www. ignored, bare hosts accepted.
    const shop = await ask(author, { query: 'mot de passe', url: 'boutique-lumen.fr' });
    expect(titles(shop)).toEqual(['Réinitialiser mon mot de passe']);
    const elsewhere = await ask(author, { query: 'export', url: 'https://unknown.example.org/' });
    expect(elsewhere.body).toEqual({ guides: [], source: 'fulltext' });
  });
});

describe('POST /assistant bad input', () => {
  it('answers a localized 400 problem to blank, missing, too long or extra fields and a bad url', async () => {
    const cases: Array<[unknown, string]> = [
      [{ query: '   ' }, '/body/query'],
      [{ query: '' }, '/body/query'],
      [{}, '/body/query'],
      [{ query: 'x'.repeat(501) }, '/body/query'],
      [{ query: 42 }, '/body/query'],
      [{ query: 'facture', extra: 1 }, '/body/extra'],
      [{ query: 'facture', url: 'http://' }, '/body/url'],
    ];
    for (const [body, field] of cases) {
      const answer = await ask(author, body, 'en');
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      const problem = answer.body as unknown as Schemas['Problem'];
      expect(
        problem.errors?.map((e) => e.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    const blank = await ask(author, { query: ' \n ' }, 'fr');
    expect((blank.body as unknown as Schemas['Problem']).errors?.[0]?.message).toBe(
      'Décrivez ce que vous voulez faire.',
    );
  });

  it('answers 401 without a session and 403 for an organization the caller is not in', async () => {
    const anonymous = await server.call('POST', '/api/assistant', { body: { query: 'facture' } });
    expect(anonymous.status).toBe(401);
    const foreign = await server.call('POST', '/api/assistant', {
      token: stranger.token,
      org: author.org,
      body: { query: 'facture' },
    });
    expect(foreign.status).toBe(403);
  });
});

describe('POST /assistant after a restore', () => {
  it('answers the same from a restored backup: the search data is rebuilt, not copied', async () => {
    const work = mkdtempSync(join(tmpdir(), 'mulot-assistant-restore-'));
    const file = join(work, 'backup.jsonl.gz');
    let drop = async () => {};
    try {
      await backup(server.db, file, backend);
      let target: DatabaseTarget;
      if (backend === 'postgres') {
        const fresh = await freshDatabase();
        drop = fresh.drop;
        target = fresh.target;
      } else {
        target = { kind: 'pglite', dataDir: join(work, 'pglite') };
        seedPgliteDir(target.dataDir);
      }
      const db = await openDatabase(target);
      try {
        await restore(db, file, { force: true });
      } finally {
        await db.destroy();
      }
      const restored = await startServer({ database: target });
      try {
        const session = await restored.login(author.email, author.password);
        const answer = await restored.call<Answer>('POST', '/api/assistant', {
          token: session.token,
          org: session.org,
          body: { query: 'anuler une comande' },
        });
        expect(answer.body.guides[0]?.scenarioId).toBe(ids.get('annuler-commande'));
      } finally {
        await restored.close();
      }
    } finally {
      await drop();
      rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);
});
