// Who may call what, attacked from the contract itself: the operations come from openapi.yaml's x-access, read
// here, never from the server's code.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { OperationId } from '../src/types.ts';
import { buildWorld, type Req, requests, snapshotOrganization, type World } from './support/fixtures.ts';
import { startServer, type TestServer } from './support/harness.ts';

interface Operation {
  operationId: string;
  'x-access'?: string;
  'x-rate-limit'?: string;
  security?: unknown[];
}

const file = fileURLToPath(new URL('../../../openapi.yaml', import.meta.url));
const paths = (parse(readFileSync(file, 'utf8')) as { paths: Record<string, Record<string, Operation>> })
  .paths;
const operations = Object.values(paths).flatMap((item) =>
  ['get', 'post', 'put', 'patch', 'delete'].flatMap((method) => (item[method] ? [item[method]] : [])),
);
const withAccess = (...accesses: string[]) =>
  operations.filter((o) => accesses.includes(o['x-access'] ?? '')).map((o) => o.operationId as OperationId);

let server: TestServer;
let a: World;

beforeAll(async () => {
  server = await startServer();
  a = await buildWorld(server, 'alpha');
});

afterAll(async () => {
  await server?.close();
});

function send(req: Req, token: string | null, org: string | null) {
  return server.call<{ type: string; status: number }>(req.method, req.path, {
    token,
    org,
    ...(req.body !== undefined ? { body: req.body } : {}),
    ...(req.raw ? { raw: req.raw, contentType: req.contentType } : {}),
  });
}

describe('access in the contract', () => {
  it('declares for every operation who may call it, and only public operations go without a token', () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations) {
      expect(['public', 'user', 'member', 'admin'], operation.operationId).toContain(operation['x-access']);
      // The security requirement the generated reference shows says the same as x-access.
      const open = Array.isArray(operation.security) && operation.security.length === 0;
      expect(open, `${operation.operationId}: security [] if and only if x-access is public`).toBe(
        operation['x-access'] === 'public',
      );
      if (operation['x-rate-limit'] !== undefined) {
        expect(['auth', 'public'], operation.operationId).toContain(operation['x-rate-limit']);
      }
    }
  });

  it('answers 401 (a problem) to every operation that is not public, called without a token', async () => {
    const before = await snapshotOrganization(server, a.admin.org);
    const table = requests(a);
    const guarded = withAccess('user', 'member', 'admin');
    expect(guarded.length).toBeGreaterThan(0);
    for (const id of guarded) {
      const answer = await send(table[id], null, a.admin.org);
      expect(answer.status, id).toBe(401);
      expect(answer.headers.get('content-type'), id).toMatch(/^application\/problem\+json/);
      expect(answer.body.type, id).toBe('urn:mulot:problem:unauthenticated');
    }
    expect(await snapshotOrganization(server, a.admin.org)).toBe(before);
  });

  it('answers 403 (a problem) to a Contributor on every admin operation, and the organization is unchanged', async () => {
    const before = await snapshotOrganization(server, a.admin.org);
    const table = requests(a);
    const adminOnly = withAccess('admin');
    expect(adminOnly.length).toBeGreaterThan(0);
    for (const id of adminOnly) {
      const answer = await send(table[id], a.contributor.token, a.admin.org);
      expect(answer.status, id).toBe(403);
      expect(answer.headers.get('content-type'), id).toMatch(/^application\/problem\+json/);
      expect(answer.body.type, id).toBe('urn:mulot:problem:forbidden');
    }
    expect(await snapshotOrganization(server, a.admin.org)).toBe(before);
  });
});
