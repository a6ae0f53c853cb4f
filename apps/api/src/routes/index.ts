// Every operation of openapi.yaml, routed and validated by the glue from the same file, behind its access rule;
// each tag's handlers, named by operationId, live in ./<tag>.ts (the auth tag's in ./auth/).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import fp from 'fastify-plugin';
import { type OperationRules, operationRules, specification } from '../contract.ts';
import { accessHook } from '../plugins/app/access.ts';
import { respond } from '../plugins/app/conditional.ts';
import { bodyCheck, contentTypeHook, integerQuery } from '../plugins/app/input.ts';
import { siteHook } from '../plugins/app/site.ts';
import type { Handlers, OperationId, RawResult, Request, Services } from '../types.ts';
import * as assistant from './assistant.ts';
import * as accounts from './auth/accounts.ts';
import * as invitations from './auth/invitations.ts';
import * as team from './auth/team.ts';
import * as catalogue from './catalogue.ts';
import * as categories from './categories.ts';
import * as dashboard from './dashboard.ts';
import * as extension from './extension.ts';
import * as operations from './operations.ts';
import * as organizations from './organizations.ts';
import * as projects from './projects.ts';
import * as publicCalls from './public.ts';
import * as runs from './runs.ts';
import * as scenarios from './scenarios.ts';
import * as startRules from './start-rules.ts';
import * as steps from './steps.ts';
import * as translations from './translations.ts';
import * as users from './users.ts';

/** One handler per operationId of openapi.yaml; the type makes a missing or extra one a compile error. */
export const handlers: Handlers = {
  register: accounts.register,
  login: accounts.login,
  forgotPassword: accounts.forgotPassword,
  resetPassword: accounts.resetPassword,
  confirmAccount: accounts.confirmAccount,
  changePassword: accounts.changePassword,
  filterMembers: team.filterMembers,
  inviteMember: team.inviteMember,
  updateMemberRole: team.updateMemberRole,
  deleteMemberRole: team.deleteMemberRole,
  listInvitations: invitations.listInvitations,
  cancelInvitation: invitations.cancelInvitation,
  resendInvitation: invitations.resendInvitation,
  getInvitation: invitations.getInvitation,
  acceptInvitation: invitations.acceptInvitation,
  checkResetCode: invitations.checkResetCode,
  resendConfirmation: invitations.resendConfirmation,
  renewLink: invitations.renewLink,
  getMe: users.getMe,
  updateMe: users.updateMe,
  listOrganizations: organizations.listOrganizations,
  createOrganization: organizations.createOrganization,
  renameOrganization: organizations.renameOrganization,
  listMyInvitations: organizations.listMyInvitations,
  acceptMyInvitation: organizations.acceptMyInvitation,
  refuseMyInvitation: organizations.refuseMyInvitation,
  leaveOrganization: organizations.leaveOrganization,
  listProjects: projects.listProjects,
  createProject: projects.createProject,
  getProject: projects.getProject,
  updateProject: projects.updateProject,
  deleteProject: projects.deleteProject,
  listCategories: categories.listCategories,
  createCategory: categories.createCategory,
  getCategory: categories.getCategory,
  updateCategory: categories.updateCategory,
  deleteCategory: categories.deleteCategory,
  listScenarios: scenarios.listScenarios,
  createScenario: scenarios.createScenario,
  getScenario: scenarios.getScenario,
  updateScenario: scenarios.updateScenario,
  deleteScenario: scenarios.deleteScenario,
  updateScenarioStatus: scenarios.updateScenarioStatus,
  replacePrerequisites: scenarios.replacePrerequisites,
  getStartRule: startRules.getStartRule,
  updateStartRule: startRules.updateStartRule,
  createStep: steps.createStep,
  getStep: steps.getStep,
  updateStep: steps.updateStep,
  deleteStep: steps.deleteStep,
  reorderSteps: steps.reorderSteps,
  putStepScreenshot: steps.putStepScreenshot,
  getStepScreenshot: steps.getStepScreenshot,
  deleteStepScreenshot: steps.deleteStepScreenshot,
  createRun: runs.createRun,
  updateRun: runs.updateRun,
  putRunIssueScreenshot: runs.putRunIssueScreenshot,
  getRunIssueScreenshot: runs.getRunIssueScreenshot,
  getScenarioHealth: runs.getScenarioHealth,
  getScenarioStatistics: runs.getScenarioStatistics,
  getCatalogue: catalogue.getCatalogue,
  getDashboard: dashboard.getDashboard,
  listGuidesToRepair: dashboard.listGuidesToRepair,
  listUnansweredQuestions: dashboard.listUnansweredQuestions,
  clearUnansweredQuestions: dashboard.clearUnansweredQuestions,
  askAssistant: assistant.askAssistant,
  listLocales: translations.listLocales,
  getTranslations: translations.getTranslations,
  getHealth: operations.getHealth,
  getReadiness: operations.getReadiness,
  getExtension: extension.getExtension,
  rotateSiteKey: projects.rotateSiteKey,
  getProjectDiffusion: projects.getProjectDiffusion,
  getPublicCatalogue: publicCalls.getPublicCatalogue,
  getPublicScenario: publicCalls.getPublicScenario,
  getPublicSites: publicCalls.getPublicSites,
  getPublicStart: startRules.getPublicStart,
  askPublicAssistant: publicCalls.askPublicAssistant,
  createPublicRun: publicCalls.createPublicRun,
  updatePublicRun: publicCalls.updatePublicRun,
};

function routeFor(services: Services, operationId: OperationId, rules: OperationRules) {
  const handler = handlers[operationId] as unknown as (
    s: Services,
    r: Request<OperationId>,
  ) => Promise<
    { status: number; body?: unknown; etag?: number; headers?: Record<string, string> } | RawResult
  >;
  const run = (request: FastifyRequest) =>
    handler(services, {
      body: (Buffer.isBuffer(request.body) ? undefined : request.body) as never,
      params: request.params as never,
      query: request.query as never,
      rawBody: Buffer.isBuffer(request.body) ? request.body : undefined,
      contentType: request.headers['content-type'],
      ifMatch: request.headers['if-match'],
      locale: request.locale,
      ip: request.ip,
      caller: request.caller,
      site: request.site,
      log: request.log,
    });
  return {
    onRequest: [...accessHook(services, operationId, rules), contentTypeHook(rules.bodyTypes)],
    preValidation: [...integerQuery(rules.integerQuery), bodyCheck(rules.bodyTypes)],
    // The public calls: the site key's project, its origin and the counts, once the query and body are valid.
    ...(rules.rateLimit === 'public' ? { preHandler: [siteHook(services)] } : {}),
    handler: respond(services, operationId, rules, run),
  };
}

export default fp(async function operations(app: FastifyInstance) {
  // Read at boot: an operation without its x-access stops the server here.
  const spec = specification();
  const rules = operationRules(spec);
  await app.register(openapiGlue, {
    specification: spec,
    prefix: '/api',
    operationResolver: ((operationId: string) => {
      const found = rules.get(operationId as OperationId);
      if (!found) throw new Error(`openapi.yaml: no rules for ${operationId}`);
      return routeFor(app.mulot, operationId as OperationId, found);
    }) as never,
  });
});
