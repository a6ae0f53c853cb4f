import { linkIn } from '@mulot/testing/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../src/types.ts';
import { png, rootUrl, startServer, type TestServer } from './support/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

describe('an author from sign-up to a published guide, then deleting the project', () => {
  it('walks the whole journey and leaves nothing behind', async () => {
    const email = 'Camille.Martin@Example.com';
    const password = 'un mot de passe sûr';

    const registered = await server.call<Schemas['User']>('POST', '/api/auth/register', {
      body: { credentials: { email, password }, rootUrl },
    });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({
      email: 'camille.martin@example.com',
      role: 'Admin',
      isAdmin: true,
    });

    // Not confirmed yet: login is refused with a clear problem.
    const early = await server.call<Schemas['Problem']>('POST', '/api/auth/login', {
      body: { email, password },
    });
    expect(early.status).toBe(403);
    expect(early.body.type).toBe('urn:mulot:problem:account-not-confirmed');

    const mail = await server.mail.waitFor('camille.martin@example.com');
    const link = linkIn(mail, '/auth/confirm-account');
    expect(`${link.origin}${link.pathname}`).toBe(`${rootUrl}/auth/confirm-account`);
    expect(link.searchParams.get('email')).toBe('camille.martin@example.com');

    const confirmed = await server.call('POST', '/api/auth/confirm', {
      body: { code: link.searchParams.get('code'), email: link.searchParams.get('email') },
    });
    expect(confirmed.status).toBe(204);

    const login = await server.call<Schemas['Session']>('POST', '/api/auth/login', {
      body: { email, password },
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({
      email: 'camille.martin@example.com',
      role: 'Admin',
      isAdmin: true,
    });
    const token = login.body.jwt;

    const orgs = await server.call<Schemas['Organization'][]>('GET', '/api/organizations', { token });
    expect(orgs.body).toHaveLength(1);
    const org = orgs.body[0]?.id as string;
    const auth = { token, org };

    const project = await server.call<Schemas['Project']>('POST', '/api/projects', {
      ...auth,
      body: {
        name: 'Boutique',
        description: 'Le site marchand',
        sites: [' https://shop.example.com ', 'shop.example.com'],
      },
    });
    expect(project.status).toBe(201);
    expect(project.body).toMatchObject({
      name: 'Boutique',
      // One site: both spellings are the same origin.
      sites: ['https://shop.example.com'],
    });
    const projectId = project.body.id;

    const category = await server.call<Schemas['Category']>('POST', `/api/projects/${projectId}/categories`, {
      ...auth,
      body: { name: 'Commandes' },
    });
    expect(category.status).toBe(201);
    const categoryId = category.body.id;

    const scenario = await server.call<Schemas['Scenario']>(
      'POST',
      `/api/projects/${projectId}/categories/${categoryId}/scenarios`,
      {
        ...auth,
        body: {
          title: 'Passer une commande',
          description: 'Ajouter un article au panier puis payer',
          summary: 'Guide pour commander un article',
          minDuration: 2,
          maxDuration: 5,
        },
      },
    );
    expect(scenario.status).toBe(201);
    expect(scenario.body).toMatchObject({ status: 'draft', steps: [], prerequisites: [], stepCount: 0 });
    expect(scenario.body.category).toMatchObject({
      id: categoryId,
      project: { id: projectId, name: 'Boutique' },
    });
    const scenarioId = scenario.body.id;

    const stepIds: string[] = [];
    for (const [index, name] of ['Ouvrir le catalogue', 'Ajouter au panier', 'Payer'].entries()) {
      const step = await server.call<Schemas['Step']>('POST', `/api/scenarios/${scenarioId}/steps`, {
        ...auth,
        body: {
          name,
          text: `Étape ${index + 1}`,
          url: 'https://shop.example.com/catalogue',
          target: { css: `#step-${index}`, text: name },
          autoClick: index === 1,
        },
      });
      expect(step.status).toBe(201);
      expect(step.body).toMatchObject({ position: index + 1, autoClick: index === 1, hasScreenshot: false });
      stepIds.push(step.body.id);
    }

    const upload = await server.call('PUT', `/api/scenarios/${scenarioId}/steps/${stepIds[0]}/screenshot`, {
      ...auth,
      raw: png,
      contentType: 'image/png',
    });
    expect(upload.status).toBe(204);
    const shot = await server.call<Buffer>(
      'GET',
      `/api/scenarios/${scenarioId}/steps/${stepIds[0]}/screenshot`,
      auth,
    );
    expect(shot.status).toBe(200);
    expect(shot.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(shot.body, png)).toBe(0);

    const published = await server.call<Schemas['Scenario']>('PATCH', `/api/scenarios/${scenarioId}/status`, {
      ...auth,
      body: { status: 'published' },
    });
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('published');
    expect(published.body.steps.map((s) => s.name)).toEqual([
      'Ouvrir le catalogue',
      'Ajouter au panier',
      'Payer',
    ]);
    expect(published.body.steps[0]).toMatchObject({ hasScreenshot: true, screenshotType: 'image/png' });

    const listed = await server.call<Schemas['ProjectPage']>('GET', '/api/projects', auth);
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0]).toMatchObject({ categoryCount: 1, scenarioCount: 1 });

    const deleted = await server.call('DELETE', `/api/projects/${projectId}`, auth);
    expect(deleted.status).toBe(204);

    // Through the API: everything under the project is gone…
    for (const path of [
      `/api/projects/${projectId}`,
      `/api/projects/${projectId}/categories/${categoryId}`,
      `/api/scenarios/${scenarioId}`,
      `/api/scenarios/${scenarioId}/steps/${stepIds[0]}`,
      `/api/scenarios/${scenarioId}/steps/${stepIds[0]}/screenshot`,
    ]) {
      expect((await server.call('GET', path, auth)).status, path).toBe(404);
    }
    // …and in the database, no row of any of it is left.
    const db = server.db;
    for (const table of [
      'projects',
      'categories',
      'scenarios',
      'steps',
      'screenshots',
      'prerequisites',
      'runs',
    ] as const) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organization_id', '=', org)
        .executeTakeFirstOrThrow();
      expect(Number(row.n), table).toBe(0);
    }
  });
});
