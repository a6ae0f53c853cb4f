import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../src/handlers/types.ts';
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
    const first = await server.call<Schemas['Project'][]>('GET', '/api/projects', {
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
    const before = await server.call<Schemas['Project'][]>('GET', '/api/projects', {
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
    const after = await server.call<Schemas['Project'][]>('GET', '/api/projects', {
      token: alice.token,
      org: alice.org,
      headers: { 'if-none-match': stale },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(stale);
    expect(after.body.find((p) => p.id === id)?.categories.map((c) => c.name)).toEqual(['First steps']);
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
});
