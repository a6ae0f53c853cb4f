// Tag `projects`: the organization's projects, each with its customer sites.
import { normalizeSites as normalizeSiteList } from '@mulot/api-client/site';
import { fieldProblem, notFound } from '../problems.ts';
import * as projects from '../repositories/projects.ts';
import type { Handler } from '../types.ts';
import { organizationOf, pageBody, pageRequest } from './context.ts';

/** The sites as http(s) origins, normalized as the back-office form does; the first refused one is named. */
function normalizeSites(sites: string[]): string[] {
  const result = normalizeSiteList(sites);
  if (!result.ok) throw fieldProblem(`/body/sites/${result.index}`, 'field.site');
  return result.origins;
}

export const listProjects: Handler<'listProjects'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const [page, stats] = await Promise.all([
    projects.pageProjects(services.db, organizationId, pageRequest(request.query)),
    projects.projectStats(services.db, organizationId),
  ]);
  return { status: 200, body: { ...pageBody(page), stats } };
};

export const createProject: Handler<'createProject'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const sites = normalizeSites(request.body.sites);
  if (sites.length === 0) throw fieldProblem('/body/sites', 'field.sites');
  const id = await projects.insertProject(services.db, organizationId, {
    name: request.body.name.trim() || request.body.name,
    description: request.body.description ?? '',
    sites,
  });
  return { status: 201, body: await projects.projectBody(services.db, organizationId, id) };
};

export const getProject: Handler<'getProject'> = async (services, request) => {
  return {
    status: 200,
    body: await projects.projectBody(services.db, organizationOf(request), request.params.id),
  };
};

export const updateProject: Handler<'updateProject'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const updated = await projects.updateProject(services.db, organizationId, request.params.id, {
    name: request.body.name.trim() || request.body.name,
    description: request.body.description ?? '',
    sites: normalizeSites(request.body.sites),
  });
  if (!updated) throw notFound('project-not-found');
  return { status: 200, body: await projects.projectBody(services.db, organizationId, request.params.id) };
};

export const deleteProject: Handler<'deleteProject'> = async (services, request) => {
  if (!(await projects.deleteProject(services.db, organizationOf(request), request.params.id))) {
    throw notFound('project-not-found');
  }
  return { status: 204, body: undefined };
};

export const rotateSiteKey: Handler<'rotateSiteKey'> = async (services, request) => {
  const organizationId = organizationOf(request);
  if (!(await projects.rotateSiteKey(services.db, organizationId, request.params.id)))
    throw notFound('project-not-found');
  services.siteSightings.forget(request.params.id);
  return { status: 200, body: await projects.projectBody(services.db, organizationId, request.params.id) };
};

export const getProjectDiffusion: Handler<'getProjectDiffusion'> = async (services, request) => {
  const body = await projects.projectDiffusion(services.db, organizationOf(request), request.params.id);
  if (!body) throw notFound('project-not-found');
  return { status: 200, body: { publicUrl: services.config.publicUrl ?? null, ...body } };
};
