// Guides that start by themselves (issue 42): a guide's start rule, set by any member on the guide page, returned to
// members and to the customer's pages (the public catalogue and guide), refused field by field when it is wrong, and
// the project's "identify seen" status that the "Démarrage" card shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../src/types.ts';
import { addMember, snapshot } from './support/fixtures.ts';
import { type Session, startServer, type TestServer } from './support/harness.ts';

let server: TestServer;
let admin: Session;
let contributor: Session;
let outsider: Session;
let project: Schemas['Project'];
let guide: Schemas['Scenario'];
let otherProject: Schemas['Project'];

const site = 'https://boutique.example.com';
const as = (session: Session) => ({ token: session.token, org: session.org });
type StartRule = Schemas['StartRule'];
type Problem = { errors: Array<{ pointer: string; code: string; message: string }> };

const manual: StartRule = { mode: 'manual', pages: [], frequency: 'once', delaySeconds: 0, audience: [] };

async function makeProject(session: Session, name: string, sites: string[]) {
  const made = await server.call<Schemas['Project']>('POST', '/api/projects', {
    ...as(session),
    body: { name, description: '', sites },
  });
  expect(made.status).toBe(201);
  return made.body;
}

async function publishedGuide(session: Session, projectId: string, title: string, url: string) {
  const category = await server.call<Schemas['Category']>('POST', `/api/projects/${projectId}/categories`, {
    ...as(session),
    body: { name: 'Facturation' },
  });
  const made = await server.call<Schemas['Scenario']>(
    'POST',
    `/api/projects/${projectId}/categories/${category.body.id}/scenarios`,
    { ...as(session), body: { title, description: title, summary: title, minDuration: 1, maxDuration: 2 } },
  );
  const step = await server.call('POST', `/api/scenarios/${made.body.id}/steps`, {
    ...as(session),
    body: {
      name: 'Ouvrir',
      text: 'Ouvrez la facture.',
      url,
      extra: null,
      target: { css: '#f' },
      autoClick: false,
    },
  });
  expect(step.status).toBe(201);
  const status = await server.call('PATCH', `/api/scenarios/${made.body.id}/status`, {
    ...as(session),
    body: { status: 'published' },
  });
  expect(status.status).toBe(200);
  return (await server.call<Schemas['Scenario']>('GET', `/api/scenarios/${made.body.id}`, as(session))).body;
}

const putRule = (session: Session, id: string, body: unknown, locale?: string) =>
  server.call<Schemas['StartRuleState'] & Problem>('PUT', `/api/scenarios/${id}/start-rule`, {
    ...as(session),
    body,
    ...(locale ? { locale } : {}),
  });

beforeAll(async () => {
  server = await startServer();
  admin = await server.signUp();
  contributor = await addMember(server, admin, 'Contributor');
  outsider = await server.signUp();
  project = await makeProject(admin, 'Boutique', [site, 'http://localhost:5174']);
  guide = await publishedGuide(admin, project.id, 'Payer une facture', `${site}/factures/12`);
  otherProject = await makeProject(admin, 'Intranet', ['https://intranet.example.com']);
});

afterAll(async () => {
  await server?.close();
});

describe('start rules', () => {
  it('leaves every guide manual until an author says otherwise, for members and for the pages', async () => {
    const member = await server.call<Schemas['Scenario']>('GET', `/api/scenarios/${guide.id}`, as(admin));
    expect(member.body.startRule).toEqual(manual);
    const state = await server.call<Schemas['StartRuleState']>(
      'GET',
      `/api/scenarios/${guide.id}/start-rule`,
      as(admin),
    );
    expect(state.status).toBe(200);
    expect(state.body).toEqual({ startRule: manual, identifySeenAt: null });
    const start = await server.call<Schemas['PublicStart']>(
      'GET',
      `/api/public/start?key=${project.siteKey}`,
    );
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ automatic: false });
  });

  it('stores a valid rule (patterns trimmed, duplicates dropped) and returns it to members and to the pages', async () => {
    const before = (await server.call<Schemas['Scenario']>('GET', `/api/scenarios/${guide.id}`, as(admin)))
      .body;
    const saved = await server.call<Schemas['StartRuleState']>(
      'PUT',
      `/api/scenarios/${guide.id}/start-rule`,
      {
        ...as(admin),
        headers: { 'if-match': `"${before.version}"` },
        body: {
          mode: 'automatic',
          pages: [' /factures/* ', '/app/**/edit', '/factures/*', 'https://www.boutique.example.com/compte'],
          frequency: 'until-completed',
          delaySeconds: 5,
          audience: [
            { attribute: ' plan ', operator: 'equals', value: 'pro' },
            { attribute: 'email', operator: 'is-set', value: 'ignored' },
          ],
        },
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const expected: StartRule = {
      mode: 'automatic',
      pages: ['/factures/*', '/app/**/edit', 'https://www.boutique.example.com/compte'],
      frequency: 'until-completed',
      delaySeconds: 5,
      audience: [
        { attribute: 'plan', operator: 'equals', value: 'pro' },
        { attribute: 'email', operator: 'is-set' },
      ],
    };
    expect(saved.body).toEqual({ startRule: expected, identifySeenAt: null });
    // a scenario-level write: the guide's version moved on
    expect(saved.headers.get('etag')).toBe(`"${before.version + 1}"`);

    const member = await server.call<Schemas['Scenario']>('GET', `/api/scenarios/${guide.id}`, as(admin));
    expect(member.body.startRule).toEqual(expected);
    expect(member.body.version).toBe(before.version + 1);
    const catalogue = await server.call<Schemas['CatalogueEntry'][]>(
      'GET',
      `/api/public/catalogue?key=${project.siteKey}&url=${encodeURIComponent(`${site}/factures/3`)}`,
    );
    expect(catalogue.body.map((g) => [g.id, g.startRule])).toEqual([[guide.id, expected]]);
    const memberCatalogue = await server.call<Schemas['CatalogueEntry'][]>(
      'GET',
      `/api/catalogue?url=${encodeURIComponent(`${site}/`)}`,
      as(admin),
    );
    expect(memberCatalogue.body.find((g) => g.id === guide.id)?.startRule).toEqual(expected);
    const page = await server.call<Schemas['Scenario']>(
      'GET',
      `/api/public/scenarios/${guide.id}?key=${project.siteKey}`,
    );
    expect(page.body.startRule).toEqual(expected);
    const start = await server.call<Schemas['PublicStart']>(
      'GET',
      `/api/public/start?key=${project.siteKey}`,
    );
    expect(start.body).toEqual({ automatic: true });
    // the other project has no automatic guide
    const other = await server.call<Schemas['PublicStart']>(
      'GET',
      `/api/public/start?key=${otherProject.siteKey}`,
    );
    expect(other.body).toEqual({ automatic: false });
  });

  it('lets a Contributor set it, and a stale version is refused', async () => {
    const current = (await server.call<Schemas['Scenario']>('GET', `/api/scenarios/${guide.id}`, as(admin)))
      .body;
    const rule: StartRule = {
      mode: 'automatic',
      pages: ['/factures/*'],
      frequency: 'every-visit',
      delaySeconds: 0,
      audience: [{ attribute: 'role', operator: 'contains', value: 'compta' }],
    };
    const set = await putRule(contributor, guide.id, rule);
    expect(set.status).toBe(200);
    expect(set.body.startRule).toEqual(rule);
    const stale = await server.call('PUT', `/api/scenarios/${guide.id}/start-rule`, {
      ...as(admin),
      headers: { 'if-match': `"${current.version}"` },
      body: manual,
    });
    expect(stale.status).toBe(412);
    const still = await server.call<Schemas['Scenario']>('GET', `/api/scenarios/${guide.id}`, as(admin));
    expect(still.body.startRule).toEqual(rule);
  });

  it('refuses every bad rule with its field, in French or English, and changes nothing', async () => {
    const valid: StartRule = {
      mode: 'automatic',
      pages: ['/factures/*'],
      frequency: 'once',
      delaySeconds: 10,
      audience: [{ attribute: 'plan', operator: 'equals', value: 'pro' }],
    };
    const cases: Array<{ name: string; body: unknown; pointer: string; code: string; message?: string }> = [
      {
        name: 'an address off the project sites',
        body: { ...valid, pages: ['/factures/*', 'https://ailleurs.example.org/factures/*'] },
        pointer: '/pages/1',
        code: 'field.start-page-site',
        message: "Cette adresse n'est sur aucun des sites du projet.",
      },
      {
        name: 'neither a path nor an address',
        body: { ...valid, pages: ['factures'] },
        pointer: '/pages/0',
        code: 'field.start-page',
      },
      {
        name: 'a query in a pattern',
        body: { ...valid, pages: ['/factures?id=1'] },
        pointer: '/pages/0',
        code: 'field.start-page',
      },
      {
        name: 'an overlong pattern',
        body: { ...valid, pages: [`/${'a'.repeat(500)}`] },
        pointer: '/pages/0',
        code: 'field.maxLength',
      },
      {
        name: 'too many patterns',
        body: { ...valid, pages: Array.from({ length: 21 }, (_, i) => `/page-${i}`) },
        pointer: '/pages',
        code: 'field.maxItems',
      },
      {
        name: 'an automatic guide that starts nowhere',
        body: { ...valid, pages: [] },
        pointer: '/pages',
        code: 'field.start-pages',
        message: 'Indiquez au moins une page où le guide démarre.',
      },
      {
        name: 'a bad operator',
        body: { ...valid, audience: [{ attribute: 'plan', operator: 'starts-with', value: 'p' }] },
        pointer: '/audience/0/operator',
        code: 'field.enum',
      },
      {
        name: 'a value missing',
        body: { ...valid, audience: [{ attribute: 'plan', operator: 'equals' }] },
        pointer: '/audience/0/value',
        code: 'field.audience-value',
        message: 'Indiquez la valeur à comparer.',
      },
      {
        name: 'a blank attribute',
        body: { ...valid, audience: [{ attribute: '  ', operator: 'is-set' }] },
        pointer: '/audience/0/attribute',
        code: 'field.audience-attribute',
      },
      {
        name: 'too many audience rules',
        body: {
          ...valid,
          audience: Array.from({ length: 11 }, (_, i) => ({ attribute: `a${i}`, operator: 'is-set' })),
        },
        pointer: '/audience',
        code: 'field.maxItems',
      },
      {
        name: 'an overlong value',
        body: { ...valid, audience: [{ attribute: 'plan', operator: 'equals', value: 'p'.repeat(201) }] },
        pointer: '/audience/0/value',
        code: 'field.maxLength',
      },
      {
        name: 'a delay over 600',
        body: { ...valid, delaySeconds: 601 },
        pointer: '/delaySeconds',
        code: 'field.maximum',
      },
      {
        name: 'a negative delay',
        body: { ...valid, delaySeconds: -1 },
        pointer: '/delaySeconds',
        code: 'field.minimum',
      },
      { name: 'an unknown mode', body: { ...valid, mode: 'auto' }, pointer: '/mode', code: 'field.enum' },
      {
        name: 'a missing frequency',
        body: { ...valid, frequency: undefined },
        pointer: '/frequency',
        code: 'field.required',
      },
    ];
    const before = await snapshot(server);
    for (const c of cases) {
      const refused = await putRule(admin, guide.id, c.body);
      expect(refused.status, c.name).toBe(400);
      expect(refused.body.errors[0], c.name).toMatchObject({ pointer: c.pointer, code: c.code });
      if (c.message) expect(refused.body.errors[0]?.message, c.name).toBe(c.message);
    }
    const english = await putRule(
      admin,
      guide.id,
      { ...valid, pages: ['https://ailleurs.example.org/'] },
      'en',
    );
    expect(english.body.errors[0]?.message).toBe("This address is on none of the project's sites.");
    expect(await snapshot(server)).toBe(before);
  });

  it("answers 404 for another organization's guide, reading or writing", async () => {
    const read = await server.call('GET', `/api/scenarios/${guide.id}/start-rule`, as(outsider));
    expect(read.status).toBe(404);
    const before = await snapshot(server);
    const write = await putRule(outsider, guide.id, manual);
    expect(write.status).toBe(404);
    expect(await snapshot(server)).toBe(before);
  });

  it("remembers when the project's pages last identified their user, and only that project's", async () => {
    const otherGuide = await publishedGuide(
      admin,
      otherProject.id,
      'Poser un congé',
      'https://intranet.example.com/',
    );
    const reported = await server.call('GET', `/api/public/start?key=${project.siteKey}&identified=1`, {
      headers: { origin: site },
    });
    expect(reported.status).toBe(200);
    expect(reported.headers.get('access-control-allow-origin')).toBe(site);
    const before = Date.now();
    await server.app.mulot.identifySightings.flush();
    const state = await server.call<Schemas['StartRuleState']>(
      'GET',
      `/api/scenarios/${guide.id}/start-rule`,
      as(admin),
    );
    const seen = Date.parse(state.body.identifySeenAt ?? '');
    expect(Math.abs(seen - before)).toBeLessThan(10_000);
    const other = await server.call<Schemas['StartRuleState']>(
      'GET',
      `/api/scenarios/${otherGuide.id}/start-rule`,
      as(admin),
    );
    expect(other.body.identifySeenAt).toBeNull();
    // a value other than 1 is refused, and reports nothing
    const bad = await server.call('GET', `/api/public/start?key=${otherProject.siteKey}&identified=yes`);
    expect(bad.status).toBe(400);
    await server.app.mulot.identifySightings.flush();
    const still = await server.call<Schemas['StartRuleState']>(
      'GET',
      `/api/scenarios/${otherGuide.id}/start-rule`,
      as(admin),
    );
    expect(still.body.identifySeenAt).toBeNull();
  });
});
