// The public calls a customer's site makes for its end users, who have no Mulot account (issue 39): scoped by the
// project's site key to its published guides, from its own sites only, counted, and never a member's data.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeAnonymousRuns } from '../src/retention.ts';
import type { Schemas } from '../src/types.ts';
import { addMember } from './support/fixtures.ts';
import { backend, type Session, startServer, type TestServer } from './support/harness.ts';

let server: TestServer;
let admin: Session;
let project: Schemas['Project'];
let published: Schemas['Scenario'];
let draft: Schemas['Scenario'];
let elsewhere: Schemas['Scenario'];

const site = 'https://boutique.example.com';
const as = (session: Session) => ({ token: session.token, org: session.org });

async function guide(session: Session, projectId: string, title: string, publish: boolean) {
  const category = await server.call<Schemas['Category']>('POST', `/api/projects/${projectId}/categories`, {
    ...as(session),
    body: { name: `Rubrique ${title}` },
  });
  const made = await server.call<Schemas['Scenario']>(
    'POST',
    `/api/projects/${projectId}/categories/${category.body.id}/scenarios`,
    { ...as(session), body: { title, description: title, summary: title, minDuration: 1, maxDuration: 3 } },
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const sites = (await server.call<Schemas['Project']>('GET', `/api/projects/${projectId}`, as(session))).body
    .sites;
  const step = await server.call<Schemas['Problem']>('POST', `/api/scenarios/${made.body.id}/steps`, {
    ...as(session),
    body: {
      name: 'Ouvrir le panier',
      text: 'Cliquez sur le panier.',
      url: `${sites[0]}/`,
      extra: null,
      target: { css: '#cart' },
      autoClick: false,
    },
  });
  expect(step.status, JSON.stringify(step.body)).toBe(201);
  if (publish) {
    const status = await server.call('PATCH', `/api/scenarios/${made.body.id}/status`, {
      ...as(session),
      body: { status: 'published' },
    });
    expect(status.status).toBe(200);
  }
  return (await server.call<Schemas['Scenario']>('GET', `/api/scenarios/${made.body.id}`, as(session))).body;
}

beforeAll(async () => {
  server = await startServer({
    rateLimit: {
      windowMs: 15 * 60 * 1000,
      failedLogins: 10,
      authRequests: 300,
      publicWindowMs: 60_000,
      publicPerClient: 40,
      publicPerKey: 1000,
    },
  });
  admin = await server.signUp();
  project = (
    await server.call<Schemas['Project']>('POST', '/api/projects', {
      ...as(admin),
      body: { name: 'Boutique', description: '', sites: [site] },
    })
  ).body;
  published = await guide(admin, project.id, 'Commander un cadeau', true);
  draft = await guide(admin, project.id, 'Commander en gros', false);
  const other = await server.call<Schemas['Project']>('POST', '/api/projects', {
    ...as(admin),
    body: { name: 'Intranet', description: '', sites: ['https://intranet.example.com'] },
  });
  elsewhere = await guide(admin, other.body.id, 'Commander des fournitures', true);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** A call from an end user's browser on `origin` (no token), from its own client address. */
function fromSite<T>(
  method: string,
  path: string,
  options: { origin?: string; body?: unknown; client?: string } = {},
) {
  return server.call<T>(method, path, {
    body: options.body,
    client: options.client ?? `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    headers: options.origin ? { origin: options.origin } : {},
  });
}

const catalogue = (key: string, url = `${site}/panier`) =>
  `/api/public/catalogue?key=${key}&url=${encodeURIComponent(url)}`;

describe('the site key', () => {
  it('is shown to members, rotated by an Admin only, and the old key stops at once', async () => {
    expect(project.siteKey).toMatch(/^mlt_pk_[A-Za-z0-9_-]{32,}$/);
    const contributor = await addMember(server, admin, 'Contributor');
    const seen = await server.call<Schemas['Project']>('GET', `/api/projects/${project.id}`, as(contributor));
    expect(seen.body.siteKey).toBe(project.siteKey);
    const refused = await server.call('POST', `/api/projects/${project.id}/site-key`, as(contributor));
    expect(refused.status).toBe(403);
    expect((await fromSite('GET', catalogue(project.siteKey))).status).toBe(200);

    const rotated = await server.call<Schemas['Project']>(
      'POST',
      `/api/projects/${project.id}/site-key`,
      as(admin),
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.siteKey).not.toBe(project.siteKey);
    const old = await fromSite<Schemas['Problem']>('GET', catalogue(project.siteKey));
    const unknown = await fromSite<Schemas['Problem']>('GET', catalogue(`mlt_pk_${'x'.repeat(40)}`));
    // One answer whatever was wrong with the key: rotated or never made.
    expect(old.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(old.body.code).toBe('site-key-unknown');
    expect(unknown.body).toEqual(old.body);
    project = rotated.body;
    expect((await fromSite('GET', catalogue(project.siteKey))).status).toBe(200);
  });

  it("never lets another organization's member rotate it", async () => {
    const stranger = await server.signUp();
    const answer = await server.call('POST', `/api/projects/${project.id}/site-key`, as(stranger));
    expect(answer.status).toBe(404);
  });
});

describe('what a site reads', () => {
  it("lists the project's published guides only, for a page of its sites, without any token", async () => {
    const answer = await fromSite<Schemas['CatalogueEntry'][]>('GET', catalogue(project.siteKey), {
      origin: site,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.map((g) => g.title)).toEqual(['Commander un cadeau']);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=60');
    // Revalidated after the minute: 304 while nothing changed, the new list once a guide is published.
    const tag = answer.headers.get('etag') as string;
    expect(tag).toMatch(/^"c\d+-[0-9a-f]+"$/);
    const again = await server.call('GET', catalogue(project.siteKey), { headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
    const later = await guide(admin, project.id, 'Suivre un colis', true);
    const changed = await server.call<Schemas['CatalogueEntry'][]>('GET', catalogue(project.siteKey), {
      headers: { 'if-none-match': tag },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.map((g) => g.title).sort()).toEqual(['Commander un cadeau', 'Suivre un colis']);
    await server.call('DELETE', `/api/scenarios/${later.id}`, as(admin));
    const offSite = await fromSite<Schemas['Problem']>(
      'GET',
      catalogue(project.siteKey, 'https://intranet.example.com/'),
    );
    expect(offSite.status).toBe(400);
    expect(offSite.body.errors?.[0]?.field).toBe('/query/url');
  });

  it('answers a published guide with its steps, and 404 for a draft or another project’s guide', async () => {
    const path = (id: string) => `/api/public/scenarios/${id}?key=${project.siteKey}`;
    const ok = await fromSite<Schemas['Scenario']>('GET', path(published.id), { origin: site });
    expect(ok.status).toBe(200);
    expect(ok.body.steps.map((s) => s.name)).toEqual(['Ouvrir le panier']);
    // A prerequisite naming a draft: its text is shown, the draft is not named.
    const prerequisites = await server.call('PUT', `/api/scenarios/${published.id}/prerequisites`, {
      ...as(admin),
      body: [{ text: 'Avoir un compte', scenarioId: draft.id }],
    });
    expect(prerequisites.status).toBe(200);
    const withPrerequisite = await fromSite<Schemas['Scenario']>('GET', path(published.id));
    expect(withPrerequisite.body.prerequisites).toEqual([
      expect.objectContaining({ text: 'Avoir un compte', scenarioId: null, scenario: null }),
    ]);
    expect(JSON.stringify(withPrerequisite.body)).not.toContain('Commander en gros');
    for (const id of [draft.id, elsewhere.id, randomUUID()]) {
      const refused = await fromSite<Schemas['Problem']>('GET', path(id));
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('scenario-not-found');
    }
  });

  it("answers the assistant with the project's published guides only", async () => {
    const answer = await fromSite<Schemas['AssistantAnswer']>('POST', '/api/public/assistant', {
      origin: site,
      body: { key: project.siteKey, url: `${site}/`, query: 'commander' },
    });
    expect(answer.status).toBe(200);
    expect([...answer.body.guides, ...(answer.body.weak ?? [])].map((g) => g.title)).toEqual([
      'Commander un cadeau',
    ]);
  });
});

describe('origins', () => {
  it('reflects an origin among the sites, never *, and refuses any other with a problem', async () => {
    const allowed = await fromSite('GET', catalogue(project.siteKey), {
      origin: 'https://www.boutique.example.com',
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://www.boutique.example.com');
    expect(allowed.headers.get('vary')).toMatch(/Origin/i);
    const other = await fromSite<Schemas['Problem']>('GET', catalogue(project.siteKey), {
      origin: 'https://evil.example.net',
    });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('origin-not-allowed');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    // Another project's site: not this key's.
    const sibling = await fromSite('GET', catalogue(project.siteKey), {
      origin: 'https://intranet.example.com',
    });
    expect(sibling.status).toBe(403);
    // A read made without a browser's Origin (a server, a shared cache filling itself) says it depends on one, so
    // that a cache never hands its answer, which has no CORS header, to a site's page.
    const bare = await fromSite('GET', catalogue(project.siteKey));
    expect(bare.status).toBe(200);
    expect(bare.headers.get('access-control-allow-origin')).toBeNull();
    expect(bare.headers.get('vary')).toMatch(/Origin/i);
  });

  it('answers the preflight of a JSON POST for a site of some project, and refuses any other origin', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.base}/api/public/assistant`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const ok = await preflight(site);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(site);
    expect(ok.headers.get('access-control-allow-methods')).toContain('POST');
    const refused = await preflight('https://evil.example.net');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe("the key's sites, for the extension deployed by policy", () => {
  it("answers the origins of the key's project's sites only, and one 404 for an unknown key", async () => {
    const sites = await fromSite<{ sites: string[] }>('GET', `/api/public/sites?key=${project.siteKey}`);
    expect(sites.status).toBe(200);
    expect(sites.body).toEqual({ sites: [site] });
    // a project whose sites are written as a bare host and with a path: their origins, https for the bare host
    const mixed = await server.call<Schemas['Project']>('POST', '/api/projects', {
      ...as(admin),
      body: {
        name: 'Vitrine',
        description: '',
        sites: ['vitrine.example.org', 'http://localhost:5174/accueil'],
      },
    });
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(201);
    const answered = await fromSite<{ sites: string[] }>(
      'GET',
      `/api/public/sites?key=${mixed.body.siteKey}`,
    );
    expect(answered.body).toEqual({ sites: ['https://vitrine.example.org', 'http://localhost:5174'] });
    const unknown = await fromSite<Schemas['Problem']>(
      'GET',
      `/api/public/sites?key=mlt_pk_${'x'.repeat(40)}`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('site-key-unknown');
    const malformed = await fromSite('GET', '/api/public/sites?key=pk_live');
    expect(malformed.status).toBe(400);
  });

  it("lets the extension's background call without CORS headers, and still refuses a web page of another site", async () => {
    const extension = await fromSite<{ sites: string[] }>('GET', `/api/public/sites?key=${project.siteKey}`, {
      origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
    });
    expect(extension.status).toBe(200);
    expect(extension.body.sites).toEqual([site]);
    expect(extension.headers.get('access-control-allow-origin')).toBeNull();
    // the same rule for every public call: the extension's own catalogue request is not refused either
    const read = await fromSite('GET', catalogue(project.siteKey), {
      origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    for (const origin of ['https://evil.example.net', 'http://boutique.example.com.evil.net', 'null']) {
      const refused = await fromSite<Schemas['Problem']>('GET', `/api/public/sites?key=${project.siteKey}`, {
        origin,
      });
      expect(refused.status, origin).toBe(403);
      expect(refused.body.code).toBe('origin-not-allowed');
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    }
    const onSite = await fromSite('GET', `/api/public/sites?key=${project.siteKey}`, { origin: site });
    expect(onSite.status).toBe(200);
    expect(onSite.headers.get('access-control-allow-origin')).toBe(site);
  });
});

describe("an end user's run", () => {
  it('is counted on the dashboard; only its visitor updates it; its issues name steps of its guide', async () => {
    const before = (await server.call<Schemas['Dashboard']>('GET', '/api/dashboard', as(admin))).body;
    const visitorId = randomUUID();
    const started = await fromSite<Schemas['PublicRun']>('POST', '/api/public/runs', {
      origin: site,
      body: { key: project.siteKey, scenarioId: published.id, visitorId, status: 'started', url: `${site}/` },
    });
    expect(started.status).toBe(201);
    const after = (await server.call<Schemas['Dashboard']>('GET', '/api/dashboard', as(admin))).body;
    expect(after.counts.guidesLaunched30d).toBe(before.counts.guidesLaunched30d + 1);

    const update = (body: Record<string, unknown>) =>
      fromSite<Schemas['PublicRun'] & { code?: string }>('PATCH', `/api/public/runs/${started.body.id}`, {
        origin: site,
        body: { key: project.siteKey, ...body },
      });
    const stranger = await update({ visitorId: randomUUID(), status: 'completed' });
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('run-not-found');
    const foreignStep = await update({
      visitorId,
      stepIssues: [{ stepId: elsewhere.steps[0]?.id, outcome: 'not-found' }],
    });
    expect(foreignStep.status).toBe(400);
    const done = await update({ visitorId, status: 'completed', stepsCompleted: 1 });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', stepsCompleted: 1 });
  });

  it('answers that its guide is no longer available once unpublished or deleted while it is played', async () => {
    for (const end of ['unpublished', 'deleted'] as const) {
      const played = await guide(admin, project.id, `Suivre un colis (${end})`, true);
      const visitorId = randomUUID();
      const started = await fromSite<Schemas['PublicRun']>('POST', '/api/public/runs', {
        origin: site,
        body: { key: project.siteKey, scenarioId: played.id, visitorId, status: 'started' },
      });
      expect(started.status).toBe(201);
      if (end === 'unpublished') {
        const status = await server.call('PATCH', `/api/scenarios/${played.id}/status`, {
          ...as(admin),
          body: { status: 'draft' },
        });
        expect(status.status).toBe(200);
      } else {
        const gone = await server.call('DELETE', `/api/scenarios/${played.id}`, as(admin));
        expect(gone.status).toBe(204);
      }
      const next = await fromSite<Schemas['Problem']>('PATCH', `/api/public/runs/${started.body.id}`, {
        origin: site,
        body: { key: project.siteKey, visitorId, stepsCompleted: 1 },
      });
      expect(next.status).toBe(404);
      expect(next.body.code).toBe(end === 'unpublished' ? 'scenario-not-found' : 'run-not-found');
    }
  });

  it("refuses a draft or another project's guide, and answers 404 to another project's key", async () => {
    for (const scenarioId of [draft.id, elsewhere.id]) {
      const refused = await fromSite<Schemas['Problem']>('POST', '/api/public/runs', {
        body: { key: project.siteKey, scenarioId, visitorId: randomUUID(), status: 'started' },
      });
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('scenario-not-found');
    }
  });
});

describe("anonymous runs' retention", () => {
  it("deletes the anonymous runs past the retention, keeps the recent ones, members' runs and the dashboard", async () => {
    const db = server.app.mulot.db;
    const anonymous = async () => {
      const visitorId = randomUUID();
      const run = await fromSite<Schemas['PublicRun']>('POST', '/api/public/runs', {
        origin: site,
        body: { key: project.siteKey, scenarioId: published.id, visitorId, status: 'started' },
      });
      expect(run.status).toBe(201);
      return { id: run.body.id, visitorId };
    };
    const old = await anonymous();
    const recent = await anonymous();
    const member = await server.call<{ id: string }>('POST', `/api/scenarios/${published.id}/runs`, {
      ...as(admin),
      body: { status: 'started' },
    });
    expect(member.status).toBe(201);
    // 91 days ago: past the 90 days kept by default; the member's run as old.
    const longAgo = new Date(Date.now() - 91 * 24 * 3600 * 1000);
    await sql`UPDATE runs SET created_at = ${longAgo} WHERE id IN (${old.id}, ${member.body.id})`.execute(db);
    const dashboard = (await server.call<Schemas['Dashboard']>('GET', '/api/dashboard', as(admin))).body;

    expect(server.app.mulot.config.anonymousRunRetentionDays).toBe(90);
    expect(await purgeAnonymousRuns(db, 90)).toBe(1);

    const left = await sql<{
      id: string;
    }>`SELECT id FROM runs WHERE id IN (${old.id}, ${recent.id}, ${member.body.id})`.execute(db);
    expect(left.rows.map((r) => r.id).sort()).toEqual([recent.id, member.body.id].sort());
    // Its visitor can no longer update it.
    const gone = await fromSite<Schemas['Problem']>('PATCH', `/api/public/runs/${old.id}`, {
      origin: site,
      body: { key: project.siteKey, visitorId: old.visitorId, status: 'completed' },
    });
    expect(gone.status).toBe(404);
    expect((await server.call<Schemas['Dashboard']>('GET', '/api/dashboard', as(admin))).body.counts).toEqual(
      dashboard.counts,
    );
  });
});

describe('installation status', () => {
  const diffusion = (session: Session, id: string) =>
    server.call<Schemas['ProjectDiffusion']>('GET', `/api/projects/${id}/diffusion`, as(session));
  const seen = () => server.app.mulot.siteSightings.flush();
  const librairie = 'https://librairie.example.com';
  const journal = 'https://www.journal.example.com';
  const pageOn = (key: string, url: string) =>
    `/api/public/catalogue?key=${key}&url=${encodeURIComponent(url)}`;

  async function newProject() {
    const made = await server.call<Schemas['Project']>('POST', '/api/projects', {
      ...as(admin),
      body: { name: `Librairie ${randomUUID()}`, description: '', sites: [librairie, journal] },
    });
    expect(made.status).toBe(201);
    return made.body;
  }

  it('shows a site once a public call came from it, to every member, never from a refused call', async () => {
    const books = await newProject();
    const never = { seenOrigin: null, lastSeenAt: null };
    const before = await diffusion(admin, books.id);
    expect(before.status).toBe(200);
    // No PUBLIC_URL in the tests: the back-office then uses its own API's origin.
    expect(before.body).toEqual({
      publicUrl: null,
      sites: [
        { site: librairie, ...never },
        { site: journal, ...never },
      ],
    });

    // An origin that is not one of the project's sites, and another project's key from the project's own site.
    const refused = await fromSite('GET', pageOn(books.siteKey, `${librairie}/rayons`), {
      origin: 'https://ailleurs.example.com',
    });
    expect(refused.status).toBe(403);
    const otherKey = await fromSite('GET', pageOn(project.siteKey, `${librairie}/rayons`), {
      origin: librairie,
    });
    expect(otherKey.status).toBe(403);
    const unknownKey = await fromSite('GET', pageOn(`mlt_pk_${'y'.repeat(40)}`, `${librairie}/rayons`), {
      origin: librairie,
    });
    expect(unknownKey.status).toBe(404);
    await seen();
    expect((await diffusion(admin, books.id)).body.sites).toEqual([
      { site: librairie, ...never },
      { site: journal, ...never },
    ]);

    const calledAt = Date.now();
    const allowed = await fromSite('GET', pageOn(books.siteKey, `${librairie}/rayons`), {
      origin: librairie,
    });
    expect(allowed.status).toBe(200);
    // A call without a browser's Origin (the extension's, a server's) is seen on the page it names: by host,
    // `www.` aside, as the catalogue matches pages.
    const byPage = await fromSite('GET', pageOn(books.siteKey, 'https://journal.example.com:8443/une'));
    expect(byPage.status).toBe(200);
    await seen();

    const contributor = await addMember(server, admin, 'Contributor');
    const status = await diffusion(contributor, books.id);
    expect(status.status).toBe(200);
    const [first, second] = status.body.sites;
    expect(first).toMatchObject({ site: librairie, seenOrigin: librairie });
    expect(second).toMatchObject({ site: journal, seenOrigin: 'https://journal.example.com:8443' });
    for (const s of [first, second]) {
      const at = Date.parse(s?.lastSeenAt ?? '');
      expect(at).toBeGreaterThanOrEqual(calledAt - 1000);
      expect(at).toBeLessThanOrEqual(Date.now());
    }
  });

  it('is never shown to another organization, and starts again when the key is rotated', async () => {
    const books = await newProject();
    expect(
      (await fromSite('GET', pageOn(books.siteKey, `${librairie}/`), { origin: librairie })).status,
    ).toBe(200);
    await seen();
    expect((await diffusion(admin, books.id)).body.sites[0]?.lastSeenAt).not.toBeNull();

    const stranger = await server.signUp();
    const foreign = await diffusion(stranger, books.id);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('librairie');

    const rotated = await server.call<Schemas['Project']>(
      'POST',
      `/api/projects/${books.id}/site-key`,
      as(admin),
    );
    expect(rotated.status).toBe(200);
    // A page still carrying the old key is refused and not seen; the new key is seen again at once.
    expect(
      (await fromSite('GET', pageOn(books.siteKey, `${librairie}/`), { origin: librairie })).status,
    ).toBe(404);
    await seen();
    expect((await diffusion(admin, books.id)).body.sites[0]).toEqual({
      site: librairie,
      seenOrigin: null,
      lastSeenAt: null,
    });
    const again = await fromSite('GET', pageOn(rotated.body.siteKey, `${librairie}/`), { origin: librairie });
    expect(again.status).toBe(200);
    await seen();
    expect((await diffusion(admin, books.id)).body.sites[0]?.seenOrigin).toBe(librairie);
  });
});

describe('a burst from one address', () => {
  it('is answered 429 with Retry-After once past the limit, and other addresses go on', async () => {
    const client = '10.77.0.1';
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof fromSite>> | undefined;
    for (let i = 0; i < 45; i++) {
      last = await fromSite('GET', catalogue(project.siteKey), { client });
      statuses.push(last.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fromSite('GET', catalogue(project.siteKey), { client: '10.77.0.2' })).status).toBe(200);
  });
});

// A second server on the same PostgreSQL database is another replica: the counts are shared through the database.
describe.skipIf(backend !== 'postgres')('the limits on two replicas', () => {
  it("refuses past the key's limit counted on both, once each has added its hits to the shared count", async () => {
    const limits = {
      windowMs: 15 * 60 * 1000,
      failedLogins: 10,
      authRequests: 300,
      publicWindowMs: 60_000,
      publicPerClient: 1000,
      publicPerKey: 10,
    };
    const { database, smtpUrl } = server.app.mulot.config;
    const [a, b] = [
      await startServer({ database, smtpUrl, rateLimit: limits }),
      await startServer({ database, smtpUrl, rateLimit: limits }),
    ];
    try {
      // Every replica sends through the first server's relay: its mailbox has the confirmation.
      const owner = await server.signUp();
      const made = await a.call<Schemas['Project']>('POST', '/api/projects', {
        ...as(owner),
        body: { name: 'Limites', description: '', sites: ['https://limites.example.com'] },
      });
      const url = `/api/public/catalogue?key=${made.body.siteKey}&url=${encodeURIComponent('https://limites.example.com/')}`;
      const hit = (replica: TestServer) =>
        replica.call('GET', url, { client: `10.66.0.${Math.floor(Math.random() * 250)}` });
      for (let i = 0; i < 6; i++) expect((await hit(a)).status).toBe(200);
      await a.app.mulot.publicCounts.flush();
      expect((await hit(b)).status).toBe(200);
      await b.app.mulot.publicCounts.flush();
      // 7 counted: three more go through on b, the eleventh is refused.
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await hit(b)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      // A key rotated on one replica stops there at once, and on the other within the second it holds keys.
      const rotated = await a.call('POST', `/api/projects/${made.body.id}/site-key`, as(owner));
      expect(rotated.status).toBe(200);
      expect((await hit(a)).status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await hit(b)).status).toBe(404);
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);
});
