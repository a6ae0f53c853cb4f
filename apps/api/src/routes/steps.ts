// Tag `steps`: a scenario's ordered steps and their screenshots. A step's write moves its scenario's version too.
import { normalizeStepUrl } from '@mulot/api-client/site';
import type { Db } from '../db/index.ts';
import { fieldProblem, HttpProblem, notFound } from '../problems.ts';
import { sitesOfScenario } from '../repositories/projects.ts';
import { claimScenario } from '../repositories/scenarios.ts';
import * as steps from '../repositories/steps.ts';
import { expectedVersions } from '../repositories/versions.ts';
import type { Handler, Schemas } from '../types.ts';
import { organizationOf, uploadedImage } from './context.ts';

/** The step as stored: its page an http(s) address on one of the project's sites (issue 37), or a 400 naming url. */
async function checkedStep(
  db: Db,
  organizationId: string,
  scenarioId: string,
  body: Schemas['StepInput'],
): Promise<Schemas['StepInput']> {
  const sites = await sitesOfScenario(db, organizationId, scenarioId);
  const result = normalizeStepUrl(body.url, sites);
  if (result.ok) return { ...body, url: result.url };
  if (result.reason === 'site' && sites.length === 0)
    throw fieldProblem('/body/url', 'field.step-url-no-site');
  throw fieldProblem('/body/url', 'field.step-url', {
    example: `${sites[0] ?? 'https://shop.example.com'}/…`,
  });
}

export const createStep: Handler<'createStep'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const scenarioId = request.params.id;
  const expected = expectedVersions(request.ifMatch);
  const stepId = await services.db.transaction().execute(async (trx) => {
    await claimScenario(trx, organizationId, scenarioId, expected);
    const step = await checkedStep(trx, organizationId, scenarioId, request.body);
    return steps.insertStep(trx, organizationId, scenarioId, step);
  });
  const body = steps.stepBody(await steps.findStep(services.db, organizationId, scenarioId, stepId));
  return { status: 201, body, etag: body.version };
};

export const getStep: Handler<'getStep'> = async (services, request) => {
  const { id, stepId } = request.params;
  const body = steps.stepBody(await steps.findStep(services.db, organizationOf(request), id, stepId));
  return { status: 200, body, etag: body.version };
};

export const updateStep: Handler<'updateStep'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, stepId } = request.params;
  const expected = expectedVersions(request.ifMatch);
  await services.db.transaction().execute(async (trx) => {
    // The scenario first (its version moves with its steps), in the same order as every other write of its
    // steps, so two transactions never wait on each other's rows.
    await claimScenario(trx, organizationId, id, null);
    const step = await checkedStep(trx, organizationId, id, request.body);
    await steps.updateStep(trx, organizationId, id, stepId, expected, step);
  });
  const body = steps.stepBody(await steps.findStep(services.db, organizationId, id, stepId));
  return { status: 200, body, etag: body.version };
};

export const deleteStep: Handler<'deleteStep'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, stepId } = request.params;
  const expected = expectedVersions(request.ifMatch);
  await services.db.transaction().execute(async (trx) => {
    await claimScenario(trx, organizationId, id, null);
    await steps.deleteStep(trx, organizationId, id, stepId, expected);
  });
  return { status: 204, body: undefined };
};

export const reorderSteps: Handler<'reorderSteps'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const scenarioId = request.params.id;
  const { stepIds } = request.body;
  const expected = expectedVersions(request.ifMatch);
  const version = await services.db.transaction().execute(async (trx) => {
    const claimed = await claimScenario(trx, organizationId, scenarioId, expected);
    const current = new Set(await steps.stepIdsOf(trx, scenarioId));
    const given = new Set(stepIds);
    if (
      given.size !== stepIds.length ||
      given.size !== current.size ||
      stepIds.some((s) => !current.has(s))
    ) {
      throw new HttpProblem('validation', {
        key: 'steps-mismatch',
        fields: [{ field: '/body/stepIds', key: 'steps-mismatch' }],
      });
    }
    if (stepIds.length > 0) await steps.reorderSteps(trx, scenarioId, stepIds);
    return claimed;
  });
  return { status: 200, body: await steps.listSteps(services.db, organizationId, scenarioId), etag: version };
};

export const putStepScreenshot: Handler<'putStepScreenshot'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, stepId } = request.params;
  const image = uploadedImage(request);
  await services.db.transaction().execute(async (trx) => {
    await steps.findStep(trx, organizationId, id, stepId);
    await steps.bumpStepVersion(trx, stepId);
  });
  await services.storage.put(organizationId, stepId, image);
  return { status: 204, body: undefined };
};

export const getStepScreenshot: Handler<'getStepScreenshot'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, stepId } = request.params;
  await steps.findStep(services.db, organizationId, id, stepId);
  const image = await services.storage.get(organizationId, stepId);
  if (!image) throw notFound('screenshot-not-found');
  return { status: 200, raw: image.data, contentType: image.contentType };
};

export const deleteStepScreenshot: Handler<'deleteStepScreenshot'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, stepId } = request.params;
  await steps.findStep(services.db, organizationId, id, stepId);
  if (!(await services.storage.delete(organizationId, stepId))) throw notFound('screenshot-not-found');
  await steps.bumpStepVersion(services.db, stepId);
  return { status: 204, body: undefined };
};
