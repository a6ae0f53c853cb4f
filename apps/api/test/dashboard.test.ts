// Issue 43: the dashboard reads figures kept as runs arrive, the guides to repair come 20 at a time, and a project's
// figures count only its own guides. Every expectation is computed here from what the test recorded (the runs and
// their createdAt as the API answered them), never from the code that computes the figures.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyMigration, type Db } from '../src/db/index.ts';
import type { Schemas } from '../src/types.ts';
import { databaseBefore, type Session, startServer, type TestServer } from './support/harness.ts';

const DAY = 24 * 3600 * 1000;

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

interface Org {
  session: Session;
  auth: { token: string; org: string };
  projectId: string;
  categoryId: string;
  site: string;
}

/** A new account (its own organization) with one project and one category. */
async function newOrganization(name: string): Promise<Org> {
  const session = await server.signUp(`${name}-${randomUUID().slice(0, 8)}@example.com`);
  const auth = { token: session.token, org: session.org };
  const site = `https://${name}.example.com`;
  const project = await server.call<Schemas['Project']>('POST', '/api/projects', {
    ...auth,
    body: { name: `${name} project`, description: '', sites: [site] },
  });
  expect(project.status).toBe(201);
  const category = await server.call<Schemas['Category']>(
    'POST',
    `/api/projects/${project.body.id}/categories`,
    { ...auth, body: { name: `${name} category` } },
  );
  expect(category.status).toBe(201);
  return { session, auth, projectId: project.body.id, categoryId: category.body.id, site };
}

async function newGuide(
  org: Org,
  title: string,
  steps = 1,
  categoryId = org.categoryId,
  projectId = org.projectId,
) {
  const scenario = await server.call<Schemas['Scenario']>(
    'POST',
    `/api/projects/${projectId}/categories/${categoryId}/scenarios`,
    { ...org.auth, body: { title, description: 'd', summary: 's', minDuration: 1, maxDuration: 2 } },
  );
  expect(scenario.status).toBe(201);
  const stepIds: string[] = [];
  for (let i = 1; i <= steps; i += 1) {
    const step = await server.call<Schemas['Step']>('POST', `/api/scenarios/${scenario.body.id}/steps`, {
      ...org.auth,
      body: { name: `step ${i}`, text: `do ${i}`, url: `${org.site}/${i}`, target: { css: `#s${i}` } },
    });
    expect(step.status).toBe(201);
    stepIds.push(step.body.id);
  }
  return { id: scenario.body.id, stepIds };
}

/** The body of POST /runs as a client sends it (the contract's defaults left out). */
type RunPost = Omit<Schemas['RunInput'], 'stepsCompleted'> & { stepsCompleted?: number };

async function postRun(org: Org, scenarioId: string, body: RunPost) {
  const answer = await server.call<Schemas['Run']>('POST', `/api/scenarios/${scenarioId}/runs`, {
    ...org.auth,
    body,
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function patchRun(org: Org, scenarioId: string, runId: string, body: Schemas['RunUpdate']) {
  const answer = await server.call<Schemas['Run']>('PATCH', `/api/scenarios/${scenarioId}/runs/${runId}`, {
    ...org.auth,
    body,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function dashboardOf(org: Org) {
  const answer = await server.call<Schemas['Dashboard']>('GET', '/api/dashboard', org.auth);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** What the series must say: the runs counted on the UTC day each one was recorded. */
function launchedByDay(runs: readonly Schemas['Run'][]): Map<string, number> {
  const days = new Map<string, number>();
  for (const run of runs) {
    const day = run.createdAt.slice(0, 10);
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  return days;
}

function seriesOf(dashboard: Schemas['Dashboard']): Map<string, number> {
  return new Map(
    dashboard.activity.filter((d) => d.guidesLaunched > 0).map((d) => [d.date, d.guidesLaunched]),
  );
}

describe('the dashboard figures, as runs arrive', () => {
  it('counts each run once on the day it started, however it ends, and never another organization’s', async () => {
    const org = await newOrganization('figures');
    const elsewhere = await newOrganization('elsewhere');
    const first = await newGuide(org, 'First', 2);
    const second = await newGuide(org, 'Second', 1);
    const theirs = await newGuide(elsewhere, 'Theirs', 1);

    const empty = await dashboardOf(org);
    expect(empty.counts.guidesLaunched30d).toBe(0);
    expect(empty.activity.every((d) => d.guidesLaunched === 0)).toBe(true);

    const runs: Schemas['Run'][] = [];
    // started, then completed later
    const completedLater = await postRun(org, first.id, { status: 'started' });
    runs.push(completedLater);
    await patchRun(org, first.id, completedLater.id, { stepsCompleted: 1 });
    await patchRun(org, first.id, completedLater.id, { status: 'completed', stepsCompleted: 2 });
    // started, then abandoned, then (a late message) abandoned again
    const abandoned = await postRun(org, first.id, { status: 'started' });
    runs.push(abandoned);
    await patchRun(org, first.id, abandoned.id, { status: 'abandoned' });
    await patchRun(org, first.id, abandoned.id, { status: 'abandoned', stepsCompleted: 1 });
    // posted once, already ended
    runs.push(await postRun(org, second.id, { status: 'completed', stepsCompleted: 1 }));
    runs.push(await postRun(org, second.id, { status: 'abandoned' }));
    // still going
    runs.push(await postRun(org, second.id, { status: 'started' }));
    // another organization's runs
    for (let i = 0; i < 3; i += 1) await postRun(elsewhere, theirs.id, { status: 'completed' });

    const dashboard = await dashboardOf(org);
    expect(dashboard.counts.guidesLaunched30d).toBe(runs.length);
    expect(seriesOf(dashboard)).toEqual(launchedByDay(runs));
    expect(dashboard.counts).toMatchObject({
      projects: 1,
      categories: 1,
      scenarios: 2,
      steps: 3,
      members: 1,
    });
    expect((await dashboardOf(elsewhere)).counts.guidesLaunched30d).toBe(3);

    // a guide deleted takes its runs with it: the figures follow
    const deleted = await server.call('DELETE', `/api/scenarios/${second.id}`, org.auth);
    expect(deleted.status).toBe(204);
    const remaining = runs.filter((r) => r.scenarioId !== second.id);
    const after = await dashboardOf(org);
    expect(after.counts.guidesLaunched30d).toBe(remaining.length);
    expect(seriesOf(after)).toEqual(launchedByDay(remaining));
    // the content counts, held by the server between content writes, follow the deletion at once
    expect(after.counts).toMatchObject({ projects: 1, categories: 1, scenarios: 1, steps: 2, members: 1 });
  });

  it('keeps a run on its day as the 30-day window moves, and drops it at the day boundary it leaves by', async () => {
    const org = await newOrganization('window');
    const guide = await newGuide(org, 'Window');
    const run = await postRun(org, guide.id, { status: 'started' });
    await patchRun(org, guide.id, run.id, { status: 'completed', stepsCompleted: 1 });
    const project = await server.call<Schemas['Project']>('GET', `/api/projects/${org.projectId}`, org.auth);
    const runDay = run.createdAt.slice(0, 10);
    const projectDay = project.body.createdAt.slice(0, 10);
    const midnightAfter = (day: string, days: number) => Date.parse(`${day}T00:00:00.000Z`) + days * DAY;

    // Only this process's clock moves (the server runs in it): the dashboard's "today" and the session's age.
    const at = async (time: number) => {
      vi.setSystemTime(new Date(time));
      const session = await server.login(org.session.email, org.session.password);
      const answer = await server.call<Schemas['Dashboard']>('GET', '/api/dashboard', {
        token: session.token,
        org: org.auth.org,
      });
      expect(answer.status).toBe(200);
      return answer.body;
    };

    // the last instant of the 30th day: the run is the series' first day
    const last = await at(midnightAfter(runDay, 30) - 1);
    expect(last.activity[0]).toMatchObject({ date: runDay, guidesLaunched: 1 });
    expect(last.counts.guidesLaunched30d).toBe(1);
    // the next instant: it has left the window, the series starts the day after
    const gone = await at(midnightAfter(runDay, 30));
    expect(gone.activity[0]?.date).toBe(new Date(midnightAfter(runDay, 1)).toISOString().slice(0, 10));
    expect(gone.activity.every((d) => d.guidesLaunched === 0)).toBe(true);
    expect(gone.counts.guidesLaunched30d).toBe(0);
    // the project created the same way
    const created = await at(midnightAfter(projectDay, 1) + 1);
    expect(created.activity.find((d) => d.date === projectDay)?.projectsCreated).toBe(1);
    expect(created.activity.at(-2)).toMatchObject({ date: projectDay, projectsCreated: 1 });
  });
});

describe('guides to repair, 20 at a time', () => {
  async function page(org: Org, cursor?: string | null) {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    return server.call<Schemas['GuidesToRepairPage']>(
      'GET',
      `/api/dashboard/guides-to-repair${query}`,
      org.auth,
    );
  }

  it('lists the worst first, then the rest after the cursor, none twice, none skipped', async () => {
    const org = await newOrganization('paging');
    const elsewhere = await newOrganization('paging-elsewhere');
    const foreign = await newGuide(elsewhere, 'Foreign');
    await postRun(elsewhere, foreign.id, {
      status: 'abandoned',
      stepIssues: [{ stepId: foreign.stepIds[0] as string, outcome: 'not-found' }],
    });

    // 24 guides failing one after the other: every third only degraded (found with low confidence)
    const recorded: Array<{ id: string; failing: boolean }> = [];
    for (let i = 0; i < 24; i += 1) {
      const guide = await newGuide(org, `Guide ${String(i).padStart(2, '0')}`);
      const failing = i % 3 !== 0;
      await postRun(org, guide.id, {
        status: 'abandoned',
        stepIssues: [
          {
            stepId: guide.stepIds[0] as string,
            outcome: failing ? 'not-found' : 'low-confidence',
            confidence: failing ? null : 0.4,
          },
        ],
      });
      recorded.push({ id: guide.id, failing });
    }
    // one of them repaired: a later run passed its step
    const repaired = recorded[23] as { id: string };
    await postRun(org, repaired.id, { status: 'completed', stepsCompleted: 1 });
    const open = recorded.filter((g) => g !== repaired);

    // worst first: failing before degraded, then the most recent failure first
    const expected = [
      ...open.filter((g) => g.failing).reverse(),
      ...open.filter((g) => !g.failing).reverse(),
    ].map((g) => g.id);
    expect(expected).toHaveLength(23);

    const first = await page(org);
    expect(first.status).toBe(200);
    expect(first.body.guides).toHaveLength(20);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await page(org, first.body.next);
    expect(second.status).toBe(200);
    expect(second.body.next).toBeNull();
    const listed = [...first.body.guides, ...second.body.guides].map((g) => g.scenarioId);
    expect(listed).toEqual(expected);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).not.toContain(foreign.id);
    // each with its step, as guide health says
    const worst = first.body.guides[0];
    expect(worst?.steps).toHaveLength(1);
    expect(worst?.steps[0]).toMatchObject({ health: 'failing', runs: 1, failures: 1 });
    expect(second.body.guides.at(-1)?.steps[0]).toMatchObject({ health: 'degraded' });

    // the other organization sees its own guide only
    const theirs = await page(elsewhere);
    expect(theirs.body).toMatchObject({ next: null });
    expect(theirs.body.guides.map((g) => g.scenarioId)).toEqual([foreign.id]);
  });

  it('refuses a cursor it did not give, in words for people', async () => {
    const org = await newOrganization('cursor');
    for (const cursor of ['nope', Buffer.from('[true,"x","y"]').toString('base64url')]) {
      const answer = await server.call<Schemas['Problem']>(
        'GET',
        `/api/dashboard/guides-to-repair?cursor=${cursor}`,
        { ...org.auth, locale: 'fr' },
      );
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('Valeur invalide.');
    }
    const empty = await page(org);
    expect(empty.body).toEqual({ guides: [], next: null });
  });
});

describe("a project's figures", () => {
  it('count only its own guides, whatever the other projects hold', async () => {
    const org = await newOrganization('projects');
    const other = await server.call<Schemas['Project']>('POST', '/api/projects', {
      ...org.auth,
      body: { name: 'Other', description: '', sites: [org.site] },
    });
    const otherCategory = await server.call<Schemas['Category']>(
      'POST',
      `/api/projects/${other.body.id}/categories`,
      { ...org.auth, body: { name: 'Other category' } },
    );
    await newGuide(org, 'Mine 1', 0);
    await newGuide(org, 'Mine 2', 0);
    const figures = async () => {
      const answer = await server.call<Schemas['Project']>('GET', `/api/projects/${org.projectId}`, org.auth);
      expect(answer.status).toBe(200);
      const { categoryCount, scenarioCount, categories } = answer.body;
      return { categoryCount, scenarioCount, categories: categories.map((c) => c.scenarioCount) };
    };
    const mine = { categoryCount: 1, scenarioCount: 2, categories: [2] };
    expect(await figures()).toEqual(mine);
    for (let i = 0; i < 3; i += 1)
      await newGuide(org, `Theirs ${i}`, 0, otherCategory.body.id, other.body.id);
    expect(await figures()).toEqual(mine);
    const theirs = await server.call<Schemas['Project']>('GET', `/api/projects/${other.body.id}`, org.auth);
    expect(theirs.body).toMatchObject({ categoryCount: 1, scenarioCount: 3 });
  });
});

describe('migration 0014', () => {
  const migration = '0014_run_days.sql';
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await databaseBefore(migration, 'run_days'));
    await sql`DROP TABLE organization_run_days`.execute(db);
    await sql`DROP FUNCTION run_days_deleted()`.execute(db);
    for (const index of ['steps_organization_idx', 'categories_organization_idx', 'projects_created_idx'])
      await sql`DROP INDEX ${sql.raw(index)}`.execute(db);
  });

  afterAll(async () => {
    await close?.();
  });

  it('sums the runs recorded before it per UTC day they started, on both sides of midnight', async () => {
    const organizations = [randomUUID(), randomUUID()];
    const scenarios: string[] = [];
    for (const [n, organization] of organizations.entries()) {
      await db
        .insertInto('organizations')
        .values({ id: organization, name: `O${n}` })
        .execute();
      const project = randomUUID();
      const category = randomUUID();
      await db
        .insertInto('projects')
        .values({ id: project, organization_id: organization, name: 'P', description: '', sites: '[]' })
        .execute();
      await db
        .insertInto('categories')
        .values({
          id: category,
          organization_id: organization,
          project_id: project,
          name: 'C',
          description: '',
        })
        .execute();
      for (let i = 0; i < 2; i += 1) {
        const id = randomUUID();
        await db
          .insertInto('scenarios')
          .values({
            id,
            organization_id: organization,
            category_id: category,
            title: `S${i}`,
            description: '',
            summary: '',
            min_duration: 1,
            max_duration: 2,
          })
          .execute();
        scenarios.push(id);
      }
    }
    const [a0, a1, b0] = scenarios as [string, string, string, string];
    const runs: Array<[string, string, 'started' | 'completed' | 'abandoned', string]> = [
      [organizations[0] as string, a0, 'completed', '2026-03-01T23:59:59.999Z'],
      [organizations[0] as string, a0, 'abandoned', '2026-03-01T12:00:00.000Z'],
      [organizations[0] as string, a0, 'started', '2026-03-02T00:00:00.000Z'],
      [organizations[0] as string, a1, 'completed', '2026-03-02T00:00:00.001Z'],
      [organizations[0] as string, a1, 'completed', '2026-03-02T08:00:00+02:00'],
      [organizations[1] as string, b0, 'completed', '2026-03-01T23:00:00.000Z'],
    ];
    for (const [organization, scenario, status, at] of runs) {
      await db
        .insertInto('runs')
        .values({
          id: randomUUID(),
          organization_id: organization,
          scenario_id: scenario,
          user_id: null,
          url: null,
          steps_completed: 0,
          status,
          created_at: new Date(at),
          updated_at: new Date(at),
        })
        .execute();
    }
    await db.transaction().execute((trx) => applyMigration(trx, migration));

    // what the runs say, counted here: per guide and UTC day, and per organization and day
    const expected = new Map<string, { started: number; completed: number; abandoned: number }>();
    const expectedOrg = new Map<string, { started: number; completed: number; abandoned: number }>();
    for (const [organization, scenario, status, at] of runs) {
      const day = new Date(at).toISOString().slice(0, 10);
      for (const [map, key] of [
        [expected, `${scenario} ${day}`],
        [expectedOrg, `${organization} ${day}`],
      ] as const) {
        const sums = map.get(key) ?? { started: 0, completed: 0, abandoned: 0 };
        sums.started += 1;
        if (status === 'completed') sums.completed += 1;
        if (status === 'abandoned') sums.abandoned += 1;
        map.set(key, sums);
      }
    }
    const perGuide = await sql<{ key: string; started: number; completed: number; abandoned: number }>`
      SELECT scenario_id || ' ' || to_char(day, 'YYYY-MM-DD') AS key, started, completed, abandoned
      FROM run_days`.execute(db);
    expect(new Map(perGuide.rows.map(({ key, ...sums }) => [key, sums]))).toEqual(expected);
    const perOrganization = await sql<{ key: string; started: number; completed: number; abandoned: number }>`
      SELECT organization_id || ' ' || to_char(day, 'YYYY-MM-DD') AS key, started, completed, abandoned
      FROM organization_run_days`.execute(db);
    expect(new Map(perOrganization.rows.map(({ key, ...sums }) => [key, sums]))).toEqual(expectedOrg);
  });
});
