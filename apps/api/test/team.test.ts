import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../src/handlers/types.ts';
import { addMember } from './support/fixtures.ts';
import { rootUrl, type Session, startServer, type TestServer } from './support/harness.ts';
import { linkIn } from './support/mail-sink.ts';

let server: TestServer;
let owner: Session;

beforeAll(async () => {
  server = await startServer();
  owner = await server.signUp(`owner-${randomUUID().slice(0, 6)}@example.com`);
});

afterAll(async () => {
  await server?.close();
});

function team(session: Session, org = owner.org) {
  return { token: session.token, org };
}

async function members(search?: string): Promise<Schemas['Member'][]> {
  const answer = await server.call<Schemas['Member'][]>('POST', '/api/auth/filter', {
    ...team(owner),
    body: { pageIndex: 0, pageSize: 100, ...(search ? { search } : {}) },
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('team', () => {
  it('invites an unknown email: a pending member who sets a password from the mail and signs in as Contributor', async () => {
    const address = `new-${randomUUID().slice(0, 6)}@example.com`;
    const invited = await server.call<Schemas['Member']>('POST', '/api/auth/invite', {
      ...team(owner),
      body: { email: address, role: 'Contributor', rootRedirect: rootUrl },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: address, role: 'Contributor', pending: true });
    expect((await members()).find((m) => m.id === invited.body.id)?.pending).toBe(true);
    const link = linkIn(await server.mail.waitFor(address), '/auth/reset-password');
    expect(`${link.origin}${link.pathname}`).toBe(`${rootUrl}/auth/reset-password`);
    expect(
      (
        await server.call('POST', '/api/auth/reset-password', {
          body: { code: link.searchParams.get('code'), password: 'my own password' },
        })
      ).status,
    ).toBe(204);
    const session = await server.login(address, 'my own password');
    expect(session.org).toBe(owner.org);
    const me = await server.call<Schemas['User']>('GET', '/api/users/me', team(session));
    expect(me.body.role).toBe('Contributor');
    expect((await members()).find((m) => m.id === invited.body.id)?.pending).toBe(false);
  });

  it('adds an existing user to the organization, who then sees it in their list', async () => {
    const other = await server.signUp();
    const invited = await server.call<Schemas['Member']>('POST', '/api/auth/invite', {
      ...team(owner),
      body: { email: other.email, role: 'Admin', rootRedirect: rootUrl },
    });
    expect(invited.body).toMatchObject({ id: other.userId, role: 'Admin', pending: false });
    await server.mail.waitFor(other.email, (m) => m.text.includes('/auth/login'));
    const orgs = await server.call<Schemas['Organization'][]>('GET', '/api/organizations', {
      token: other.token,
    });
    expect(orgs.body.map((o) => o.id)).toEqual([other.org, owner.org]);
    const again = await server.call<Schemas['Problem']>('POST', '/api/auth/invite', {
      ...team(owner),
      body: { email: other.email, role: 'Contributor', rootRedirect: rootUrl },
    });
    expect(again.status).toBe(409);
  });

  it('accepts one of two simultaneous invitations of the same new email and refuses the other', async () => {
    const email = `twice-${randomUUID().slice(0, 6)}@example.com`;
    const invite = () =>
      server.call('POST', '/api/auth/invite', {
        ...team(owner),
        body: { email, role: 'Contributor', rootRedirect: rootUrl },
      });
    const answers = await Promise.all([invite(), invite(), invite()]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect((await members(email)).length).toBe(1);
  });

  it('refuses an invitation link to a foreign site', async () => {
    const answer = await server.call<Schemas['Problem']>('POST', '/api/auth/invite', {
      ...team(owner),
      body: {
        email: `x-${randomUUID().slice(0, 6)}@example.com`,
        role: 'Admin',
        rootRedirect: 'https://phish.example.net',
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.type).toBe('urn:mulot:problem:rejected-url');
  });

  it('filters and pages members', async () => {
    const all = await members();
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.map((m) => m.email)).toContain(owner.email);
    const found = await members(owner.email.slice(0, 10).toUpperCase());
    expect(found.map((m) => m.email)).toEqual([owner.email]);
    expect(await members('%')).toEqual([]);
    const page = await server.call<Schemas['Member'][]>('POST', '/api/auth/filter', {
      ...team(owner),
      body: { pageIndex: 1, pageSize: 1 },
    });
    expect(page.body).toEqual([all[1]]);
  });

  it('changes roles, but never demotes or removes the last Admin', async () => {
    const lone = await server.signUp();
    const demote = await server.call<Schemas['Problem']>('PUT', '/api/auth/update-role', {
      ...team(lone, lone.org),
      body: { userId: lone.userId, role: 'Contributor' },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.type).toBe('urn:mulot:problem:last-admin');
    const remove = await server.call<Schemas['Problem']>('PUT', '/api/auth/delete-role', {
      ...team(lone, lone.org),
      body: { userId: lone.userId },
    });
    expect(remove.status).toBe(409);

    const helper = await addMember(server, lone, 'Contributor');
    const promoted = await server.call<Schemas['Member']>('PUT', '/api/auth/update-role', {
      ...team(lone, lone.org),
      body: { userId: helper.userId, role: 'Admin' },
    });
    expect(promoted.body).toMatchObject({ id: helper.userId, role: 'Admin' });
    // With a second Admin, the first may step down.
    const stepDown = await server.call<Schemas['Member']>('PUT', '/api/auth/update-role', {
      ...team(lone, lone.org),
      body: { userId: lone.userId, role: 'Contributor' },
    });
    expect(stepDown.body.role).toBe('Contributor');
    // …and is now a Contributor: team calls are refused.
    const refused = await server.call('POST', '/api/auth/filter', {
      ...team(lone, lone.org),
      body: { pageIndex: 0, pageSize: 10 },
    });
    expect(refused.status).toBe(403);
  });

  it('removes a member, who loses access to the organization at once', async () => {
    const member = await addMember(server, owner, 'Contributor');
    expect((await server.call('GET', '/api/projects', team(member))).status).toBe(200);
    const removed = await server.call('PUT', '/api/auth/delete-role', {
      ...team(owner),
      body: { userId: member.userId },
    });
    expect(removed.status).toBe(204);
    expect((await server.call('GET', '/api/projects', team(member))).status).toBe(403);
    expect((await members()).map((m) => m.id)).not.toContain(member.userId);
    const gone = await server.call('PUT', '/api/auth/delete-role', {
      ...team(owner),
      body: { userId: member.userId },
    });
    expect(gone.status).toBe(404);
  });
});
