// The writes the back-office and the extension make, one function per operation. Each takes the entity it changes
// as the caller loaded it: a versioned one (a guide, a step) is sent with its version in `If-Match`, so no screen can
// forget it and overwrite another author's change (the API answers 412 instead: `isStale`).
import type { Client } from 'openapi-fetch';
import type { components, paths } from './generated/schema';

type Api = Client<paths>;
type Schemas = components['schemas'];

/** What a write needs of a loaded entity: its id and the version it was read at. */
export interface Versioned {
  id: string;
  version: number;
}

/** An entity with its id only: projects and categories carry no version (their writes are unconditional). */
export interface Identified {
  id: string;
}

function basedOn(entity: Versioned) {
  return { 'If-Match': `"${entity.version}"` };
}

export async function createProject(api: Api, body: Schemas['ProjectCreate']) {
  return (await api.POST('/projects', { body })).data as Schemas['Project'];
}

export async function updateProject(api: Api, project: Identified, body: Schemas['ProjectUpdate']) {
  return (await api.PUT('/projects/{id}', { params: { path: { id: project.id } }, body }))
    .data as Schemas['Project'];
}

export async function deleteProject(api: Api, project: Identified): Promise<void> {
  await api.DELETE('/projects/{id}', { params: { path: { id: project.id } } });
}

/** A new site key for the project (Admins): the old one stops at once. */
export async function rotateSiteKey(api: Api, project: Identified) {
  return (await api.POST('/projects/{id}/site-key', { params: { path: { id: project.id } } }))
    .data as Schemas['Project'];
}

export async function createCategory(api: Api, project: Identified, body: Schemas['CategoryInput']) {
  return (await api.POST('/projects/{id}/categories', { params: { path: { id: project.id } }, body }))
    .data as Schemas['Category'];
}

/** A category is reached through its project. */
export interface CategoryRef {
  projectId: string;
  id: string;
}

export async function updateCategory(api: Api, category: CategoryRef, body: Schemas['CategoryInput']) {
  const path = { id: category.projectId, categoryId: category.id };
  return (await api.PUT('/projects/{id}/categories/{categoryId}', { params: { path }, body }))
    .data as Schemas['Category'];
}

export async function deleteCategory(api: Api, category: CategoryRef): Promise<void> {
  const path = { id: category.projectId, categoryId: category.id };
  await api.DELETE('/projects/{id}/categories/{categoryId}', { params: { path } });
}

export async function createScenario(api: Api, category: CategoryRef, body: Schemas['ScenarioInput']) {
  const path = { id: category.projectId, categoryId: category.id };
  return (await api.POST('/projects/{id}/categories/{categoryId}/scenarios', { params: { path }, body }))
    .data as Schemas['Scenario'];
}

export async function updateScenario(api: Api, scenario: Versioned, body: Schemas['ScenarioInput']) {
  return (
    await api.PUT('/scenarios/{id}', {
      params: { path: { id: scenario.id }, header: basedOn(scenario) },
      body,
    })
  ).data as Schemas['Scenario'];
}

export async function deleteScenario(api: Api, scenario: Versioned): Promise<void> {
  await api.DELETE('/scenarios/{id}', { params: { path: { id: scenario.id }, header: basedOn(scenario) } });
}

export async function updateScenarioStatus(api: Api, scenario: Versioned, status: Schemas['ScenarioStatus']) {
  await api.PATCH('/scenarios/{id}/status', {
    params: { path: { id: scenario.id }, header: basedOn(scenario) },
    body: { status },
  });
}

export async function replacePrerequisites(
  api: Api,
  scenario: Versioned,
  body: Schemas['PrerequisiteInput'][],
) {
  return (
    await api.PUT('/scenarios/{id}/prerequisites', {
      params: { path: { id: scenario.id }, header: basedOn(scenario) },
      body,
    })
  ).data as Schemas['Prerequisite'][];
}

/** When the guide starts (issue 42): manually, or by itself on the pages its rule names. */
export async function updateStartRule(api: Api, scenario: Versioned, body: Schemas['StartRule']) {
  return (
    await api.PUT('/scenarios/{id}/start-rule', {
      params: { path: { id: scenario.id }, header: basedOn(scenario) },
      body,
    })
  ).data as Schemas['StartRuleState'];
}

export async function createStep(api: Api, scenario: Versioned, body: Schemas['StepInput']) {
  return (
    await api.POST('/scenarios/{id}/steps', {
      params: { path: { id: scenario.id }, header: basedOn(scenario) },
      body,
    })
  ).data as Schemas['Step'];
}

export async function reorderSteps(api: Api, scenario: Versioned, stepIds: string[]): Promise<void> {
  await api.PUT('/scenarios/{id}/steps/order', {
    params: { path: { id: scenario.id }, header: basedOn(scenario) },
    body: { stepIds },
  });
}

/** A step's own version guards its writes (the guide's is not compared). */
export async function updateStep(
  api: Api,
  scenario: Identified,
  step: Versioned,
  body: Schemas['StepInput'],
) {
  return (
    await api.PUT('/scenarios/{id}/steps/{stepId}', {
      params: { path: { id: scenario.id, stepId: step.id }, header: basedOn(step) },
      body,
    })
  ).data as Schemas['Step'];
}

export async function deleteStep(api: Api, scenario: Identified, step: Versioned): Promise<void> {
  await api.DELETE('/scenarios/{id}/steps/{stepId}', {
    params: { path: { id: scenario.id, stepId: step.id }, header: basedOn(step) },
  });
}
