// Tag `scenarios`: the guides of a category, their publication and their prerequisites. Every write names the
// version it read (If-Match) and answers 412 when someone else changed the guide since.
import { fieldProblem, HttpProblem } from '../problems.ts';
import { checkCategory } from '../repositories/categories.ts';
import { isCreatedKey } from '../repositories/pages.ts';
import * as prerequisites from '../repositories/prerequisites.ts';
import { findProject, sitesOf, touchProject } from '../repositories/projects.ts';
import * as scenarios from '../repositories/scenarios.ts';
import { expectedVersions } from '../repositories/versions.ts';
import type { Handler } from '../types.ts';
import { organizationOf, pageBody, pageRequest } from './context.ts';

function checkDurations(body: { minDuration: number; maxDuration: number }): void {
  if (body.maxDuration < body.minDuration) throw fieldProblem('/body/maxDuration', 'field.durations');
}

export const listScenarios: Handler<'listScenarios'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, categoryId } = request.params;
  const asked = pageRequest(request.query, isCreatedKey);
  await findProject(services.db, organizationId, id);
  await checkCategory(services.db, organizationId, id, categoryId);
  const page = await scenarios.pageScenarios(services.db, organizationId, categoryId, asked);
  return { status: 200, body: pageBody(page) };
};

export const createScenario: Handler<'createScenario'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { id, categoryId } = request.params;
  checkDurations(request.body);
  const scenarioId = await services.db.transaction().execute(async (trx) => {
    const project = await findProject(trx, organizationId, id);
    await checkCategory(trx, organizationId, id, categoryId);
    // A guide is played on one of its project's sites: without one it could never be launched (spec: "create
    // guide (disabled if the project has no site)").
    if (sitesOf(project.sites).length === 0) throw new HttpProblem('site-required');
    const created = await scenarios.insertScenario(trx, organizationId, categoryId, request.body);
    await touchProject(trx, id);
    return created;
  });
  return { status: 201, body: await scenarios.scenarioBody(services.db, organizationId, scenarioId) };
};

export const getScenario: Handler<'getScenario'> = async (services, request) => {
  const body = await scenarios.scenarioBody(services.db, organizationOf(request), request.params.id);
  return { status: 200, body, etag: body.version };
};

export const updateScenario: Handler<'updateScenario'> = async (services, request) => {
  const organizationId = organizationOf(request);
  checkDurations(request.body);
  const expected = expectedVersions(request.ifMatch);
  const b = request.body;
  await services.db.transaction().execute(async (trx) => {
    await scenarios.claimScenario(trx, organizationId, request.params.id, expected, {
      title: b.title,
      description: b.description,
      summary: b.summary,
      min_duration: b.minDuration,
      max_duration: b.maxDuration,
    });
  });
  const body = await scenarios.scenarioBody(services.db, organizationId, request.params.id);
  return { status: 200, body, etag: body.version };
};

export const deleteScenario: Handler<'deleteScenario'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const expected = expectedVersions(request.ifMatch);
  await services.db.transaction().execute(async (trx) => {
    await scenarios.deleteScenario(trx, organizationId, request.params.id, expected);
  });
  return { status: 204, body: undefined };
};

export const updateScenarioStatus: Handler<'updateScenarioStatus'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const expected = expectedVersions(request.ifMatch);
  await services.db.transaction().execute(async (trx) => {
    await scenarios.claimScenario(trx, organizationId, request.params.id, expected, {
      status: request.body.status,
    });
    if (request.body.status === 'published') {
      await scenarios.checkPublishable(trx, organizationId, request.params.id);
    }
  });
  const body = await scenarios.scenarioBody(services.db, organizationId, request.params.id);
  return { status: 200, body, etag: body.version };
};

export const replacePrerequisites: Handler<'replacePrerequisites'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const scenarioId = request.params.id;
  const items = request.body;
  const expected = expectedVersions(request.ifMatch);
  const version = await services.db.transaction().execute(async (trx) => {
    const claimed = await scenarios.claimScenario(trx, organizationId, scenarioId, expected);
    const wanted = [
      ...new Set(items.map((p) => p.scenarioId).filter((id): id is string => typeof id === 'string')),
    ];
    const known = await scenarios.existingScenarioIds(trx, organizationId, wanted);
    items.forEach((p, index) => {
      if (p.scenarioId === scenarioId)
        throw fieldProblem(`/body/${index}/scenarioId`, 'field.self-prerequisite');
      if (p.scenarioId && !known.has(p.scenarioId)) {
        throw fieldProblem(`/body/${index}/scenarioId`, 'field.scenario-not-found');
      }
    });
    await prerequisites.replacePrerequisites(trx, organizationId, scenarioId, items);
    return claimed;
  });
  return {
    status: 200,
    body: await prerequisites.prerequisiteBodies(services.db, organizationId, scenarioId),
    etag: version,
  };
};
