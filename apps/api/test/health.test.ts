import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../src/types.ts';
import { buildWorld, type World } from './support/fixtures.ts';
import { jpeg, png, startServer, type TestServer } from './support/harness.ts';

let server: TestServer;
let a: World;
let b: World;
let auth: { token: string; org: string };

beforeAll(async () => {
  server = await startServer();
  a = await buildWorld(server, 'health');
  b = await buildWorld(server, 'other');
  auth = { token: a.admin.token, org: a.admin.org };
});

afterAll(async () => {
  await server?.close();
});

const target = (name: string) => ({ version: 1, tag: 'a', attributes: { 'data-testid': name }, name });

async function guideWithSteps(title: string, count: number) {
  const scenario = await server.call<Schemas['Scenario']>(
    'POST',
    `/api/projects/${a.projectId}/categories/${a.categoryId}/scenarios`,
    { ...auth, body: { title, description: 'd', summary: 's', minDuration: 1, maxDuration: 2 } },
  );
  const steps: Schemas['Step'][] = [];
  for (let i = 1; i <= count; i += 1) {
    const step = await server.call<Schemas['Step']>('POST', `/api/scenarios/${scenario.body.id}/steps`, {
      ...auth,
      body: {
        name: `step ${i}`,
        text: `do ${i}`,
        url: `https://health.example.com/${i}`,
        target: target(`s${i}`),
      },
    });
    expect(step.status).toBe(201);
    steps.push(step.body);
  }
  return { id: scenario.body.id, steps };
}

async function run(scenarioId: string, stepsCompleted: number, stepIssues: Schemas['StepIssue'][] = []) {
  const answer = await server.call<Schemas['Run']>('POST', `/api/scenarios/${scenarioId}/runs`, {
    ...auth,
    body: { status: 'completed', stepsCompleted, stepIssues },
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function health(scenarioId: string) {
  const answer = await server.call<Schemas['ScenarioHealth']>(
    'GET',
    `/api/scenarios/${scenarioId}/health`,
    auth,
  );
  expect(answer.status).toBe(200);
  return answer.body.steps;
}

/** Every guide to repair, page after page as a client follows them. */
async function toRepair(session = auth) {
  const guides: Schemas['GuideToRepair'][] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const answer = await server.call<Schemas['GuidesToRepairPage']>(
      'GET',
      `/api/dashboard/guides-to-repair${query}`,
      session,
    );
    expect(answer.status).toBe(200);
    guides.push(...answer.body.guides);
    cursor = answer.body.next;
  } while (cursor);
  return guides;
}

describe('recording what end users saw when a step failed', () => {
  it('stores the screenshot of a run step issue and answers it with its type', async () => {
    const guide = await guideWithSteps('Screenshots', 1);
    const stepId = guide.steps[0]?.id as string;
    const recorded = await run(guide.id, 0, [
      { stepId, outcome: 'not-found', confidence: null, url: 'https://health.example.com/1' },
    ]);
    const issue = recorded.stepIssues[0] as Schemas['StepIssueRecord'];
    expect(issue).toMatchObject({ stepId, outcome: 'not-found', hasScreenshot: false });
    const path = `/api/scenarios/${guide.id}/runs/${recorded.id}/issues/${issue.id}/screenshot`;
    expect((await server.call('GET', path, auth)).status).toBe(404);

    expect((await server.call('PUT', path, { ...auth, raw: png, contentType: 'image/png' })).status).toBe(
      204,
    );
    const stored = await server.call<string>('GET', path, auth);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/png');
    const updated = await server.call<Schemas['Run']>(
      'PATCH',
      `/api/scenarios/${guide.id}/runs/${recorded.id}`,
      {
        ...auth,
        body: { status: 'abandoned' },
      },
    );
    expect(updated.body.stepIssues[0]).toMatchObject({ id: issue.id, hasScreenshot: true });
    const [step] = await health(guide.id);
    expect(step?.latestFailure).toEqual({ runId: recorded.id, issueId: issue.id, hasScreenshot: true });
  });

  it('refuses bytes that are not the declared image, too large images, and issues of other runs or organizations', async () => {
    const guide = await guideWithSteps('Bad screenshots', 1);
    const stepId = guide.steps[0]?.id as string;
    const first = await run(guide.id, 0, [{ stepId, outcome: 'not-found' }]);
    const second = await run(guide.id, 0);
    const issueId = first.stepIssues[0]?.id as string;
    const path = `/api/scenarios/${guide.id}/runs/${first.id}/issues/${issueId}/screenshot`;
    const put = (raw: Buffer, contentType: string, p = path, session = auth) =>
      server.call<{ type: string }>('PUT', p, { ...session, raw, contentType });

    expect((await put(jpeg, 'image/png')).status).toBe(415);
    expect((await put(Buffer.from('hello'), 'text/plain')).status).toBe(415);
    const huge = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024, 0)]);
    expect((await put(huge, 'image/png')).status).toBe(413);
    // the issue belongs to the first run only, and to this scenario only
    expect((await put(png, 'image/png', path.replace(first.id, second.id))).status).toBe(404);
    expect((await put(png, 'image/png', path.replace(guide.id, a.otherScenarioId))).status).toBe(404);
    expect((await put(png, 'image/png', path.replace(issueId, crypto.randomUUID()))).status).toBe(404);
    expect((await put(png, 'image/png', path.replace(issueId, 'not-a-uuid'))).status).toBe(400);
    // another organization can neither write nor read it, even with its own organization header
    const other = { token: b.admin.token, org: b.admin.org };
    expect((await put(png, 'image/png', path, other)).status).toBe(404);
    expect((await server.call('GET', path, other)).status).toBe(404);
    expect((await server.call('GET', path, { token: b.admin.token, org: a.admin.org })).status).toBe(403);
    expect((await server.call('GET', path, auth)).status).toBe(404);
  });
});

describe('guide health from the recorded runs', () => {
  it('computes failure rates per step, lists the guide to repair, and clears it after a passing run', async () => {
    const guide = await guideWithSteps('Checkout', 3);
    const [one, two, three] = guide.steps.map((s) => s.id) as [string, string, string];
    await run(guide.id, 3); // passes every step: too early to clear what fails later
    await run(guide.id, 3, [
      { stepId: two, outcome: 'low-confidence', confidence: 0.5, url: 'https://health.example.com/2' },
      { stepId: three, outcome: 'low-confidence', confidence: 0.61, url: 'https://health.example.com/3' },
    ]);
    const broken = await run(guide.id, 1, [
      {
        stepId: two,
        outcome: 'not-found',
        confidence: null,
        url: 'https://health.example.com/2?v=b',
        reason: 'copy-gone',
      },
    ]);
    // the run keeps why the player could not find the target
    expect(broken.stepIssues[0]?.reason).toBe('copy-gone');
    // a run older than the 30-day window counts for nothing
    const old = await run(guide.id, 0, [{ stepId: one, outcome: 'not-found' }]);
    await sql`UPDATE runs SET created_at = now() - interval '31 days' WHERE id = ${old.id}`.execute(
      server.db,
    );

    const steps = await health(guide.id);
    expect(steps.map((s) => [s.position, s.health, s.runs, s.failures])).toEqual([
      [1, 'ok', 0, 0],
      [2, 'failing', 3, 2],
      [3, 'degraded', 2, 1],
    ]);
    const failing = steps[1] as Schemas['StepHealth'];
    expect(failing.failureRate).toBeCloseTo(2 / 3);
    expect(failing).toMatchObject({
      lastOutcome: 'not-found',
      lastUrl: 'https://health.example.com/2?v=b',
      lastConfidence: null,
      lastReason: 'copy-gone',
      hasScreenshot: false,
      latestFailure: { runId: broken.id, issueId: broken.stepIssues[0]?.id, hasScreenshot: false },
      repairPending: false,
    });
    // a player that did not say why (sent before reasons existed): no reason
    expect(steps[2]).toMatchObject({
      failureRate: 0.5,
      lastConfidence: 0.61,
      lastOutcome: 'low-confidence',
      lastReason: null,
    });

    let listed = (await toRepair()).find((g) => g.scenarioId === guide.id);
    expect(listed).toMatchObject({ title: 'Checkout', category: { id: a.categoryId } });
    expect(listed?.steps.map((s) => [s.stepId, s.health])).toEqual([
      [two, 'failing'],
      [three, 'degraded'],
    ]);
    expect(listed?.lastSeenAt).toBe(failing.lastSeenAt);

    // the author recaptures step 2: the alert stays, marked as awaiting a passing run
    const stepTwo = guide.steps[1] as Schemas['Step'];
    const recaptured = await server.call('PUT', `/api/scenarios/${guide.id}/steps/${two}`, {
      ...auth,
      body: { name: stepTwo.name, text: stepTwo.text, url: stepTwo.url, target: target('s2-new') },
    });
    expect(recaptured.status).toBe(200);
    listed = (await toRepair()).find((g) => g.scenarioId === guide.id);
    expect(listed?.steps.find((s) => s.stepId === two)).toMatchObject({
      health: 'failing',
      repairPending: true,
    });
    expect(listed?.steps.find((s) => s.stepId === three)?.repairPending).toBe(false);

    // a run that stops before step 3 clears step 2 only
    await run(guide.id, 2);
    expect((await health(guide.id)).map((s) => s.health)).toEqual(['ok', 'ok', 'degraded']);
    // one that passes step 3 but only with low confidence does not clear it
    await run(guide.id, 3, [{ stepId: three, outcome: 'low-confidence', confidence: 0.55 }]);
    expect((await health(guide.id)).map((s) => s.health)).toEqual(['ok', 'ok', 'degraded']);
    await run(guide.id, 3);
    expect((await health(guide.id)).map((s) => s.health)).toEqual(['ok', 'ok', 'ok']);
    expect((await toRepair()).some((g) => g.scenarioId === guide.id)).toBe(false);
  });

  it("never shows another organization's runs", async () => {
    const mine = await toRepair();
    expect(mine.some((g) => g.scenarioId === a.scenarioId)).toBe(true);
    const theirs = await toRepair({ token: b.admin.token, org: b.admin.org });
    expect(theirs.map((g) => g.scenarioId)).toEqual([b.scenarioId]);
    expect(JSON.stringify(theirs)).not.toContain(a.issueId);
    const foreign = await server.call('GET', `/api/scenarios/${a.scenarioId}/health`, {
      token: b.admin.token,
      org: b.admin.org,
    });
    expect(foreign.status).toBe(404);
    // the world's run: step two not found once, step one reached and passed
    const [first, second] = await health(a.scenarioId);
    expect(first).toMatchObject({ health: 'ok', failures: 0 });
    expect(second).toMatchObject({ health: 'failing', runs: 1, failures: 1, failureRate: 1 });
    expect(second?.latestFailure).toMatchObject({ runId: a.runId, issueId: a.issueId, hasScreenshot: true });
    expect(second?.hasScreenshot).toBe(false);
    expect(first?.hasScreenshot).toBe(true);
  });
});
