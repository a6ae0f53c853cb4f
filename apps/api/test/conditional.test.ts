import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../src/types.ts';
import { addMember, buildWorld } from './support/fixtures.ts';
import { type Session, startServer, type TestServer } from './support/harness.ts';

let server: TestServer;
let alice: Session;
let bob: Session;

beforeAll(async () => {
  server = await startServer();
  alice = await server.signUp();
  bob = await server.signUp();
});

afterAll(async () => {
  await server?.close();
});

const project = (name: string) => ({ name, description: '', sites: ['example.com'] });

async function createProject(session: Session, name: string): Promise<string> {
  const created = await server.call<Schemas['Project']>('POST', '/api/projects', {
    token: session.token,
    org: session.org,
    body: project(name),
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

describe('conditional reads', () => {
  it('answers an ETag, then 304 without a body while nothing in the organization changed', async () => {
    await createProject(alice, 'Billing');
    const first = await server.call<Schemas['ProjectPage']>('GET', '/api/projects', {
      token: alice.token,
      org: alice.org,
    });
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^"c[0-9]+-[0-9a-f]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await server.call('GET', '/api/projects', {
      token: alice.token,
      org: alice.org,
      headers: { 'if-none-match': tag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers.get('etag')).toBe(tag);
    // Without If-None-Match the same body comes back (from this replica's memory), byte for byte.
    const held = await server.call('GET', '/api/projects', { token: alice.token, org: alice.org });
    expect(held.body).toEqual(first.body);
    expect(held.headers.get('etag')).toBe(tag);
  });

  it('gives every write in the organization a new ETag, and a stale If-None-Match gets the fresh body', async () => {
    const id = await createProject(alice, 'Onboarding');
    const before = await server.call<Schemas['ProjectPage']>('GET', '/api/projects', {
      token: alice.token,
      org: alice.org,
    });
    const stale = before.headers.get('etag') ?? '';
    // A category added to the project: the list's counts change, so must its tag.
    const category = await server.call('POST', `/api/projects/${id}/categories`, {
      token: alice.token,
      org: alice.org,
      body: { name: 'First steps' },
    });
    expect(category.status).toBe(201);
    const after = await server.call<Schemas['ProjectPage']>('GET', '/api/projects', {
      token: alice.token,
      org: alice.org,
      headers: { 'if-none-match': stale },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(stale);
    expect(after.body.items.find((p) => p.id === id)?.categories.map((c) => c.name)).toEqual(['First steps']);
    // The detail read moves with it, and answers 304 to its own tag only.
    const detail = await server.call('GET', `/api/projects/${id}`, { token: alice.token, org: alice.org });
    const detailTag = detail.headers.get('etag') ?? '';
    const renamed = await server.call('PUT', `/api/projects/${id}`, {
      token: alice.token,
      org: alice.org,
      body: project('Onboarding 2'),
    });
    expect(renamed.status).toBe(200);
    const fresh = await server.call<Schemas['Project']>('GET', `/api/projects/${id}`, {
      token: alice.token,
      org: alice.org,
      headers: { 'if-none-match': detailTag },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.name).toBe('Onboarding 2');
  });

  it("never answers 304 to another organization's tag, nor to a caller who may not read", async () => {
    const mine = await server.call('GET', '/api/projects', { token: alice.token, org: alice.org });
    const tag = mine.headers.get('etag') ?? '';
    const theirs = await server.call('GET', '/api/projects', {
      token: bob.token,
      org: bob.org,
      headers: { 'if-none-match': tag },
    });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('etag')).not.toBe(tag);
    const intruder = await server.call('GET', '/api/projects', {
      token: bob.token,
      org: alice.org,
      headers: { 'if-none-match': tag },
    });
    expect(intruder.status).toBe(403);
    const anonymous = await server.call('GET', '/api/projects', {
      org: alice.org,
      headers: { 'if-none-match': tag },
    });
    expect(anonymous.status).toBe(401);
  });

  // The access check's answer is kept by a replica while nothing was written (PGlite) and a body is kept by tag:
  // neither may outlive the session, the membership or the role it was computed for.
  it('refuses a revoked session both the 304 and the held body, and answers the new session', async () => {
    const carol = await server.signUp();
    await createProject(carol, 'Held');
    const read = { token: carol.token, org: carol.org };
    const first = await server.call('GET', '/api/projects', read);
    const tag = first.headers.get('etag') ?? '';
    expect(
      (await server.call('GET', '/api/projects', { ...read, headers: { 'if-none-match': tag } })).status,
    ).toBe(304);
    const changed = await server.call<Schemas['Session']>('POST', '/api/auth/change-password', {
      token: carol.token,
      body: { currentPassword: carol.password, newPassword: 'another password 2' },
    });
    expect(changed.status).toBe(200);
    const revoked = await server.call('GET', '/api/projects', { ...read, headers: { 'if-none-match': tag } });
    expect(revoked.status).toBe(401);
    expect((await server.call('GET', '/api/projects', read)).status).toBe(401);
    const renewed = { token: changed.body.jwt, org: carol.org };
    expect(
      (await server.call('GET', '/api/projects', { ...renewed, headers: { 'if-none-match': tag } })).status,
    ).toBe(304);
  });

  it('refuses a removed member the 304 and the held body at once, and a demoted Admin the Admin calls', async () => {
    await createProject(alice, 'Shared');
    const dave = await addMember(server, alice, 'Contributor');
    const read = { token: dave.token, org: alice.org };
    const first = await server.call('GET', '/api/projects', read);
    expect(first.status).toBe(200);
    const tag = first.headers.get('etag') ?? '';
    expect((await server.call('GET', '/api/projects', read)).status).toBe(200);
    const removed = await server.call('PUT', '/api/auth/delete-role', {
      token: alice.token,
      org: alice.org,
      body: { userId: dave.userId },
    });
    expect(removed.status).toBe(204);
    expect(
      (await server.call('GET', '/api/projects', { ...read, headers: { 'if-none-match': tag } })).status,
    ).toBe(403);
    expect((await server.call('GET', '/api/projects', read)).status).toBe(403);

    const erin = await addMember(server, alice, 'Admin');
    const asErin = { token: erin.token, org: alice.org };
    expect((await server.call('GET', '/api/projects', asErin)).status).toBe(200);
    const promote = (userId: string, role: 'Admin' | 'Contributor') =>
      server.call('PUT', '/api/auth/update-role', { ...asErin, body: { userId, role } });
    const frank = await addMember(server, alice, 'Contributor');
    expect((await promote(frank.userId, 'Admin')).status).toBe(200);
    expect((await server.call('GET', '/api/projects', asErin)).status).toBe(200);
    const demoted = await server.call('PUT', '/api/auth/update-role', {
      token: alice.token,
      org: alice.org,
      body: { userId: erin.userId, role: 'Contributor' },
    });
    expect(demoted.status).toBe(200);
    const refused = await promote(frank.userId, 'Contributor');
    expect(refused.status).toBe(403);
    expect((await server.call('GET', '/api/projects', asErin)).status).toBe(200);
  });
});

describe('what moves the tags', () => {
  // An end user's play, an assistant question and a team search write nothing a read shows: the back-office and the
  // extension keep their 304s and this replica its held bodies through them.
  it('keeps the tags through runs, assistant questions and team searches, and moves them on a guide edit', async () => {
    const world = await buildWorld(server, 'quiet');
    const auth = { token: world.admin.token, org: world.admin.org };
    const catalogue = `/api/catalogue?url=${encodeURIComponent(`${world.siteUrl}/cart`)}`;
    const tagsOf = async () => ({
      projects: (await server.call('GET', '/api/projects', auth)).headers.get('etag') ?? '',
      catalogue: (await server.call('GET', catalogue, auth)).headers.get('etag') ?? '',
    });
    const before = await tagsOf();
    expect(before.projects).toMatch(/^"c/);
    const run = await server.call<Schemas['Run']>('POST', `/api/scenarios/${world.scenarioId}/runs`, {
      ...auth,
      body: {
        status: 'started',
        url: `${world.siteUrl}/`,
        stepsCompleted: 1,
        stepIssues: [{ stepId: world.stepIds[1], outcome: 'not-found', url: `${world.siteUrl}/two` }],
      },
    });
    expect(run.status).toBe(201);
    const finished = await server.call('PATCH', `/api/scenarios/${world.scenarioId}/runs/${run.body.id}`, {
      ...auth,
      body: { status: 'completed', stepsCompleted: 2 },
    });
    expect(finished.status).toBe(200);
    const asked = await server.call('POST', '/api/assistant', { ...auth, body: { query: 'quiet guide' } });
    expect(asked.status).toBe(200);
    const searched = await server.call('POST', '/api/auth/filter', {
      ...auth,
      body: { pageIndex: 0, pageSize: 10, search: 'member' },
    });
    expect(searched.status).toBe(200);
    for (const [path, tag] of [
      ['/api/projects', before.projects],
      [catalogue, before.catalogue],
    ] as const) {
      const again = await server.call('GET', path, { ...auth, headers: { 'if-none-match': tag } });
      expect(again.status).toBe(304);
    }

    const edited = await server.call('PUT', `/api/scenarios/${world.scenarioId}`, {
      ...auth,
      body: {
        title: 'quiet guide, edited',
        description: 'desc',
        summary: 'sum',
        minDuration: 1,
        maxDuration: 3,
      },
    });
    expect(edited.status).toBe(200);
    const after = await tagsOf();
    expect(after.projects).not.toBe(before.projects);
    expect(after.catalogue).not.toBe(before.catalogue);
  });
});

describe('a token verified before', () => {
  it('is refused once it expires, though this replica already checked its signature', async () => {
    const session = await server.signUp();
    const { value: secret } = await server.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'jwt_secret')
      .executeTakeFirstOrThrow();
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const token = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.userId)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(new TextEncoder().encode(secret));
    const me = () => server.call('GET', '/api/users/me', { token });
    expect((await me()).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 100));
    expect((await me()).status).toBe(401);
  });
});
