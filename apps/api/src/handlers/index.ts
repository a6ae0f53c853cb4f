import type { Handlers } from '../types.ts';
import * as activity from './activity.ts';
import * as assistant from './assistant.ts';
import * as auth from './auth.ts';
import * as content from './content.ts';
import * as health from './health.ts';
import * as invitations from './invitations.ts';
import * as operations from './operations.ts';
import * as team from './team.ts';
import * as users from './users.ts';

/** One handler per operationId of openapi.yaml; the type makes a missing or extra one a compile error. */
export const handlers: Handlers = {
  register: auth.register,
  login: auth.login,
  forgotPassword: auth.forgotPassword,
  resetPassword: auth.resetPassword,
  confirmAccount: auth.confirmAccount,
  changePassword: auth.changePassword,
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
  listOrganizations: users.listOrganizations,
  listProjects: content.listProjects,
  createProject: content.createProject,
  getProject: content.getProject,
  updateProject: content.updateProject,
  deleteProject: content.deleteProject,
  listCategories: content.listCategories,
  createCategory: content.createCategory,
  getCategory: content.getCategory,
  updateCategory: content.updateCategory,
  deleteCategory: content.deleteCategory,
  listScenarios: content.listScenarios,
  createScenario: content.createScenario,
  getScenario: content.getScenario,
  updateScenario: content.updateScenario,
  deleteScenario: content.deleteScenario,
  updateScenarioStatus: content.updateScenarioStatus,
  replacePrerequisites: content.replacePrerequisites,
  createStep: content.createStep,
  getStep: content.getStep,
  updateStep: content.updateStep,
  deleteStep: content.deleteStep,
  reorderSteps: content.reorderSteps,
  putStepScreenshot: content.putStepScreenshot,
  getStepScreenshot: content.getStepScreenshot,
  deleteStepScreenshot: content.deleteStepScreenshot,
  createRun: activity.createRun,
  updateRun: activity.updateRun,
  putRunIssueScreenshot: health.putRunIssueScreenshot,
  getRunIssueScreenshot: health.getRunIssueScreenshot,
  getScenarioHealth: health.getScenarioHealth,
  getCatalogue: activity.getCatalogue,
  getDashboard: activity.getDashboard,
  askAssistant: assistant.askAssistant,
  listLocales: activity.listLocales,
  getTranslations: activity.getTranslations,
  getHealth: operations.getHealth,
  getReadiness: operations.getReadiness,
  getExtension: operations.getExtension,
};
