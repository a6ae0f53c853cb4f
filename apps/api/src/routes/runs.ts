// Tag `runs`: guides launched and completed by end users, the steps whose target was not found, and the guide
// health computed from them.
import type { Db } from '../db/index.ts';
import { fieldProblem, notFound } from '../problems.ts';
import { countRun } from '../repositories/run-days.ts';
import {
  failingSteps,
  findIssue,
  healthOf,
  insertIssues,
  isoOrNull,
} from '../repositories/run-step-issues.ts';
import * as runs from '../repositories/runs.ts';
import { scenarioStatistics } from '../repositories/scenario-statistics.ts';
import { checkScenario, findScenario } from '../repositories/scenarios.ts';
import { healthSteps, stepIdsOf } from '../repositories/steps.ts';
import type { Handler, Schemas } from '../types.ts';
import { callerOf, organizationOf, uploadedImage } from './context.ts';
import { droppedIfGone } from './dropped-runs.ts';

/** The step issues of a run, each of a step of its guide (400 on the first that is not). */
export async function checkIssues(
  db: Db,
  scenarioId: string,
  issues: Schemas['StepIssue'][] | undefined,
): Promise<Schemas['StepIssue'][]> {
  if (!issues || issues.length === 0) return [];
  const known = new Set(await stepIdsOf(db, scenarioId));
  issues.forEach((issue, index) => {
    if (!known.has(issue.stepId))
      throw fieldProblem(`/body/stepIssues/${index}/stepId`, 'field.step-not-found');
  });
  return issues;
}

export const createRun: Handler<'createRun'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { user } = callerOf(request);
  const scenarioId = request.params.id;
  const run = await droppedIfGone(services.db, request.log, { scenarioId }, () =>
    services.db.transaction().execute(async (trx) => {
      await checkScenario(trx, organizationId, scenarioId);
      const issues = await checkIssues(trx, scenarioId, request.body.stepIssues);
      const run = await runs.insertRun(trx, organizationId, scenarioId, { userId: user.id }, request.body);
      await countRun(trx, run, null);
      await insertIssues(trx, organizationId, run.id, issues);
      return run;
    }),
  );
  return { status: 201, body: await runs.runBody(services.db, run) };
};

export const updateRun: Handler<'updateRun'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, runId } = request.params;
  const run = await droppedIfGone(services.db, request.log, { scenarioId: id, runId }, () =>
    services.db.transaction().execute(async (trx) => {
      // Locked: two updates of one run at once must not both count its ending.
      const existing = await runs.findRun(trx, organizationId, id, runId, { lock: true });
      const issues = await checkIssues(trx, id, request.body.stepIssues);
      const run = await runs.updateRun(trx, runId, {
        status: request.body.status ?? existing.status,
        steps_completed: request.body.stepsCompleted ?? existing.steps_completed,
      });
      await countRun(trx, run, existing);
      await insertIssues(trx, organizationId, runId, issues);
      return run;
    }),
  );
  return { status: 200, body: await runs.runBody(services.db, run) };
};

export const getScenarioHealth: Handler<'getScenarioHealth'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const scenarioId = request.params.id;
  await checkScenario(services.db, organizationId, scenarioId);
  const steps = await healthSteps(services.db, organizationId, scenarioId);
  const failing = new Map(
    (await failingSteps(services.db, organizationId, [scenarioId])).map((r) => [r.step_id, healthOf(r)]),
  );
  return {
    status: 200,
    body: {
      scenarioId,
      steps: steps.map(
        (s) =>
          failing.get(s.id) ?? {
            stepId: s.id,
            position: s.position,
            name: s.name,
            url: s.url,
            health: 'ok',
            runs: 0,
            failures: 0,
            failureRate: 0,
            lastSeenAt: null,
            lastOutcome: null,
            lastUrl: null,
            lastConfidence: null,
            lastReason: null,
            hasScreenshot: Boolean(s.has_screenshot),
            latestFailure: null,
            targetCapturedAt: isoOrNull(s.target_captured_at),
            repairPending: false,
          },
      ),
    },
  };
};

const DAY = 24 * 3600 * 1000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The guide's figures over the `days` UTC days ending today (this process's clock, as the dashboard's). */
export const getScenarioStatistics: Handler<'getScenarioStatistics'> = async (services, request) => {
  const scenario = await findScenario(services.db, organizationOf(request), request.params.id);
  const days = request.query.days ?? 30;
  const now = Date.now();
  const period = { from: utcDay(now - (days - 1) * DAY), to: utcDay(now) };
  return { status: 200, body: await scenarioStatistics(services.db, scenario, days, period) };
};

// The page as the end user saw it when a step failed.

export const putRunIssueScreenshot: Handler<'putRunIssueScreenshot'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, runId, issueId } = request.params;
  const image = uploadedImage(request);
  await findIssue(services.db, organizationId, id, runId, issueId);
  await services.storage.putIssue(organizationId, issueId, image);
  return { status: 204, body: undefined };
};

export const getRunIssueScreenshot: Handler<'getRunIssueScreenshot'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, runId, issueId } = request.params;
  await findIssue(services.db, organizationId, id, runId, issueId);
  const image = await services.storage.getIssue(organizationId, issueId);
  if (!image) throw notFound('issue-screenshot-not-found');
  return { status: 200, raw: image.data, contentType: image.contentType };
};
