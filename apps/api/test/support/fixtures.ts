import { randomUUID } from 'node:crypto';
import { linkIn } from '@mulot/testing/mail';
import { expect } from 'vitest';
import type { OperationId, Schemas } from '../../src/types.ts';
import { png, rootUrl, type Session, type TestServer } from './harness.ts';

/** An organization with one of everything: project, category, two scenarios, steps, screenshot, prerequisite, run. */
export interface World {
  admin: Session;
  contributor: Session;
  projectId: string;
  categoryId: string;
  scenarioId: string;
  otherScenarioId: string;
  stepIds: [string, string];
  /** the project's site: step URLs must be on it */
  siteUrl: string;
  runId: string;
  /** an issue of the run (step two not found), with its screenshot */
  issueId: string;
  /** someone invited who has not set a password yet, with the code of the mailed link */
  invitee: { userId: string; email: string; code: string };
  /** the project's site key, and an end user's run of the published scenario made with it */
  siteKey: string;
  visitorId: string;
  publicRunId: string;
}

export async function buildWorld(server: TestServer, name: string): Promise<World> {
  const admin = await server.signUp(`${name}-admin-${randomUUID().slice(0, 6)}@example.com`);
  const auth = { token: admin.token, org: admin.org };
  const contributor = await addMember(server, admin, 'Contributor');
  const invitee = await invite(server, admin, 'Contributor');
  const project = await server.call<Schemas['Project']>('POST', '/api/projects', {
    ...auth,
    body: { name: `${name} project`, description: 'd', sites: [`https://${name}.example.com`] },
  });
  const category = await server.call<Schemas['Category']>(
    'POST',
    `/api/projects/${project.body.id}/categories`,
    {
      ...auth,
      body: { name: `${name} category` },
    },
  );
  const scenarioBody = {
    title: `${name} guide`,
    description: 'desc',
    summary: 'sum',
    minDuration: 1,
    maxDuration: 3,
  };
  const scenarioPath = `/api/projects/${project.body.id}/categories/${category.body.id}/scenarios`;
  const scenario = await server.call<Schemas['Scenario']>('POST', scenarioPath, {
    ...auth,
    body: scenarioBody,
  });
  const other = await server.call<Schemas['Scenario']>('POST', scenarioPath, {
    ...auth,
    body: { ...scenarioBody, title: `${name} first guide` },
  });
  const stepIds: string[] = [];
  for (const step of ['one', 'two']) {
    const created = await server.call<Schemas['Step']>('POST', `/api/scenarios/${scenario.body.id}/steps`, {
      ...auth,
      body: {
        name: step,
        text: `do ${step}`,
        url: `https://${name}.example.com/${step}`,
        target: { css: `#${step}` },
      },
    });
    stepIds.push(created.body.id);
  }
  await server.call('PUT', `/api/scenarios/${scenario.body.id}/steps/${stepIds[0]}/screenshot`, {
    ...auth,
    raw: png,
    contentType: 'image/png',
  });
  await server.call('PUT', `/api/scenarios/${scenario.body.id}/prerequisites`, {
    ...auth,
    body: [{ text: 'Be signed in', scenarioId: other.body.id }],
  });
  await server.call('PATCH', `/api/scenarios/${scenario.body.id}/status`, {
    ...auth,
    body: { status: 'published' },
  });
  const run = await server.call<Schemas['Run']>('POST', `/api/scenarios/${scenario.body.id}/runs`, {
    ...auth,
    body: {
      status: 'started',
      url: `https://${name}.example.com/`,
      stepsCompleted: 1,
      stepIssues: [{ stepId: stepIds[1], outcome: 'not-found', url: `https://${name}.example.com/two` }],
    },
  });
  expect(run.status).toBe(201);
  const issueId = run.body.stepIssues[0]?.id as string;
  const shot = await server.call(
    'PUT',
    `/api/scenarios/${scenario.body.id}/runs/${run.body.id}/issues/${issueId}/screenshot`,
    { ...auth, raw: png, contentType: 'image/png' },
  );
  expect(shot.status).toBe(204);
  const visitorId = randomUUID();
  const publicRun = await server.call<Schemas['PublicRun']>('POST', '/api/public/runs', {
    body: { key: project.body.siteKey, scenarioId: scenario.body.id, visitorId, status: 'started' },
  });
  expect(publicRun.status).toBe(201);
  return {
    admin,
    contributor,
    projectId: project.body.id,
    categoryId: category.body.id,
    scenarioId: scenario.body.id,
    otherScenarioId: other.body.id,
    stepIds: stepIds as [string, string],
    siteUrl: `https://${name}.example.com`,
    runId: run.body.id,
    issueId,
    invitee,
    siteKey: project.body.siteKey,
    visitorId,
    publicRunId: publicRun.body.id,
  };
}

/** Invites a new person into the admin's organization and reads the code of the mailed link. */
export async function invite(
  server: TestServer,
  admin: Session,
  role: 'Admin' | 'Contributor',
): Promise<{ userId: string; email: string; code: string }> {
  const email = `invitee-${randomUUID().slice(0, 8)}@example.com`;
  const invited = await server.call<Schemas['Member']>('POST', '/api/auth/invite', {
    token: admin.token,
    org: admin.org,
    body: { email, role, rootRedirect: rootUrl },
  });
  expect(invited.status).toBe(201);
  const mail = await server.mail.waitFor(email);
  const link = linkIn(mail, '/auth/accept-invitation');
  return { userId: invited.body.id, email, code: link.searchParams.get('code') ?? '' };
}

/** Invites a new person into the admin's organization; they set a password from the mailed link and sign in. */
export async function addMember(
  server: TestServer,
  admin: Session,
  role: 'Admin' | 'Contributor',
): Promise<Session> {
  const email = `member-${randomUUID().slice(0, 8)}@example.com`;
  const invited = await server.call<Schemas['Member']>('POST', '/api/auth/invite', {
    token: admin.token,
    org: admin.org,
    body: { email, role, rootRedirect: rootUrl },
  });
  expect(invited.status).toBe(201);
  const mail = await server.mail.waitFor(email);
  const code = linkIn(mail, '/auth/accept-invitation').searchParams.get('code');
  const password = 'invited password';
  expect(
    (await server.call('POST', '/api/auth/accept-invitation', { body: { code, password } })).status,
  ).toBe(200);
  const session = await server.login(email, password);
  // Their first organization is the one they were invited to.
  expect(session.org).toBe(admin.org);
  return session;
}

export interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  raw?: Buffer;
  contentType?: string;
  /** Names of the path's identifiers, in order, for the bad-id checks. */
  ids?: string[];
}

/** A valid request for every operation of the contract, on the given world's resources. */
export function requests(w: World): Record<OperationId, Req> {
  const p = `/api/projects/${w.projectId}`;
  const c = `${p}/categories/${w.categoryId}`;
  const s = `/api/scenarios/${w.scenarioId}`;
  const st = `${s}/steps/${w.stepIds[0]}`;
  const scenarioBody = { title: 'T', description: 'D', summary: 'S', minDuration: 1, maxDuration: 2 };
  const stepBody = {
    name: 'N',
    text: 'T',
    url: `https://${new URL(w.siteUrl).host}/`,
    extra: null,
    target: { css: '#a' },
    autoClick: true,
  };
  return {
    register: {
      method: 'POST',
      path: '/api/auth/register',
      body: {
        credentials: { email: `new-${randomUUID().slice(0, 8)}@example.com`, password: 'password 123' },
        rootUrl,
      },
    },
    login: {
      method: 'POST',
      path: '/api/auth/login',
      body: { email: w.admin.email, password: w.admin.password },
    },
    forgotPassword: {
      method: 'POST',
      path: '/api/auth/forgot-password',
      body: { email: w.admin.email, rootUrl },
    },
    resetPassword: {
      method: 'POST',
      path: '/api/auth/reset-password',
      body: { code: 'x'.repeat(43), password: 'password 123' },
    },
    confirmAccount: {
      method: 'POST',
      path: '/api/auth/confirm',
      body: { code: 'x'.repeat(43), email: w.admin.email },
    },
    changePassword: {
      method: 'POST',
      path: '/api/auth/change-password',
      body: { currentPassword: w.admin.password, newPassword: 'another password' },
    },
    filterMembers: { method: 'POST', path: '/api/auth/filter', body: { pageIndex: 0, pageSize: 100 } },
    inviteMember: {
      method: 'POST',
      path: '/api/auth/invite',
      body: {
        email: `invitee-${randomUUID().slice(0, 8)}@example.com`,
        role: 'Contributor',
        rootRedirect: rootUrl,
      },
    },
    updateMemberRole: {
      method: 'PUT',
      path: '/api/auth/update-role',
      body: { userId: w.contributor.userId, role: 'Admin' },
    },
    deleteMemberRole: {
      method: 'PUT',
      path: '/api/auth/delete-role',
      body: { userId: w.contributor.userId },
    },
    listInvitations: { method: 'GET', path: '/api/auth/invitations' },
    cancelInvitation: {
      method: 'DELETE',
      path: `/api/auth/invitations/${w.invitee.userId}`,
      ids: [w.invitee.userId],
    },
    resendInvitation: {
      method: 'POST',
      path: `/api/auth/invitations/${w.invitee.userId}/resend`,
      ids: [w.invitee.userId],
      body: { rootRedirect: rootUrl },
    },
    getInvitation: { method: 'POST', path: '/api/auth/invitation', body: { code: w.invitee.code } },
    acceptInvitation: {
      method: 'POST',
      path: '/api/auth/accept-invitation',
      body: { code: w.invitee.code, password: 'password 123' },
    },
    checkResetCode: {
      method: 'POST',
      path: '/api/auth/reset-password/check',
      body: { code: 'x'.repeat(43) },
    },
    resendConfirmation: {
      method: 'POST',
      path: '/api/auth/resend-confirmation',
      body: { email: w.admin.email, rootUrl },
    },
    renewLink: { method: 'POST', path: '/api/auth/renew-link', body: { code: 'x'.repeat(43), rootUrl } },
    getMe: { method: 'GET', path: '/api/users/me' },
    updateMe: { method: 'PATCH', path: '/api/users/me', body: { firstname: 'Ada', lastname: 'Lovelace' } },
    listOrganizations: { method: 'GET', path: '/api/organizations' },
    createOrganization: {
      method: 'POST',
      path: '/api/organizations',
      body: { name: 'Another organization' },
    },
    renameOrganization: {
      method: 'PATCH',
      path: '/api/organizations/current',
      body: { name: 'Renamed organization' },
    },
    listMyInvitations: { method: 'GET', path: '/api/organizations/invitations' },
    acceptMyInvitation: {
      method: 'POST',
      path: `/api/organizations/invitations/${w.admin.org}/accept`,
      ids: [w.admin.org],
    },
    refuseMyInvitation: {
      method: 'POST',
      path: `/api/organizations/invitations/${w.admin.org}/refuse`,
      ids: [w.admin.org],
    },
    leaveOrganization: { method: 'POST', path: '/api/organizations/leave' },
    listProjects: { method: 'GET', path: '/api/projects' },
    createProject: {
      method: 'POST',
      path: '/api/projects',
      body: { name: 'P', description: 'D', sites: ['a.example.com'] },
    },
    getProject: { method: 'GET', path: p, ids: [w.projectId] },
    updateProject: {
      method: 'PUT',
      path: p,
      ids: [w.projectId],
      // The world's site stays: its steps' pages must be on one of the project's sites.
      body: { name: 'P2', description: 'D2', sites: ['p2.example.com', w.siteUrl] },
    },
    deleteProject: { method: 'DELETE', path: p, ids: [w.projectId] },
    listCategories: { method: 'GET', path: `${p}/categories`, ids: [w.projectId] },
    createCategory: {
      method: 'POST',
      path: `${p}/categories`,
      ids: [w.projectId],
      body: { name: 'C', description: '' },
    },
    getCategory: { method: 'GET', path: c, ids: [w.projectId, w.categoryId] },
    updateCategory: { method: 'PUT', path: c, ids: [w.projectId, w.categoryId], body: { name: 'C2' } },
    deleteCategory: { method: 'DELETE', path: c, ids: [w.projectId, w.categoryId] },
    listScenarios: { method: 'GET', path: `${c}/scenarios`, ids: [w.projectId, w.categoryId] },
    createScenario: {
      method: 'POST',
      path: `${c}/scenarios`,
      ids: [w.projectId, w.categoryId],
      body: scenarioBody,
    },
    getScenario: { method: 'GET', path: s, ids: [w.scenarioId] },
    updateScenario: { method: 'PUT', path: s, ids: [w.scenarioId], body: scenarioBody },
    deleteScenario: { method: 'DELETE', path: s, ids: [w.scenarioId] },
    updateScenarioStatus: {
      method: 'PATCH',
      path: `${s}/status`,
      ids: [w.scenarioId],
      body: { status: 'draft' },
    },
    replacePrerequisites: {
      method: 'PUT',
      path: `${s}/prerequisites`,
      ids: [w.scenarioId],
      body: [{ text: 'Know the shop', scenarioId: null }],
    },
    getStartRule: { method: 'GET', path: `${s}/start-rule`, ids: [w.scenarioId] },
    updateStartRule: {
      method: 'PUT',
      path: `${s}/start-rule`,
      ids: [w.scenarioId],
      body: { mode: 'automatic', pages: ['/one'], frequency: 'once', delaySeconds: 0, audience: [] },
    },
    createStep: { method: 'POST', path: `${s}/steps`, ids: [w.scenarioId], body: stepBody },
    reorderSteps: {
      method: 'PUT',
      path: `${s}/steps/order`,
      ids: [w.scenarioId],
      body: { stepIds: [w.stepIds[1], w.stepIds[0]] },
    },
    getStep: { method: 'GET', path: st, ids: [w.scenarioId, w.stepIds[0]] },
    updateStep: { method: 'PUT', path: st, ids: [w.scenarioId, w.stepIds[0]], body: stepBody },
    deleteStep: { method: 'DELETE', path: st, ids: [w.scenarioId, w.stepIds[0]] },
    getStepScreenshot: { method: 'GET', path: `${st}/screenshot`, ids: [w.scenarioId, w.stepIds[0]] },
    putStepScreenshot: {
      method: 'PUT',
      path: `${st}/screenshot`,
      ids: [w.scenarioId, w.stepIds[0]],
      raw: png,
      contentType: 'image/png',
    },
    deleteStepScreenshot: { method: 'DELETE', path: `${st}/screenshot`, ids: [w.scenarioId, w.stepIds[0]] },
    createRun: {
      method: 'POST',
      path: `${s}/runs`,
      ids: [w.scenarioId],
      body: {
        status: 'completed',
        stepsCompleted: 2,
        stepIssues: [{ stepId: w.stepIds[1], outcome: 'not-found' }],
      },
    },
    updateRun: {
      method: 'PATCH',
      path: `${s}/runs/${w.runId}`,
      ids: [w.scenarioId, w.runId],
      body: { status: 'completed', stepsCompleted: 2 },
    },
    putRunIssueScreenshot: {
      method: 'PUT',
      path: `${s}/runs/${w.runId}/issues/${w.issueId}/screenshot`,
      ids: [w.scenarioId, w.runId, w.issueId],
      raw: png,
      contentType: 'image/png',
    },
    getRunIssueScreenshot: {
      method: 'GET',
      path: `${s}/runs/${w.runId}/issues/${w.issueId}/screenshot`,
      ids: [w.scenarioId, w.runId, w.issueId],
    },
    getScenarioHealth: { method: 'GET', path: `${s}/health`, ids: [w.scenarioId] },
    getScenarioStatistics: { method: 'GET', path: `${s}/statistics?days=7`, ids: [w.scenarioId] },
    getCatalogue: {
      method: 'GET',
      path: `/api/catalogue?url=${encodeURIComponent('https://x.example.com/a')}`,
    },
    getDashboard: { method: 'GET', path: '/api/dashboard' },
    listGuidesToRepair: { method: 'GET', path: '/api/dashboard/guides-to-repair' },
    listUnansweredQuestions: { method: 'GET', path: '/api/dashboard/unanswered-questions?days=7' },
    clearUnansweredQuestions: { method: 'DELETE', path: '/api/dashboard/unanswered-questions' },
    askAssistant: { method: 'POST', path: '/api/assistant', body: { query: 'guide' } },
    listLocales: { method: 'GET', path: '/api/translations/locales' },
    getTranslations: { method: 'GET', path: '/api/translations/locales/fr' },
    getHealth: { method: 'GET', path: '/api/health' },
    getReadiness: { method: 'GET', path: '/api/ready' },
    getExtension: { method: 'GET', path: '/api/extension' },
    rotateSiteKey: { method: 'POST', path: `${p}/site-key`, ids: [w.projectId] },
    getProjectDiffusion: { method: 'GET', path: `${p}/diffusion`, ids: [w.projectId] },
    getPublicCatalogue: {
      method: 'GET',
      path: `/api/public/catalogue?key=${w.siteKey}&url=${encodeURIComponent(`${w.siteUrl}/a`)}`,
    },
    getPublicSites: { method: 'GET', path: `/api/public/sites?key=${w.siteKey}` },
    getPublicStart: { method: 'GET', path: `/api/public/start?key=${w.siteKey}&identified=1` },
    getPublicScenario: {
      method: 'GET',
      path: `/api/public/scenarios/${w.scenarioId}?key=${w.siteKey}`,
      ids: [w.scenarioId],
    },
    askPublicAssistant: {
      method: 'POST',
      path: '/api/public/assistant',
      body: { key: w.siteKey, url: `${w.siteUrl}/a`, query: 'guide' },
    },
    createPublicRun: {
      method: 'POST',
      path: '/api/public/runs',
      body: { key: w.siteKey, scenarioId: w.scenarioId, visitorId: w.visitorId, status: 'started' },
    },
    updatePublicRun: {
      method: 'PATCH',
      path: `/api/public/runs/${w.publicRunId}`,
      ids: [w.publicRunId],
      body: { key: w.siteKey, visitorId: w.visitorId, stepsCompleted: 1 },
    },
  };
}

/** The tables a request can change (outbox rows and rate-limit counters leave or age on their own). */
export const dataTables = [
  'users',
  'organizations',
  'memberships',
  'auth_codes',
  'projects',
  'categories',
  'scenarios',
  'steps',
  'screenshots',
  'prerequisites',
  'runs',
  'run_step_issues',
  'run_step_issue_screenshots',
  'run_days',
  'organization_run_days',
  'run_progress_days',
  'run_duration_days',
  'site_repairs',
  'step_url_reports',
  'unanswered_questions',
] as const;

/** Every row of every table, to prove a rejected request changed nothing. */
export async function snapshot(server: TestServer): Promise<string> {
  const tables = dataTables;
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows = await server.db.selectFrom(table).selectAll().execute();
    out[table] = rows
      .map((r) =>
        // last_active_at is bookkeeping of who called, not state a request changes.
        JSON.stringify(r, (k, v) =>
          k === 'last_active_at'
            ? undefined
            : v instanceof Uint8Array
              ? Buffer.from(v).toString('base64')
              : v,
        ),
      )
      .sort();
  }
  return JSON.stringify(out);
}

/** Every row that belongs to one organization (and its members' accounts). */
export async function snapshotOrganization(server: TestServer, organizationId: string): Promise<string> {
  const db = server.db;
  const scoped = [
    'projects',
    'categories',
    'scenarios',
    'steps',
    'screenshots',
    'prerequisites',
    'runs',
    'run_step_issues',
    'run_step_issue_screenshots',
    'unanswered_questions',
  ] as const;
  const out: Record<string, unknown[]> = {};
  for (const table of scoped) {
    const rows = await db
      .selectFrom(table)
      .selectAll()
      .where('organization_id', '=', organizationId)
      .execute();
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  const members = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .selectAll()
    .where('memberships.organization_id', '=', organizationId)
    .execute();
  out.members = members.map((r) => JSON.stringify({ ...r, last_active_at: undefined })).sort();
  out.organization = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', organizationId)
    .execute();
  return JSON.stringify(out);
}
