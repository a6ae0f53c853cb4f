import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../src/types.ts';
import { declaredAccess, operationIds } from './support/contract.ts';
import { buildWorld, type Req, requests, snapshotOrganization, type World } from './support/fixtures.ts';
import { startServer, type TestServer } from './support/harness.ts';

let server: TestServer;
let a: World;
let b: World;

beforeAll(async () => {
  server = await startServer();
  a = await buildWorld(server, 'alpha');
  b = await buildWorld(server, 'beta');
});

afterAll(async () => {
  await server?.close();
});

function send(req: Req, token: string | null, org: string | null) {
  return server.call(req.method, req.path, {
    token,
    org,
    ...(req.body !== undefined ? { body: req.body } : {}),
    ...(req.raw ? { raw: req.raw, contentType: req.contentType } : {}),
  });
}

const guarded = operationIds.filter((id) => declaredAccess(id as OperationId) !== 'public') as OperationId[];
const teamCalls = operationIds.filter((id) => declaredAccess(id as OperationId) === 'admin') as OperationId[];

describe('tenancy', () => {
  it('lists every operation of the contract in the request table', () => {
    expect(Object.keys(requests(a)).sort()).toEqual([...operationIds].sort());
    // The team list and the pending invitations are for every member; changes are an Admin's.
    expect(teamCalls.sort()).toEqual([
      'cancelInvitation',
      // the assistant's questions without a guide: an Admin clears them (issue 42)
      'clearUnansweredQuestions',
      'deleteMemberRole',
      'inviteMember',
      'renameOrganization',
      'resendInvitation',
      'rotateSiteKey',
      'updateMemberRole',
    ]);
  });

  // Without any token: test/access.test.ts, from the contract alone.
  it('answers 401 to every guarded operation with a bad token', async () => {
    const before = await snapshotOrganization(server, a.admin.org);
    const table = requests(a);
    for (const id of guarded) {
      for (const token of ['not.a.jwt', `${a.admin.token.slice(0, -4)}AAAA`]) {
        const answer = await send(table[id], token, a.admin.org);
        expect(answer.status, `${id} with token ${token?.slice(0, 12)}`).toBe(401);
      }
    }
    expect(await snapshotOrganization(server, a.admin.org)).toBe(before);
  });

  it("answers 403 when a member of B names A's organization, and A is unchanged", async () => {
    const before = await snapshotOrganization(server, a.admin.org);
    const table = requests(a);
    for (const id of guarded.filter((op) => declaredAccess(op) !== 'user')) {
      const answer = await send(table[id], b.admin.token, a.admin.org);
      expect(answer.status, id).toBe(403);
    }
    // No organization header at all is refused the same way.
    for (const id of guarded.filter((op) => declaredAccess(op) !== 'user')) {
      expect((await send(table[id], b.admin.token, null)).status, `${id} without organization`).toBe(403);
    }
    expect(await snapshotOrganization(server, a.admin.org)).toBe(before);
  });

  it("answers 404 when a member of B uses A's ids in B's organization, and A is unchanged", async () => {
    const before = await snapshotOrganization(server, a.admin.org);
    const table = requests(a);
    const aIds = [
      a.projectId,
      a.categoryId,
      a.scenarioId,
      a.otherScenarioId,
      ...a.stepIds,
      a.runId,
      a.contributor.userId,
    ];
    // Calls on the caller's own account (profile, password, organizations) name no organization data.
    for (const id of guarded.filter((op) => declaredAccess(op) !== 'user')) {
      // b is not the first account, so it has no platform-administrator rights.
      const answer = await send(table[id], b.admin.token, b.admin.org);
      const carriesIds =
        (table[id].ids?.length ?? 0) > 0 || id === 'updateMemberRole' || id === 'deleteMemberRole';
      if (carriesIds) {
        expect(answer.status, id).toBe(404);
      } else {
        // Calls without ids act on B's own organization and never show anything of A. B's only Admin cannot
        // leave it (409 last-admin): the same refusal as in any organization.
        if (id === 'leaveOrganization') expect(answer.status, id).toBe(409);
        else expect(answer.status, id).toBeLessThan(300);
        const text = JSON.stringify(answer.body ?? '');
        for (const aId of aIds) expect(text.includes(aId), `${id} leaked ${aId}`).toBe(false);
        expect(text.includes(a.admin.email), `${id} leaked A's admin`).toBe(false);
      }
    }
    expect(await snapshotOrganization(server, a.admin.org)).toBe(before);
  });

  it('lets a Contributor create and edit content', async () => {
    const auth = { token: a.contributor.token, org: a.admin.org };
    const created = await server.call('POST', '/api/projects', {
      ...auth,
      body: { name: 'By a contributor', sites: ['c.example.com'] },
    });
    expect(created.status).toBe(201);
    const edited = await server.call('PUT', `/api/projects/${a.projectId}/categories/${a.categoryId}`, {
      ...auth,
      body: { name: 'Renamed by a contributor' },
    });
    expect(edited.status).toBe(200);
  });

  it('shows every organization to the platform administrator (the first account) and only their own to others', async () => {
    const first = await server.call<Array<{ id: string; role: string | null }>>('GET', '/api/organizations', {
      token: a.admin.token,
    });
    expect(first.body.map((o) => o.id)).toEqual(expect.arrayContaining([a.admin.org, b.admin.org]));
    expect(first.body[0]).toMatchObject({ id: a.admin.org, role: 'Admin' });
    expect(first.body.find((o) => o.id === b.admin.org)?.role).toBeNull();
    const other = await server.call<Array<{ id: string }>>('GET', '/api/organizations', {
      token: b.admin.token,
    });
    expect(other.body.map((o) => o.id)).toEqual([b.admin.org]);
    // …and the platform administrator may act in B.
    const projects = await server.call<{ items: Array<{ id: string }> }>('GET', '/api/projects', {
      token: a.admin.token,
      org: b.admin.org,
    });
    expect(projects.body.items.map((p) => p.id)).toContain(b.projectId);
  });

  it("answers every operation with success for A's own admin (deletions and the password change last)", async () => {
    const table = requests(a);
    const last: OperationId[] = [
      // The world's site key stops at once: the public calls are made with it before.
      'rotateSiteKey',
      'deleteStepScreenshot',
      'deleteStep',
      'cancelInvitation',
      'deleteMemberRole',
      'deleteScenario',
      'deleteCategory',
      'deleteProject',
      // Once the other Admin (made so by updateMemberRole) is removed: A's only Admin cannot leave.
      'leaveOrganization',
      'changePassword',
    ];
    // The request table carries made-up codes, and resending the invitation retires the code it carries: those
    // calls must refuse them.
    const refused: OperationId[] = ['resetPassword', 'confirmAccount', 'checkResetCode', 'acceptInvitation'];
    // Nothing to answer or leave: no invitation waits for A's admin (404), and they are A's only Admin (409).
    const declined: Partial<Record<OperationId, number>> = {
      acceptMyInvitation: 404,
      refuseMyInvitation: 404,
      leaveOrganization: 409,
    };
    // Reordering lists the world's two steps: before createStep adds a third. The invitation is read before it is
    // resent.
    const first: OperationId[] = [
      'reorderSteps',
      'getInvitation',
      'resendInvitation',
      // The public calls play the world's published guide: before updateScenarioStatus makes it a draft.
      'getPublicCatalogue',
      'getPublicScenario',
      'askPublicAssistant',
      'createPublicRun',
      'updatePublicRun',
    ];
    const middle = operationIds.filter(
      (id) => ![...first, ...last].includes(id as OperationId),
    ) as OperationId[];
    const order = [...first, ...middle, ...last];
    for (const id of order) {
      const req = table[id];
      const answer = await send(req, declaredAccess(id) === 'public' ? null : a.admin.token, a.admin.org);
      if (refused.includes(id)) expect(answer.status, id).toBe(400);
      else if (declined[id]) expect(answer.status, id).toBe(declined[id]);
      else expect(answer.status, id).toBeLessThan(300);
    }
  });
});
