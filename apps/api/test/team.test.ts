import { randomUUID } from 'node:crypto';
import { linkIn } from '@mulot/testing/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../src/types.ts';
import { addMember, invite } from './support/fixtures.ts';
import { rootUrl, type Session, startServer, type TestServer } from './support/harness.ts';

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

async function invitations(): Promise<Schemas['Invitation'][]> {
  const answer = await server.call<Schemas['Invitation'][]>('GET', '/api/auth/invitations', team(owner));
  expect(answer.status).toBe(200);
  return answer.body;
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
  // Issue 14: the invitation link landed on the password-reset screen, with no welcome and no organization name.
  it('invites an unknown email: a pending invitation, listed apart, accepted from the mailed link', async () => {
    await server.call('PATCH', '/api/users/me', {
      ...team(owner),
      body: { firstname: 'Ada', lastname: 'Owner' },
    });
    const address = `new-${randomUUID().slice(0, 6)}@example.com`;
    const invited = await server.call<Schemas['Member']>('POST', '/api/auth/invite', {
      ...team(owner),
      body: { email: address, role: 'Contributor', rootRedirect: rootUrl },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: address, role: 'Contributor', pending: true });
    // Not counted in the team until they accept; listed as an invitation.
    expect((await members()).map((m) => m.id)).not.toContain(invited.body.id);
    const pending = (await invitations()).find((i) => i.id === invited.body.id);
    expect(pending).toMatchObject({
      email: address,
      role: 'Contributor',
      expired: false,
      invitedBy: { firstname: 'Ada', lastname: 'Owner', email: owner.email },
    });
    const mail = await server.mail.waitFor(address);
    expect(mail.text).toContain('Ada Owner vous invite');
    const link = linkIn(mail, '/auth/accept-invitation');
    expect(`${link.origin}${link.pathname}`).toBe(`${rootUrl}/auth/accept-invitation`);
    const code = link.searchParams.get('code') as string;
    const organizations = await server.call<Schemas['Organization'][]>('GET', '/api/organizations', {
      token: owner.token,
    });
    const details = await server.call<Schemas['InvitationDetails']>('POST', '/api/auth/invitation', {
      body: { code },
    });
    expect(details.body).toMatchObject({
      email: address,
      role: 'Contributor',
      organization: { id: owner.org, name: organizations.body.find((o) => o.id === owner.org)?.name },
      invitedBy: { firstname: 'Ada', lastname: 'Owner', email: owner.email },
      hasAccount: false,
    });
    expect(mail.text).toContain(details.body.organization.name);
    const short = await server.call<Schemas['Problem']>('POST', '/api/auth/accept-invitation', {
      body: { code, password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors?.[0]).toMatchObject({
      in: 'body',
      pointer: '/password',
      code: 'field.password',
    });
    const accepted = await server.call<Schemas['InvitationAccepted']>('POST', '/api/auth/accept-invitation', {
      body: { code, password: 'my own password' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.organizationId).toBe(owner.org);
    expect(accepted.body.user).toMatchObject({ email: address, role: 'Contributor' });
    // The session works in that organization at once, and the password signs in.
    const me = await server.call<Schemas['User']>('GET', '/api/users/me', {
      token: accepted.body.jwt,
      org: owner.org,
    });
    expect(me.body.role).toBe('Contributor');
    expect((await server.login(address, 'my own password')).org).toBe(owner.org);
    expect((await members()).find((m) => m.id === invited.body.id)?.pending).toBe(false);
    expect((await invitations()).map((i) => i.id)).not.toContain(invited.body.id);
    const again = await server.call('POST', '/api/auth/accept-invitation', {
      body: { code, password: 'my own password' },
    });
    expect(again.status).toBe(400);
  });

  // Issue 37 row 5: inviting an existing account added it at once, without its consent, and showed its names and
  // last activity to the inviter. Now it waits, pending, for its holder's answer.
  it('invites an existing account: pending until accepted, the inviter sees the email only', async () => {
    const other = await server.signUp();
    await server.call('PATCH', '/api/users/me', {
      token: other.token,
      body: { firstname: 'Grace', lastname: 'Hidden' },
    });
    const invited = await server.call<Schemas['Member']>('POST', '/api/auth/invite', {
      ...team(owner),
      body: { email: other.email, role: 'Admin', rootRedirect: rootUrl },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      id: other.userId,
      email: other.email,
      role: 'Admin',
      pending: true,
      firstname: '',
      lastname: '',
      lastActiveAt: null,
    });
    // Not a member: not in the team list (not even by name), listed as an invitation by its email only.
    expect((await members()).map((m) => m.id)).not.toContain(other.userId);
    expect((await members('Grace')).map((m) => m.id)).not.toContain(other.userId);
    const pending = (await invitations()).find((i) => i.id === other.userId);
    expect(pending).toMatchObject({ email: other.email, role: 'Admin' });
    expect(JSON.stringify(pending)).not.toContain('Grace');
    // The organization grants nothing yet.
    const orgs = await server.call<Schemas['Organization'][]>('GET', '/api/organizations', {
      token: other.token,
    });
    expect(orgs.body.map((o) => o.id)).toEqual([other.org]);
    expect((await server.call('GET', '/api/projects', { token: other.token, org: owner.org })).status).toBe(
      403,
    );
    const again = await server.call<Schemas['Problem']>('POST', '/api/auth/invite', {
      ...team(owner),
      body: { email: other.email, role: 'Contributor', rootRedirect: rootUrl },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('invitation-pending');
    // The mail invites; it does not say they joined.
    const mail = await server.mail.waitFor(other.email, (m) => m.text.includes('/auth/accept-invitation'));
    expect(mail.text).toContain('Ada Owner vous invite');
    expect(mail.text).toContain('Pour accepter ou refuser, connectez-vous');
    // The mailed link still works: signing in accepts.
    const code = linkIn(mail, '/auth/accept-invitation').searchParams.get('code') as string;
    const details = await server.call<Schemas['InvitationDetails']>('POST', '/api/auth/invitation', {
      body: { code },
    });
    expect(details.body.hasAccount).toBe(true);
    const wrong = await server.call('POST', '/api/auth/accept-invitation', {
      body: { code, password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
    const accepted = await server.call<Schemas['InvitationAccepted']>('POST', '/api/auth/accept-invitation', {
      body: { code, password: other.password },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      organizationId: owner.org,
      user: { id: other.userId, role: 'Admin' },
    });
    const joined = await server.call<Schemas['Organization'][]>('GET', '/api/organizations', {
      token: other.token,
    });
    expect(joined.body.map((o) => o.id)).toEqual([other.org, owner.org]);
    expect((await members('Grace')).map((m) => [m.id, m.lastname])).toEqual([[other.userId, 'Hidden']]);
    expect((await invitations()).map((i) => i.id)).not.toContain(other.userId);
    // Issue 40 item 8: the link opened again says the invitation was accepted, not that it expired.
    const reopened = await server.call<Schemas['Problem']>('POST', '/api/auth/invitation', {
      body: { code },
    });
    expect(reopened.status).toBe(409);
    expect(reopened.body.detail).toBe('Invitation déjà acceptée. Connectez-vous pour continuer.');
    const reopenedEn = await server.call<Schemas['Problem']>('POST', '/api/auth/invitation', {
      locale: 'en',
      body: { code },
    });
    expect(reopenedEn.body.detail).toBe('Invitation already accepted. Sign in to continue.');
  });

  it('lets the invited account accept or refuse from the back-office', async () => {
    const other = await server.signUp();
    const second = await server.signUp();
    const secondOrg = { token: second.token, org: second.org };
    for (const [session, email] of [
      [owner, other.email],
      [second, other.email],
    ] as const) {
      const invited = await server.call('POST', '/api/auth/invite', {
        token: session.token,
        org: session.org,
        body: { email, role: 'Contributor', rootRedirect: rootUrl },
      });
      expect(invited.status).toBe(201);
    }
    const mine = await server.call<Schemas['MyInvitation'][]>('GET', '/api/organizations/invitations', {
      token: other.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.map((i) => i.organization.id).sort()).toEqual([owner.org, second.org].sort());
    expect(mine.body.find((i) => i.organization.id === owner.org)).toMatchObject({
      role: 'Contributor',
      invitedBy: { firstname: 'Ada', lastname: 'Owner', email: owner.email },
    });
    const accepted = await server.call<Schemas['Organization']>(
      'POST',
      `/api/organizations/invitations/${owner.org}/accept`,
      { token: other.token },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: owner.org, role: 'Contributor' });
    expect((await server.call('GET', '/api/projects', { token: other.token, org: owner.org })).status).toBe(
      200,
    );
    const refused = await server.call('POST', `/api/organizations/invitations/${second.org}/refuse`, {
      token: other.token,
    });
    expect(refused.status).toBe(204);
    const left = await server.call<Schemas['MyInvitation'][]>('GET', '/api/organizations/invitations', {
      token: other.token,
    });
    expect(left.body).toEqual([]);
    const secondInvitations = await server.call<Schemas['Invitation'][]>(
      'GET',
      '/api/auth/invitations',
      secondOrg,
    );
    expect(secondInvitations.body.map((i) => i.email)).not.toContain(other.email);
    // Answered already: nothing left to accept or refuse.
    for (const verb of ['accept', 'refuse']) {
      const none = await server.call('POST', `/api/organizations/invitations/${second.org}/${verb}`, {
        token: other.token,
      });
      expect(none.status, verb).toBe(404);
    }
  });

  it('lets a member leave an organization, but not its last Admin', async () => {
    const boss = await server.signUp();
    const member = await addMember(server, boss, 'Contributor');
    const last = await server.call<Schemas['Problem']>(
      'POST',
      '/api/organizations/leave',
      team(boss, boss.org),
    );
    expect(last.status).toBe(409);
    expect(last.body.detail).toBe(
      "Vous êtes le dernier administrateur de cette organisation : nommez d'abord un autre administrateur.",
    );
    const left = await server.call('POST', '/api/organizations/leave', team(member, boss.org));
    expect(left.status).toBe(204);
    const remaining = await server.call<Schemas['Member'][]>('POST', '/api/auth/filter', {
      ...team(boss, boss.org),
      body: { pageIndex: 0, pageSize: 100 },
    });
    expect(remaining.body.map((m) => m.id)).toEqual([boss.userId]);
    const orgs = await server.call<Schemas['Organization'][]>('GET', '/api/organizations', {
      token: member.token,
    });
    expect(orgs.body).toEqual([]);
    // Issue 40: what a user without an organization reads names no header.
    const dashboard = await server.call<Schemas['Problem']>('GET', '/api/projects', team(member, boss.org));
    expect(dashboard.status).toBe(403);
    expect(dashboard.body.detail).not.toMatch(/x-organization-id|en-tête|header/i);
    // They can start their own organization, as its Admin.
    const created = await server.call<Schemas['Organization']>('POST', '/api/organizations', {
      token: member.token,
      body: { name: '  Mon atelier ' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Mon atelier', role: 'Admin' });
    const projects = await server.call('GET', '/api/projects', { token: member.token, org: created.body.id });
    expect(projects.status).toBe(200);
  });

  it('resends an invitation with a fresh link (the old one stops working) and cancels it', async () => {
    const pending = await invite(server, owner, 'Contributor');
    const resent = await server.call<Schemas['Invitation']>(
      'POST',
      `/api/auth/invitations/${pending.userId}/resend`,
      { ...team(owner), body: { rootRedirect: rootUrl } },
    );
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: pending.userId, email: pending.email, expired: false });
    const old = await server.call('POST', '/api/auth/invitation', { body: { code: pending.code } });
    expect(old.status).toBe(400);
    const fresh = await server.mail.waitFor(pending.email, (m) => !m.text.includes(pending.code));
    const code = linkIn(fresh, '/auth/accept-invitation').searchParams.get('code') as string;
    expect((await server.call('POST', '/api/auth/invitation', { body: { code } })).status).toBe(200);

    const cancelled = await server.call('DELETE', `/api/auth/invitations/${pending.userId}`, team(owner));
    expect(cancelled.status).toBe(204);
    expect((await invitations()).map((i) => i.id)).not.toContain(pending.userId);
    expect((await server.call('POST', '/api/auth/invitation', { body: { code } })).status).toBe(400);
    const accept = await server.call('POST', '/api/auth/accept-invitation', {
      body: { code, password: 'a good password' },
    });
    expect(accept.status).toBe(400);
    const twice = await server.call('DELETE', `/api/auth/invitations/${pending.userId}`, team(owner));
    expect(twice.status).toBe(404);
    // A member is not an invitation: neither resent nor cancelled.
    const member = await server.call('POST', `/api/auth/invitations/${owner.userId}/resend`, {
      ...team(owner),
      body: { rootRedirect: rootUrl },
    });
    expect(member.status).toBe(404);
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
    expect((await invitations()).filter((i) => i.email === email).length).toBe(1);
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

  // Issue 40 item 9: auto-named after the email, never renamable, and invitations carried that name.
  it('names an organization after its person once known; an Admin renames it, every member sees it', async () => {
    const alice = await server.signUp(`alice-${randomUUID().slice(0, 6)}@example.com`);
    const nameOf = async (session: Session) =>
      (
        await server.call<Schemas['Organization'][]>('GET', '/api/organizations', { token: session.token })
      ).body.find((o) => o.id === alice.org)?.name;
    expect(await nameOf(alice)).toBe(`Organisation d'${alice.email}`);
    await server.call('PATCH', '/api/users/me', {
      ...team(alice, alice.org),
      body: { firstname: 'Alice', lastname: 'Martin' },
    });
    expect(await nameOf(alice)).toBe("Organisation d'Alice Martin");
    // A later name change follows while the name is still the product's own.
    await server.call('PATCH', '/api/users/me', {
      ...team(alice, alice.org),
      body: { firstname: 'Alice', lastname: 'Dupont' },
    });
    expect(await nameOf(alice)).toBe("Organisation d'Alice Dupont");

    const contributor = await addMember(server, alice, 'Contributor');
    const refused = await server.call<Schemas['Problem']>('PATCH', '/api/organizations/current', {
      ...team(contributor, alice.org),
      body: { name: 'Pris par un contributeur' },
    });
    expect(refused.status).toBe(403);
    const empty = await server.call<Schemas['Problem']>('PATCH', '/api/organizations/current', {
      ...team(alice, alice.org),
      body: { name: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]).toMatchObject({ field: '/body/name' });
    const renamed = await server.call<Schemas['Organization']>('PATCH', '/api/organizations/current', {
      ...team(alice, alice.org),
      body: { name: '  Atelier Martin  ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: alice.org, name: 'Atelier Martin', role: 'Admin' });
    expect(await nameOf(contributor)).toBe('Atelier Martin');

    // A name an Admin chose stays when the person's names change, and invitations carry it.
    await server.call('PATCH', '/api/users/me', {
      ...team(alice, alice.org),
      body: { firstname: 'Alice', lastname: 'Martin' },
    });
    expect(await nameOf(alice)).toBe('Atelier Martin');
    const address = `guest-${randomUUID().slice(0, 6)}@example.com`;
    await server.call('POST', '/api/auth/invite', {
      ...team(alice, alice.org),
      locale: 'en',
      body: { email: address, role: 'Contributor', rootRedirect: rootUrl },
    });
    expect((await server.mail.waitFor(address)).subject).toBe('You are invited to Atelier Martin on Mulot');
  });

  it('keeps the language the organization was named in, and elides only before a vowel', async () => {
    const email = `bruno-${randomUUID().slice(0, 6)}@example.com`;
    const registered = await server.call('POST', '/api/auth/register', {
      locale: 'en',
      body: { credentials: { email, password: 'correct horse 1' }, rootUrl },
    });
    expect(registered.status).toBe(201);
    const link = linkIn(await server.mail.waitFor(email), '/auth/confirm-account');
    await server.call('POST', '/api/auth/confirm', { body: { code: link.searchParams.get('code'), email } });
    const english = await server.login(email, 'correct horse 1');
    const french = await server.signUp(`bruno-${randomUUID().slice(0, 6)}@example.com`);
    const name = async (session: Session) =>
      (await server.call<Schemas['Organization'][]>('GET', '/api/organizations', { token: session.token }))
        .body[0]?.name;
    expect(await name(english)).toBe(`${email}'s organization`);
    for (const session of [english, french]) {
      await server.call('PATCH', '/api/users/me', {
        ...team(session, session.org),
        body: { firstname: 'Bruno', lastname: 'Roy' },
      });
    }
    expect(await name(english)).toBe("Bruno Roy's organization");
    expect(await name(french)).toBe('Organisation de Bruno Roy');
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
    // …and is now a Contributor: team changes are refused, the team stays readable.
    const refused = await server.call('PUT', '/api/auth/update-role', {
      ...team(lone, lone.org),
      body: { userId: helper.userId, role: 'Contributor' },
    });
    expect(refused.status).toBe(403);
    const read = await server.call('POST', '/api/auth/filter', {
      ...team(lone, lone.org),
      body: { pageIndex: 0, pageSize: 10 },
    });
    expect(read.status).toBe(200);
  });

  // Issue 14: the edit dialog refused the same role, the API accepted it.
  it('refuses a role change to the role the member already has, on the role field', async () => {
    const member = await addMember(server, owner, 'Contributor');
    const same = await server.call<Schemas['Problem']>('PUT', '/api/auth/update-role', {
      ...team(owner),
      body: { userId: member.userId, role: 'Contributor' },
    });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([
      {
        in: 'body',
        pointer: '/role',
        code: 'field.same-role',
        field: '/body/role',
        message: 'Ce membre a déjà ce rôle.',
      },
    ]);
  });

  // Issue 14: a Contributor opening the team page saw "Liste réservée aux administrateurs".
  it('shows the team and its pending invitations to a Contributor, who cannot change them', async () => {
    const contributor = await addMember(server, owner, 'Contributor');
    const pending = await invite(server, owner, 'Contributor');
    const list = await server.call<Schemas['Member'][]>('POST', '/api/auth/filter', {
      ...team(contributor),
      body: { pageIndex: 0, pageSize: 100 },
    });
    expect(list.status).toBe(200);
    expect(list.body.map((m) => m.email)).toContain(owner.email);
    const listed = await server.call<Schemas['Invitation'][]>(
      'GET',
      '/api/auth/invitations',
      team(contributor),
    );
    expect(listed.status).toBe(200);
    expect(listed.body.map((i) => i.email)).toContain(pending.email);
    for (const [method, path, body] of [
      ['POST', '/api/auth/invite', { email: 'x@example.com', role: 'Admin', rootRedirect: rootUrl }],
      ['POST', `/api/auth/invitations/${pending.userId}/resend`, { rootRedirect: rootUrl }],
      ['DELETE', `/api/auth/invitations/${pending.userId}`, undefined],
      ['PUT', '/api/auth/delete-role', { userId: owner.userId }],
    ] as const) {
      const answer = await server.call(method, path, { ...team(contributor), ...(body ? { body } : {}) });
      expect(answer.status, path).toBe(403);
    }
  });

  it('tells when each member joined and was last active', async () => {
    const member = await addMember(server, owner, 'Contributor');
    const row = (await members()).find((m) => m.id === member.userId);
    expect(row?.joinedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(Date.now() - Date.parse(row?.joinedAt ?? '')).toBeLessThan(60_000);
    // Signing in counts as activity.
    expect(Date.now() - Date.parse(row?.lastActiveAt ?? '')).toBeLessThan(60_000);
    // Someone who has not used the product for long shows that date, and their next call refreshes it.
    const old = new Date('2026-01-02T03:04:05.000Z');
    await server.db
      .updateTable('users')
      .set({ last_active_at: old })
      .where('id', '=', member.userId)
      .execute();
    expect((await members()).find((m) => m.id === member.userId)?.lastActiveAt).toBe(old.toISOString());
    await server.call('GET', '/api/projects', team(member));
    const fresh = (await members()).find((m) => m.id === member.userId)?.lastActiveAt ?? '';
    expect(Date.now() - Date.parse(fresh)).toBeLessThan(60_000);
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
