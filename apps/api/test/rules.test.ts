// Issue 14: the spec's rules held only in the browser (publishing, creating a guide without a site), and the
// "send me a new link" dead ends. Each case here failed on main.
import { randomUUID } from 'node:crypto';
import { linkIn } from '@mulot/testing/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../src/types.ts';
import { buildWorld, snapshot, type World } from './support/fixtures.ts';
import { rootUrl, startServer, type TestServer } from './support/harness.ts';

let server: TestServer;
let w: World;
let auth: { token: string; org: string };

beforeAll(async () => {
  server = await startServer();
  w = await buildWorld(server, 'rules');
  auth = { token: w.admin.token, org: w.admin.org };
});

afterAll(async () => {
  await server?.close();
});

const scenarioBody = { title: 'G', description: 'D', summary: 'S', minDuration: 1, maxDuration: 2 };

describe('publishing', () => {
  it('refuses to publish a guide without steps, or with a step without target, and says which', async () => {
    const path = `/api/projects/${w.projectId}/categories/${w.categoryId}/scenarios`;
    const created = await server.call<Schemas['Scenario']>('POST', path, { ...auth, body: scenarioBody });
    const id = created.body.id;
    const publish = () =>
      server.call<Schemas['Problem']>('PATCH', `/api/scenarios/${id}/status`, {
        ...auth,
        body: { status: 'published' },
      });
    const before = await snapshot(server);
    const empty = await publish();
    expect(empty.status).toBe(409);
    expect(empty.body).toMatchObject({
      type: 'urn:mulot:problem:not-publishable',
      code: 'scenario-without-steps',
      detail: "Ce guide ne contient pas d'étapes configurées.",
    });
    expect(await snapshot(server)).toBe(before);

    const step = (name: string, target: unknown) =>
      server.call<Schemas['Step']>('POST', `/api/scenarios/${id}/steps`, {
        ...auth,
        body: { name, text: 'do', url: 'https://rules.example.com/', target },
      });
    const first = await step('one', { css: '#one' });
    const second = await step('two', null);
    const third = await step('three', {});
    const untargeted = await publish();
    expect(untargeted.status).toBe(409);
    expect(untargeted.body).toMatchObject({
      code: 'step-without-target',
      detail: 'Aucun élément cible défini pour cette étape.',
      stepIds: [second.body.id, third.body.id],
    });
    const still = await server.call<Schemas['Scenario']>('GET', `/api/scenarios/${id}`, auth);
    expect(still.body.status).toBe('draft');

    for (const s of [second, third]) {
      await server.call('PUT', `/api/scenarios/${id}/steps/${s.body.id}`, {
        ...auth,
        body: { name: 'n', text: 't', url: 'https://rules.example.com/', target: { css: `#${s.body.id}` } },
      });
    }
    expect(first.status).toBe(201);
    const published = await publish();
    expect(published.status).toBe(200);
    // Back to draft is always allowed.
    const draft = await server.call('PATCH', `/api/scenarios/${id}/status`, {
      ...auth,
      body: { status: 'draft' },
    });
    expect(draft.status).toBe(200);
  });

  it('refuses to create a guide in a project without a site, and creates nothing', async () => {
    const project = await server.call<Schemas['Project']>('POST', '/api/projects', {
      ...auth,
      body: { name: 'Sans site', sites: ['x.example.com'] },
    });
    await server.call('PUT', `/api/projects/${project.body.id}`, {
      ...auth,
      body: { name: 'Sans site', sites: [] },
    });
    const category = await server.call<Schemas['Category']>(
      'POST',
      `/api/projects/${project.body.id}/categories`,
      { ...auth, body: { name: 'C' } },
    );
    const before = await snapshot(server);
    const refused = await server.call<Schemas['Problem']>(
      'POST',
      `/api/projects/${project.body.id}/categories/${category.body.id}/scenarios`,
      { ...auth, body: scenarioBody },
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      type: 'urn:mulot:problem:site-required',
      code: 'site-required',
      detail: "Aucun site n'est configuré pour ce projet.",
    });
    expect(await snapshot(server)).toBe(before);
  });
});

describe('links', () => {
  async function register(): Promise<{ email: string; code: string }> {
    const email = `pending-${randomUUID().slice(0, 8)}@example.com`;
    await server.call('POST', '/api/auth/register', {
      body: { credentials: { email, password: 'a good password' }, rootUrl },
      client: server.newClient(),
    });
    const mail = await server.mail.waitFor(email, (m) => m.text.includes('/auth/confirm-account'));
    return { email, code: linkIn(mail, '/auth/confirm-account').searchParams.get('code') as string };
  }

  it('mails a new confirmation link to an account not confirmed yet, and answers the same for anyone', async () => {
    const { email } = await register();
    const client = server.newClient();
    const resend = (address: string) =>
      server.call('POST', '/api/auth/resend-confirmation', { body: { email: address, rootUrl }, client });
    expect((await resend(email.toUpperCase())).status).toBe(204);
    await server.mail.waitFor(email, (m) => m.text.includes('/auth/confirm-account'), 1);
    // An unknown address and a confirmed account: the same answer, no mail.
    const unknown = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    expect((await resend(unknown)).status).toBe(204);
    expect((await resend(w.admin.email)).status).toBe(204);
    const adminMails = server.mail.count(w.admin.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(server.mail.count(unknown)).toBe(0);
    expect(server.mail.count(w.admin.email)).toBe(adminMails);
  });

  it('limits how many links one address can be sent', async () => {
    const { email } = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await server.call('POST', '/api/auth/resend-confirmation', {
        body: { email, rootUrl },
        client: server.newClient(),
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });

  it('renews an expired confirmation link from its code, and reveals nothing for an unknown code', async () => {
    const { email, code } = await register();
    await server.db
      .updateTable('auth_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
      .execute();
    const expired = await server.call('POST', '/api/auth/confirm', { body: { code, email } });
    expect(expired.status).toBe(400);
    const renewed = await server.call('POST', '/api/auth/renew-link', { body: { code, rootUrl } });
    expect(renewed.status).toBe(204);
    const mail = await server.mail.waitFor(
      email,
      (m) => !m.text.includes(code) && m.text.includes('/auth/confirm-account'),
    );
    const link = linkIn(mail, '/auth/confirm-account');
    const confirmed = await server.call('POST', '/api/auth/confirm', {
      body: { code: link.searchParams.get('code'), email },
    });
    expect(confirmed.status).toBe(204);
    const unknown = await server.call('POST', '/api/auth/renew-link', {
      body: { code: 'x'.repeat(43), rootUrl },
    });
    expect(unknown.status).toBe(204);
  });

  it('checks a reset link when the page opens, before any password is typed', async () => {
    await server.call('POST', '/api/auth/forgot-password', { body: { email: w.admin.email, rootUrl } });
    const mail = await server.mail.waitFor(w.admin.email, (m) => m.text.includes('/auth/reset-password'));
    const code = linkIn(mail, '/auth/reset-password').searchParams.get('code') as string;
    const check = (c: string) =>
      server.call<Schemas['Problem']>('POST', '/api/auth/reset-password/check', { body: { code: c } });
    expect((await check(code)).status).toBe(204);
    // Checking uses nothing up.
    expect((await check(code)).status).toBe(204);
    const unknown = await check('y'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]).toMatchObject({ in: 'body', pointer: '/code', code: 'invalid-code' });
    // (a new password: the current one is refused, and a refused reset leaves the link usable)
    const used = await server.call('POST', '/api/auth/reset-password', {
      body: { code, password: `${w.admin.password} renewed` },
    });
    expect(used.status).toBeLessThan(300);
    w.admin.password = `${w.admin.password} renewed`;
    expect((await check(code)).status).toBe(400);
  });
});
