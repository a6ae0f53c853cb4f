// Issue 42: a guide's statistics (GET /scenarios/{id}/statistics), read from daily aggregates kept as runs arrive.
// Every expected figure is computed here, by hand or from the runs table with queries written in this file, never
// from the code that computes the statistics. Runs are recorded through the API (members' and end users'); where a
// test needs past days or durations, their dates are set by SQL and the aggregates recomputed from the runs, as a
// seeding script would (rebuildRunProgress, the migration's backfill).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigration, type Db } from '../src/db/index.ts';
import { rebuildRunDays } from '../src/repositories/run-days.ts';
import { rebuildRunProgress } from '../src/repositories/run-progress.ts';
import type { Schemas } from '../src/types.ts';
import { addMember } from './support/fixtures.ts';
import { backend, databaseBefore, type Session, startServer, type TestServer } from './support/harness.ts';

const DAY = 24 * 3600 * 1000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const midnight = (time: number) => Date.parse(`${utcDay(time)}T00:00:00.000Z`);

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

interface Org {
  session: Session;
  auth: { token: string; org: string };
  project: Schemas['Project'];
  categoryId: string;
  site: string;
}

async function newOrganization(name: string, on: TestServer = server): Promise<Org> {
  const session = await on.signUp(`${name}-${randomUUID().slice(0, 8)}@example.com`);
  const auth = { token: session.token, org: session.org };
  const site = `https://${name}.example.com`;
  const project = await on.call<Schemas['Project']>('POST', '/api/projects', {
    ...auth,
    body: { name: `${name} project`, description: '', sites: [site] },
  });
  expect(project.status).toBe(201);
  const category = await on.call<Schemas['Category']>('POST', `/api/projects/${project.body.id}/categories`, {
    ...auth,
    body: { name: `${name} category` },
  });
  expect(category.status).toBe(201);
  return { session, auth, project: project.body, categoryId: category.body.id, site };
}

/** A guide of `steps` steps, published (end users may play it). */
async function newGuide(org: Org, title: string, steps: number, on: TestServer = server) {
  const scenario = await on.call<Schemas['Scenario']>(
    'POST',
    `/api/projects/${org.project.id}/categories/${org.categoryId}/scenarios`,
    { ...org.auth, body: { title, description: 'd', summary: 's', minDuration: 2, maxDuration: 5 } },
  );
  expect(scenario.status).toBe(201);
  const stepIds: string[] = [];
  for (let i = 1; i <= steps; i += 1) {
    const step = await on.call<Schemas['Step']>('POST', `/api/scenarios/${scenario.body.id}/steps`, {
      ...org.auth,
      body: { name: `Étape ${i}`, text: `do ${i}`, url: `${org.site}/${i}`, target: { css: `#s${i}` } },
    });
    expect(step.status).toBe(201);
    stepIds.push(step.body.id);
  }
  if (steps > 0) {
    const published = await on.call('PATCH', `/api/scenarios/${scenario.body.id}/status`, {
      ...org.auth,
      body: { status: 'published' },
    });
    expect(published.status).toBe(200);
  }
  return { id: scenario.body.id, stepIds };
}

type Status = Schemas['RunStatus'];

async function memberRun(org: Org, guideId: string, status: Status, stepsCompleted = 0, on = server) {
  const answer = await on.call<Schemas['Run']>('POST', `/api/scenarios/${guideId}/runs`, {
    ...org.auth,
    body: { status, stepsCompleted },
  });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

async function patchMemberRun(org: Org, guideId: string, runId: string, body: Schemas['RunUpdate']) {
  const answer = await server.call('PATCH', `/api/scenarios/${guideId}/runs/${runId}`, { ...org.auth, body });
  expect(answer.status).toBe(200);
}

/** An end user's run from the project's site; `source` left out as an older snippet leaves it. */
async function publicRun(
  org: Org,
  guideId: string,
  status: Status,
  stepsCompleted = 0,
  source?: 'embed' | 'extension',
  on = server,
) {
  const visitorId = randomUUID();
  const answer = await on.call<Schemas['PublicRun']>('POST', '/api/public/runs', {
    client: on.newClient(),
    headers: { origin: org.site },
    body: {
      key: org.project.siteKey,
      scenarioId: guideId,
      visitorId,
      status,
      stepsCompleted,
      ...(source ? { source } : {}),
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { runId: answer.body.id, visitorId };
}

function patchPublicRun(
  org: Org,
  run: { runId: string; visitorId: string },
  body: { status?: Status; stepsCompleted?: number },
  on = server,
) {
  return on.call<Schemas['PublicRun']>('PATCH', `/api/public/runs/${run.runId}`, {
    client: on.newClient(),
    headers: { origin: org.site },
    body: { key: org.project.siteKey, visitorId: run.visitorId, ...body },
  });
}

async function statistics(auth: Org['auth'], guideId: string, days?: number) {
  const query = days === undefined ? '' : `?days=${days}`;
  const answer = await server.call<Schemas['ScenarioStatistics']>(
    'GET',
    `/api/scenarios/${guideId}/statistics${query}`,
    auth,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Dates set straight in the runs table: the aggregates are recomputed from the runs, as after a seeding script. */
async function setDates(org: Org, runId: string, createdAt: Date, completedAfterSeconds: number | null) {
  await sql`UPDATE runs SET created_at = ${createdAt}, updated_at = ${createdAt},
      completed_at = ${completedAfterSeconds === null ? null : sql`${createdAt}::timestamptz + make_interval(secs => ${completedAfterSeconds})`}
    WHERE id = ${runId}`.execute(server.db);
  await rebuildRunDays(server.db, org.auth.org);
  await rebuildRunProgress(server.db, org.auth.org);
}

describe("a guide's statistics", () => {
  it('counts started, completed, abandoned by source, the funnel and the median of a known set of runs', async () => {
    const org = await newOrganization('figures');
    const guide = await newGuide(org, 'Commander', 3);
    const other = await newGuide(org, 'Autre', 1);

    // members
    const m1 = await memberRun(org, guide.id, 'started');
    await patchMemberRun(org, guide.id, m1, { stepsCompleted: 1 });
    await patchMemberRun(org, guide.id, m1, { status: 'completed', stepsCompleted: 3 });
    await memberRun(org, guide.id, 'abandoned', 1); // m2: left at step 2
    await memberRun(org, guide.id, 'started', 0); // m3: still at step 1
    const m4 = await memberRun(org, guide.id, 'started');
    await patchMemberRun(org, guide.id, m4, { stepsCompleted: 5 }); // more than the guide has: left at step 3
    // end users through the snippet (an older snippet says no source: embed)
    const e1 = await publicRun(org, guide.id, 'started');
    expect((await patchPublicRun(org, e1, { status: 'completed', stepsCompleted: 3 })).status).toBe(200);
    const e2 = await publicRun(org, guide.id, 'started', 0, 'embed');
    expect((await patchPublicRun(org, e2, { stepsCompleted: 2, status: 'abandoned' })).status).toBe(200);
    const e3 = await publicRun(org, guide.id, 'started', 1, 'embed');
    // every step done, never marked completed: left at the last step
    expect((await patchPublicRun(org, e3, { stepsCompleted: 3 })).status).toBe(200);
    // end users through the extension
    const x1 = await publicRun(org, guide.id, 'completed', 0, 'extension'); // completed: went through every step
    const x2 = await publicRun(org, guide.id, 'started', 0, 'extension');
    expect((await patchPublicRun(org, x2, { status: 'completed', stepsCompleted: 3 })).status).toBe(200);
    // another guide's runs count for it only
    await memberRun(org, other.id, 'completed', 1);
    await publicRun(org, other.id, 'abandoned');

    const today = Date.now();
    const figures = await statistics(org.auth, guide.id, 7);
    expect(figures).toMatchObject({
      scenarioId: guide.id,
      days: 7,
      from: utcDay(today - 6 * DAY),
      to: utcDay(today),
      started: 9,
      completed: 4,
      abandoned: 2,
      expectedDuration: { min: 2, max: 5 },
    });
    expect(figures.completionRate).toBeCloseTo(4 / 9, 10);
    expect(figures.bySource).toEqual([
      { source: 'members', started: 4, completed: 1 },
      { source: 'embed', started: 3, completed: 1 },
      { source: 'extension', started: 2, completed: 2 },
    ]);
    // not completed: m3 at step 1; m2 at step 2; m4, e2, e3 at step 3
    expect(figures.funnel).toEqual([
      { stepId: guide.stepIds[0], position: 1, name: 'Étape 1', reached: 9, left: 1 },
      { stepId: guide.stepIds[1], position: 2, name: 'Étape 2', reached: 8, left: 1 },
      { stepId: guide.stepIds[2], position: 3, name: 'Étape 3', reached: 7, left: 3 },
    ]);
    expect(await statistics(org.auth, other.id, 7)).toMatchObject({ started: 2, completed: 1, abandoned: 1 });

    // durations: 95 s, 40 s, 300 s and 62.5 s → 40, 62, 95, 300: an even count, the lower middle
    const createdAt = new Date(midnight(today) + 1000);
    await setDates(org, m1, createdAt, 95);
    await setDates(org, e1.runId, createdAt, 40);
    await setDates(org, x1.runId, createdAt, 300);
    await setDates(org, x2.runId, createdAt, 62.5);
    const even = await statistics(org.auth, guide.id, 7);
    expect(even.medianDuration).toBe(62);
    expect(even).toMatchObject({
      started: 9,
      completed: 4,
      funnel: figures.funnel,
      bySource: figures.bySource,
    });
    // one more of 1,000 s: 40, 62, 95, 300, 1000 → the middle one
    const m5 = await memberRun(org, guide.id, 'completed', 3);
    await setDates(org, m5, createdAt, 1000);
    const odd = await statistics(org.auth, guide.id, 7);
    expect(odd).toMatchObject({ started: 10, completed: 5, medianDuration: 95 });
    expect(odd.completionRate).toBeCloseTo(5 / 10, 10);

    // the funnel follows the guide's current steps: its last step deleted, runs past it are clamped to the new last
    const deleted = await server.call(
      'DELETE',
      `/api/scenarios/${guide.id}/steps/${guide.stepIds[2]}`,
      org.auth,
    );
    expect(deleted.status).toBe(204);
    // m3 at step 1; m2, m4, e2, e3 at step 2 (the last)
    expect((await statistics(org.auth, guide.id, 7)).funnel).toEqual([
      { stepId: guide.stepIds[0], position: 1, name: 'Étape 1', reached: 10, left: 1 },
      { stepId: guide.stepIds[1], position: 2, name: 'Étape 2', reached: 9, left: 4 },
    ]);
  });

  it('counts the runs started during the `days` UTC days ending today, and nothing before', async () => {
    const org = await newOrganization('period');
    const guide = await newGuide(org, 'Période', 1);
    const now = Date.now();
    const today = midnight(now);
    const at = async (createdAt: number) => {
      const run = await memberRun(org, guide.id, 'completed', 1);
      await setDates(org, run, new Date(createdAt), 10);
    };
    await memberRun(org, guide.id, 'started'); // today
    await at(today - 6 * DAY); // the first instant of days=7
    await at(today - 6 * DAY - 1); // the last instant before it
    await at(now - 8 * DAY); // 8 days ago
    await at(today - 29 * DAY); // the first day of days=30
    await at(today - 29 * DAY - 1); // the last instant before it
    await at(now - 200 * DAY);

    const expected: Array<[number, number]> = [
      [1, 1],
      [7, 2],
      [30, 5],
      [31, 6],
      [90, 6],
      [365, 7],
    ];
    for (const [days, started] of expected) {
      const figures = await statistics(org.auth, guide.id, days);
      expect(figures, `days=${days}`).toMatchObject({
        days,
        from: utcDay(today - (days - 1) * DAY),
        to: utcDay(today),
        started,
        completed: started - 1,
      });
      expect(figures.funnel[0], `days=${days}`).toMatchObject({ reached: started, left: 1 });
    }
    // by default, 30 days
    expect(await statistics(org.auth, guide.id)).toMatchObject({ days: 30, started: 5 });
  });

  it('refuses a period outside 1–365 days, in words for people', async () => {
    const org = await newOrganization('bounds');
    const guide = await newGuide(org, 'Bornes', 1);
    for (const days of ['0', '366', '-7', '7.5', 'week', '']) {
      const answer = await server.call<Schemas['Problem']>(
        'GET',
        `/api/scenarios/${guide.id}/statistics?days=${days}`,
        { ...org.auth, locale: 'fr' },
      );
      expect(answer.status, `days=${days}`).toBe(400);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      expect(JSON.stringify(answer.body)).toContain('days');
    }
    for (const days of [1, 365]) expect((await statistics(org.auth, guide.id, days)).days).toBe(days);
  });

  it("answers 404 for another organization's guide, and to a Contributor as to an Admin", async () => {
    const org = await newOrganization('mine');
    const theirs = await newOrganization('theirs');
    const guide = await newGuide(org, 'Le mien', 2);
    const foreign = await newGuide(theirs, 'Le leur', 2);
    await memberRun(org, guide.id, 'completed', 2);
    await publicRun(org, guide.id, 'abandoned', 1, 'extension');
    await memberRun(theirs, foreign.id, 'completed', 2);

    for (const id of [foreign.id, randomUUID()]) {
      const answer = await server.call<Schemas['Problem']>(
        'GET',
        `/api/scenarios/${id}/statistics`,
        org.auth,
      );
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('scenario-not-found');
    }
    const anonymous = await server.call('GET', `/api/scenarios/${guide.id}/statistics`);
    expect(anonymous.status).toBe(401);

    const contributor = await addMember(server, org.session, 'Contributor');
    const seen = await statistics({ token: contributor.token, org: contributor.org }, guide.id, 30);
    expect(seen).toEqual(await statistics(org.auth, guide.id, 30));
    expect(seen).toMatchObject({ started: 2, completed: 1, abandoned: 1 });
    expect(seen.bySource).toEqual([
      { source: 'members', started: 1, completed: 1 },
      { source: 'embed', started: 0, completed: 0 },
      { source: 'extension', started: 1, completed: 0 },
    ]);
  });

  it('says nothing started for a guide without runs, and draws no funnel for a guide without steps', async () => {
    const org = await newOrganization('empty');
    const stepless = await newGuide(org, 'Vide', 0);
    const unplayed = await newGuide(org, 'Jamais joué', 2);
    const zeros = [
      { source: 'members', started: 0, completed: 0 },
      { source: 'embed', started: 0, completed: 0 },
      { source: 'extension', started: 0, completed: 0 },
    ];
    expect(await statistics(org.auth, stepless.id, 90)).toMatchObject({
      started: 0,
      completed: 0,
      abandoned: 0,
      completionRate: null,
      medianDuration: null,
      bySource: zeros,
      funnel: [],
    });
    expect((await statistics(org.auth, unplayed.id, 90)).funnel.map((s) => [s.reached, s.left])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    // a member may record a run of a guide without steps: counted, with no funnel
    await memberRun(org, stepless.id, 'completed');
    await memberRun(org, stepless.id, 'abandoned');
    expect(await statistics(org.auth, stepless.id, 7)).toMatchObject({
      started: 2,
      completed: 1,
      abandoned: 1,
      completionRate: 0.5,
      medianDuration: 0,
      funnel: [],
    });
  });
});

/** A small deterministic PRNG (mulberry32): the same sequence on every run, printed on failure. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: T[]) => items[Math.floor(next() * items.length)] as T,
  };
}

describe('the aggregates', () => {
  it('equal what the runs say after a random sequence of runs recorded and updated', async () => {
    const org = await newOrganization('random');
    const guide = await newGuide(org, 'Au hasard', 4);
    const gone = await newGuide(org, 'Supprimé ensuite', 2);
    const seed = 4242;
    const rng = random(seed);
    const statuses: Status[] = ['started', 'started', 'started', 'completed', 'abandoned'];
    type Played =
      | { kind: 'member'; guideId: string; runId: string }
      | { kind: 'public'; guideId: string; run: { runId: string; visitorId: string } };
    const played: Played[] = [];
    const operations: string[] = [];
    for (let i = 0; i < 120; i += 1) {
      const guideId = rng.next() < 0.8 ? guide.id : gone.id;
      const roll = rng.next();
      if (roll < 0.25 || played.length === 0) {
        const status = rng.pick(statuses);
        const steps = rng.int(7);
        played.push({ kind: 'member', guideId, runId: await memberRun(org, guideId, status, steps) });
        operations.push(`member ${status} ${steps}`);
      } else if (roll < 0.5) {
        const status = rng.pick(statuses);
        const steps = rng.int(7);
        const source = rng.pick(['embed', 'extension', undefined] as const);
        played.push({ kind: 'public', guideId, run: await publicRun(org, guideId, status, steps, source) });
        operations.push(`public ${source} ${status} ${steps}`);
      } else if (roll < 0.8) {
        const target = rng.pick(played);
        const change: { status?: Status; stepsCompleted?: number } = {};
        if (rng.next() < 0.6) change.status = rng.pick(['started', 'completed', 'abandoned'] as Status[]);
        if (rng.next() < 0.7 || !change.status) change.stepsCompleted = rng.int(7);
        if (target.kind === 'member') await patchMemberRun(org, target.guideId, target.runId, change);
        else expect((await patchPublicRun(org, target.run, change)).status).toBe(200);
        operations.push(`patch ${JSON.stringify(change)}`);
      } else {
        // time passes: the runs in progress started earlier (on the same UTC day, which the aggregates keep)
        const seconds = 1 + rng.int(900);
        await sql`UPDATE runs SET created_at = greatest(created_at - make_interval(secs => ${seconds}),
            ((created_at AT TIME ZONE 'UTC')::date)::timestamp AT TIME ZONE 'UTC')
          WHERE organization_id = ${org.auth.org} AND status <> 'completed'`.execute(server.db);
        operations.push(`earlier ${seconds}`);
      }
      if (i === 70) {
        // a step deleted midway: the runs stay as they are, the funnel is read against the steps left
        const answer = await server.call(
          'DELETE',
          `/api/scenarios/${guide.id}/steps/${guide.stepIds[1]}`,
          org.auth,
        );
        expect(answer.status).toBe(204);
      }
    }
    const context = `seed ${seed}: ${operations.join('; ')}`;

    const rawProgress = await sql<{ key: string; n: number }>`
      SELECT scenario_id || ' ' || to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') || ' ' || source
          || ' ' || status || ' ' || steps_completed AS key, count(*)::int AS n
      FROM runs WHERE organization_id = ${org.auth.org} GROUP BY 1 ORDER BY 1`.execute(server.db);
    const keptProgress = await sql<{ key: string; n: number }>`
      SELECT scenario_id || ' ' || to_char(day, 'YYYY-MM-DD') || ' ' || source || ' ' || status || ' '
          || steps_completed AS key, runs AS n
      FROM run_progress_days WHERE organization_id = ${org.auth.org} AND runs <> 0 ORDER BY 1`.execute(
      server.db,
    );
    expect(keptProgress.rows, context).toEqual(rawProgress.rows);
    expect(rawProgress.rows.length).toBeGreaterThan(10);

    const rawDurations = await sql<{ key: string; n: number }>`
      SELECT scenario_id || ' ' || to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') || ' '
          || floor(extract(epoch FROM completed_at - created_at))::int AS key, count(*)::int AS n
      FROM runs WHERE organization_id = ${org.auth.org} AND status = 'completed' GROUP BY 1 ORDER BY 1`.execute(
      server.db,
    );
    const keptDurations = await sql<{ key: string; n: number }>`
      SELECT scenario_id || ' ' || to_char(day, 'YYYY-MM-DD') || ' ' || seconds AS key, runs AS n
      FROM run_duration_days WHERE organization_id = ${org.auth.org} AND runs <> 0 ORDER BY 1`.execute(
      server.db,
    );
    expect(keptDurations.rows, context).toEqual(rawDurations.rows);
    expect(rawDurations.rows.length).toBeGreaterThan(3);

    // the endpoint's figures, computed here from the runs by the contract's rules
    const runs = await sql<{
      source: string;
      status: Status;
      steps: number;
      seconds: number | null;
    }>`SELECT source, status, steps_completed AS steps,
        CASE WHEN status = 'completed' THEN floor(extract(epoch FROM completed_at - created_at))::int END AS seconds
      FROM runs WHERE scenario_id = ${guide.id}`.execute(server.db);
    const all = runs.rows;
    const steps = 3;
    const at = (r: (typeof all)[number]) => Math.min(r.steps, steps - 1);
    const durations = all
      .filter((r) => r.status === 'completed')
      .map((r) => Number(r.seconds))
      .sort((a, b) => a - b);
    const completed = all.filter((r) => r.status === 'completed').length;
    const figures = await statistics(org.auth, guide.id, 7);
    expect(figures, context).toMatchObject({
      started: all.length,
      completed,
      abandoned: all.filter((r) => r.status === 'abandoned').length,
      medianDuration: durations.length === 0 ? null : durations[Math.ceil(durations.length / 2) - 1],
      bySource: ['members', 'embed', 'extension'].map((source) => ({
        source,
        started: all.filter((r) => r.source === source).length,
        completed: all.filter((r) => r.source === source && r.status === 'completed').length,
      })),
    });
    expect(figures.completionRate).toBeCloseTo(completed / all.length, 10);
    expect(
      figures.funnel.map((s) => [s.reached, s.left]),
      context,
    ).toEqual(
      Array.from({ length: steps }, (_, n) => [
        all.filter((r) => r.status === 'completed' || at(r) >= n).length,
        all.filter((r) => r.status !== 'completed' && at(r) === n).length,
      ]),
    );

    // a guide deleted takes its figures with it
    expect((await server.call('DELETE', `/api/scenarios/${gone.id}`, org.auth)).status).toBe(204);
    for (const table of ['run_progress_days', 'run_duration_days']) {
      const left = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE scenario_id = ${gone.id}`.execute(server.db);
      expect(left.rows[0]?.n, table).toBe(0);
    }
  });
});

describe('runs arriving for a guide deleted meanwhile', () => {
  it('are dropped (404, nothing recorded) and counted in the log', async () => {
    const lines: string[] = [];
    const logged = await startServer(
      { logLevel: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const org = await newOrganization('dropped', logged);
      const guide = await newGuide(org, 'Supprimé en cours', 2, logged);
      const kept = await newGuide(org, 'Gardé', 1, logged);
      const member = await memberRun(org, guide.id, 'started', 0, logged);
      const visitor = await publicRun(org, guide.id, 'started', 0, 'embed', logged);
      const other = await publicRun(org, kept.id, 'started', 0, 'embed', logged);
      const deleted = await logged.call('DELETE', `/api/scenarios/${guide.id}`, org.auth);
      expect(deleted.status).toBe(204);
      const dropped = () =>
        lines
          .map(
            (line) =>
              JSON.parse(line) as { msg?: string; droppedRuns?: number; scenarioId?: string; runId?: string },
          )
          .filter((entry) => entry.msg === 'run dropped: its guide was deleted');

      const answers = [
        await logged.call('PATCH', `/api/scenarios/${guide.id}/runs/${member}`, {
          ...org.auth,
          body: { status: 'completed', stepsCompleted: 2 },
        }),
        await patchPublicRun(org, visitor, { stepsCompleted: 1 }, logged),
        await logged.call('POST', `/api/scenarios/${guide.id}/runs`, {
          ...org.auth,
          body: { status: 'started' },
        }),
        await logged.call('POST', '/api/public/runs', {
          client: logged.newClient(),
          headers: { origin: org.site },
          body: {
            key: org.project.siteKey,
            scenarioId: guide.id,
            visitorId: randomUUID(),
            status: 'started',
          },
        }),
      ];
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404]);
      const entries = dropped();
      expect(entries.map((e) => [e.scenarioId, e.runId])).toEqual([
        [guide.id, member],
        [undefined, visitor.runId],
        [guide.id, undefined],
        [guide.id, undefined],
      ]);
      // counted: each line says how many this server dropped so far
      const first = entries[0]?.droppedRuns ?? 0;
      expect(entries.map((e) => e.droppedRuns)).toEqual([first, first + 1, first + 2, first + 3]);
      const runs = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM runs WHERE scenario_id = ${guide.id}`.execute(logged.db);
      expect(runs.rows[0]?.n).toBe(0);

      // a 404 for another reason is no dropped run: a stranger's update, another organization's guide
      const theirs = await newOrganization('dropped-theirs', logged);
      const foreign = await newGuide(theirs, 'Ailleurs', 1, logged);
      const stranger = await patchPublicRun(
        org,
        { ...other, visitorId: randomUUID() },
        { stepsCompleted: 1 },
        logged,
      );
      expect(stranger.status).toBe(404);
      const elsewhere = await logged.call('POST', `/api/scenarios/${foreign.id}/runs`, {
        ...org.auth,
        body: { status: 'started' },
      });
      expect(elsewhere.status).toBe(404);
      expect(dropped()).toHaveLength(4);
    } finally {
      await logged.close();
    }
  });

  /** Statements of this test's database waiting for a lock (PostgreSQL). */
  const waiting = async () =>
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(server.db)
    ).rows[0]?.n;

  it.skipIf(backend !== 'postgres')(
    'drops a run whose guide is deleted between its check and its insert (PostgreSQL)',
    async () => {
      const org = await newOrganization('race');
      const guide = await newGuide(org, 'Course', 1);
      let posting: Promise<{ status: number; body: unknown }> | undefined;
      await server.db.transaction().execute(async (trx) => {
        await sql`DELETE FROM scenarios WHERE id = ${guide.id}`.execute(trx);
        // the run's check still sees the guide (not deleted yet for it); its insert waits for this transaction
        posting = server.call('POST', `/api/scenarios/${guide.id}/runs`, {
          ...org.auth,
          body: { status: 'started' },
        });
        await expect.poll(waiting, { timeout: 20_000 }).toBe(1);
      });
      const answer = (await posting) as { status: number; body: Schemas['Problem'] };
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('scenario-not-found');
    },
  );

  it.skipIf(backend !== 'postgres')(
    'lets an update that holds its run finish before its guide is deleted, rather than one of them failing (PostgreSQL)',
    async () => {
      const org = await newOrganization('order');
      const guide = await newGuide(org, 'Ordre', 2);
      const run = await memberRun(org, guide.id, 'started');
      let update: Promise<{ status: number }> | undefined;
      let deletion: Promise<{ status: number }> | undefined;
      await server.db.transaction().execute(async (trx) => {
        // the update is held on the guide's daily sums, once it has locked its run
        await sql`SELECT * FROM run_days WHERE scenario_id = ${guide.id} FOR UPDATE`.execute(trx);
        update = server.call('PATCH', `/api/scenarios/${guide.id}/runs/${run}`, {
          ...org.auth,
          body: { status: 'abandoned', stepsCompleted: 1 },
        });
        await expect.poll(waiting, { timeout: 20_000 }).toBe(1);
        // the author deletes the guide meanwhile: it waits for the update, which then goes on
        deletion = server.call('DELETE', `/api/scenarios/${guide.id}`, org.auth);
        await expect.poll(waiting, { timeout: 20_000 }).toBe(2);
      });
      expect((await update)?.status).toBe(200);
      expect((await deletion)?.status).toBe(204);
      const left = await sql<{ n: number }>`
        SELECT (SELECT count(*) FROM runs WHERE scenario_id = ${guide.id})
          + (SELECT count(*) FROM run_progress_days WHERE scenario_id = ${guide.id})::int AS n`.execute(
        server.db,
      );
      expect(Number(left.rows[0]?.n)).toBe(0);
    },
  );
});

describe('migration 0018', () => {
  const migration = '0018_run_statistics.sql';
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await databaseBefore(migration, 'run_progress_days'));
    await sql`DROP TABLE run_duration_days`.execute(db);
    await sql`ALTER TABLE runs DROP COLUMN source, DROP COLUMN completed_at`.execute(db);
  });

  afterAll(async () => {
    await close?.();
  });

  it('says who played each run recorded before it, and sums them by day, source, status, steps and duration', async () => {
    const organization = randomUUID();
    const project = randomUUID();
    const category = randomUUID();
    const [s1, s2] = [randomUUID(), randomUUID()];
    const user = randomUUID();
    await sql`INSERT INTO organizations (id, name) VALUES (${organization}, 'O')`.execute(db);
    await sql`INSERT INTO users (id, email) VALUES (${user}, ${`${user}@example.com`})`.execute(db);
    await sql`INSERT INTO projects (id, organization_id, name, description, sites)
      VALUES (${project}, ${organization}, 'P', '', '[]')`.execute(db);
    await sql`INSERT INTO categories (id, organization_id, project_id, name, description)
      VALUES (${category}, ${organization}, ${project}, 'C', '')`.execute(db);
    for (const id of [s1, s2])
      await sql`INSERT INTO scenarios (id, organization_id, category_id, title, description, summary, min_duration,
          max_duration) VALUES (${id}, ${organization}, ${category}, 'S', '', '', 1, 2)`.execute(db);
    const visitor = randomUUID();
    // [id, guide, user, visitor, status, steps, created, updated]
    const runs: Array<[string, string, string | null, string | null, Status, number, string, string]> = [
      [randomUUID(), s1, user, null, 'completed', 3, '2026-03-01T10:00:00.000Z', '2026-03-01T10:01:15.500Z'],
      [
        randomUUID(),
        s1,
        null,
        visitor,
        'completed',
        3,
        '2026-03-01T23:59:30.000Z',
        '2026-03-02T00:00:45.900Z',
      ],
      [
        randomUUID(),
        s1,
        null,
        visitor,
        'abandoned',
        2,
        '2026-03-01T12:00:00.000Z',
        '2026-03-01T12:05:00.000Z',
      ],
      [randomUUID(), s1, null, null, 'started', 1, '2026-03-02T00:00:00.000Z', '2026-03-02T00:00:00.000Z'],
      [randomUUID(), s1, user, null, 'started', 1, '2026-03-02T08:00:00+02:00', '2026-03-02T08:00:00+02:00'],
      [
        randomUUID(),
        s2,
        null,
        visitor,
        'completed',
        1,
        '2026-03-02T09:00:00.000Z',
        '2026-03-02T09:00:05.000Z',
      ],
    ];
    for (const [id, scenario, userId, visitorId, status, steps, created, updated] of runs) {
      await sql`INSERT INTO runs (id, organization_id, scenario_id, user_id, visitor_id, status, steps_completed,
          created_at, updated_at)
        VALUES (${id}, ${organization}, ${scenario}, ${userId}, ${visitorId}, ${status}, ${steps}, ${created},
          ${updated})`.execute(db);
    }
    await db.transaction().execute((trx) => applyMigration(trx, migration));

    const stored = await sql<{ id: string; source: string; completed: string | null }>`
      SELECT id, source, to_char(completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS completed
      FROM runs`.execute(db);
    const byId = new Map(stored.rows.map((r) => [r.id, r]));
    const expectedSources = ['members', 'embed', 'embed', 'members', 'members', 'embed'];
    runs.forEach(([id, , , , status, , , updated], i) => {
      expect(byId.get(id)?.source, `run ${i}`).toBe(expectedSources[i]);
      expect(byId.get(id)?.completed, `run ${i}`).toBe(status === 'completed' ? updated.slice(0, 23) : null);
    });

    const progress = await sql<{ key: string; runs: number }>`
      SELECT scenario_id || ' ' || to_char(day, 'YYYY-MM-DD') || ' ' || source || ' ' || status || ' '
        || steps_completed AS key, runs FROM run_progress_days ORDER BY 1`.execute(db);
    expect(progress.rows).toEqual(
      [
        { key: `${s1} 2026-03-01 embed abandoned 2`, runs: 1 },
        { key: `${s1} 2026-03-01 embed completed 3`, runs: 1 },
        { key: `${s1} 2026-03-01 members completed 3`, runs: 1 },
        // 08:00 at +02:00 is 06:00 UTC: the same UTC day as the run at midnight
        { key: `${s1} 2026-03-02 members started 1`, runs: 2 },
        { key: `${s2} 2026-03-02 embed completed 1`, runs: 1 },
      ].sort((a, b) => (a.key < b.key ? -1 : 1)),
    );
    const durations = await sql<{ key: string; runs: number }>`
      SELECT scenario_id || ' ' || to_char(day, 'YYYY-MM-DD') || ' ' || seconds AS key, runs
      FROM run_duration_days ORDER BY 1`.execute(db);
    // 75.5 s and 75.9 s (across midnight, counted on the day it started): both 75 whole seconds
    expect(durations.rows).toEqual(
      [
        { key: `${s1} 2026-03-01 75`, runs: 2 },
        { key: `${s2} 2026-03-02 5`, runs: 1 },
      ].sort((a, b) => (a.key < b.key ? -1 : 1)),
    );
  });
});
