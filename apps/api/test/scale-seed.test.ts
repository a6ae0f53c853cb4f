// The bench's seeder (bench/scale-seed.ts) writes an organization the API reads as if it had been built through it:
// the projects listed, the guides published, the runs counted, the assistant and the catalogue finding guides.
// A smoke test at the smallest size; the bench itself (pnpm bench:scale) is not part of the tests.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleSizes, seedScale, siteOf } from '../bench/scale-seed.ts';
import type { Schemas } from '../src/types.ts';
import { type Session, startServer, type TestServer } from './support/harness.ts';

let server: TestServer;
let owner: Session;

beforeAll(async () => {
  server = await startServer();
  owner = await server.signUp();
  await seedScale(server.db, { organizationId: owner.org, userId: owner.userId, size: scaleSizes.S });
});

afterAll(async () => {
  await server?.close();
});

describe('the scale seed at S', () => {
  it('reads back through the API as 10 projects, 200 published guides and about 1,000 runs of the last 30 days', async () => {
    const auth = { token: owner.token, org: owner.org };
    const projects = await server.call<Schemas['Project'][] | { items: Schemas['Project'][] }>(
      'GET',
      '/api/projects',
      auth,
    );
    expect(projects.status).toBe(200);
    const listed = Array.isArray(projects.body) ? projects.body : projects.body.items;
    expect(listed).toHaveLength(10);

    const dashboard = await server.call<Schemas['Dashboard']>('GET', '/api/dashboard', auth);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.counts).toMatchObject({
      projects: 10,
      categories: 50,
      scenarios: 250,
      publishedScenarios: 200,
      steps: 1000,
    });
    // Spread over the last 30 days: those of the 30 UTC days the dashboard shows, nearly all.
    expect(dashboard.body.counts.guidesLaunched30d).toBeGreaterThan(950);
    expect(dashboard.body.counts.guidesLaunched30d).toBeLessThanOrEqual(1000);
    const toRepair = await server.call<Schemas['GuidesToRepairPage']>(
      'GET',
      '/api/dashboard/guides-to-repair',
      auth,
    );
    expect(toRepair.status).toBe(200);
    expect(toRepair.body.guides.length).toBeGreaterThan(0);

    // a guide's statistics read the seeded runs too (all of the last 30 days): one guide's, counted here in the runs
    const guide = await sql<{ id: string; started: number; completed: number }>`
      SELECT scenario_id AS id, count(*)::int AS started, count(*) FILTER (WHERE status = 'completed')::int AS completed
      FROM runs WHERE organization_id = ${owner.org} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`.execute(
      server.db,
    );
    const seeded = guide.rows[0];
    expect(seeded?.started).toBeGreaterThan(0);
    const statistics = await server.call<Schemas['ScenarioStatistics']>(
      'GET',
      `/api/scenarios/${seeded?.id}/statistics?days=90`,
      auth,
    );
    expect(statistics.status).toBe(200);
    expect(statistics.body).toMatchObject({
      started: seeded?.started,
      completed: seeded?.completed,
      // the seeded runs completed as they started
      medianDuration: (seeded?.completed ?? 0) > 0 ? 0 : null,
    });
    expect(statistics.body.funnel).toHaveLength(5);

    const catalogue = await server.call<unknown[]>(
      'GET',
      `/api/catalogue?url=${encodeURIComponent(siteOf(3))}`,
      auth,
    );
    expect(catalogue.status).toBe(200);
    expect(JSON.stringify(catalogue.body)).toContain('(3.1.1)');

    const assistant = await server.call<Schemas['AssistantAnswer']>('POST', '/api/assistant', {
      ...auth,
      body: { query: 'exporter un rapport' },
    });
    expect(assistant.status).toBe(200);
    expect(assistant.body.guides.length).toBeGreaterThan(0);
  });
});
