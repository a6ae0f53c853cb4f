import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as core from '../src/index.ts';
import {
  type ApiClientOptions,
  ApiError,
  createClient,
  createQueryHooks,
  downloadScreenshot,
  isApiError,
  uploadScreenshot,
} from '../src/react.ts';

/** The fetch client and the Query hooks over it, as the back-office makes them. */
function createApiClient(options: ApiClientOptions) {
  const fetchClient = createClient(options);
  return { fetchClient, $api: createQueryHooks(fetchClient) };
}

// A real HTTP server on loopback, so the test sees the headers as they travel and the bodies as a server sends them.
let server: Server;
let baseUrl: string;
const seen: IncomingHttpHeaders[] = [];
let uploaded: Buffer = Buffer.alloc(0);
const shotPath =
  '/api/scenarios/5f7a2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b/steps/6f7a2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b/screenshot';

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    if (req.url === shotPath && req.method === 'PUT') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        uploaded = Buffer.concat(chunks);
        res.writeHead(204);
        res.end();
      });
      return;
    }
    if (req.url === shotPath) {
      res.writeHead(200, { 'content-type': 'image/webp' });
      res.end(uploaded);
      return;
    }
    if (req.url === '/api/organizations') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ id: '5f7a2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Acme', role: 'Admin' }]));
    } else if (req.url === '/api/projects') {
      res.writeHead(403, { 'content-type': 'application/problem+json' });
      res.end(
        JSON.stringify({
          type: 'urn:mulot:problem:organization-required',
          title: 'Organization required',
          status: 403,
          detail: 'Choisissez une organisation dont vous êtes membre.',
        }),
      );
    } else if (req.url === '/api/auth/login') {
      res.writeHead(400, { 'content-type': 'application/problem+json' });
      res.end(
        JSON.stringify({
          type: 'urn:mulot:problem:validation',
          title: 'Invalid input',
          status: 400,
          detail: 'La requête contient des champs invalides.',
          errors: [{ field: '/body/email', message: 'doit être une adresse email' }],
        }),
      );
    } else {
      // A non-OK answer with an empty body: the case openapi-react-query would otherwise resolve as success.
      res.writeHead(502);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('headers middleware', () => {
  it('sends the token, organization and locale the getters return at request time', async () => {
    let token: string | null = null;
    let organizationId: string | null = null;
    const client = createApiClient({
      baseUrl,
      getToken: () => token,
      getOrganizationId: () => organizationId,
      getLocale: () => 'en',
    });

    const anonymous = await client.fetchClient.GET('/organizations');
    expect(anonymous.data?.[0]?.name).toBe('Acme');
    const first = seen.at(-1);
    expect(first?.authorization).toBeUndefined();
    expect(first?.['x-organization-id']).toBeUndefined();
    expect(first?.['x-locale']).toBe('en');

    token = 'header.payload.signature';
    organizationId = '5f7a2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
    await client.fetchClient.GET('/organizations');
    const second = seen.at(-1);
    expect(second?.authorization).toBe('Bearer header.payload.signature');
    expect(second?.['x-organization-id']).toBe('5f7a2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b');
    expect(second?.['x-locale']).toBe('en');
  });

  it('throws an ApiError carrying the problem+json of a non-OK answer', async () => {
    const client = createApiClient({ baseUrl, getOrganizationId: () => undefined });
    const error = await client.fetchClient.GET('/projects').catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(403);
    expect(apiError.problem.type).toBe('urn:mulot:problem:organization-required');
    expect(apiError.message).toBe('Choisissez une organisation dont vous êtes membre.');
  });

  it('exposes the per-field messages of a validation problem', async () => {
    const client = createApiClient({ baseUrl });
    const error = await client.fetchClient
      .POST('/auth/login', { body: { email: 'nope', password: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ '/body/email': 'doit être une adresse email' });
  });

  it('throws on a non-OK answer with an empty body instead of resolving it', async () => {
    const client = createApiClient({ baseUrl });
    const error = await client.fetchClient.GET('/dashboard').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
  });

  it('makes a query built from $api.queryOptions reject on a non-OK answer', async () => {
    const client = createApiClient({ baseUrl });
    const options = client.$api.queryOptions('get', '/dashboard');
    const queryFn = options.queryFn as (context: unknown) => Promise<unknown>;
    const controller = new AbortController();
    await expect(
      queryFn({ queryKey: options.queryKey, signal: controller.signal, meta: undefined }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('uploads and downloads screenshot bytes with their type, through the same middleware', async () => {
    const client = createApiClient({ baseUrl, getToken: () => 'token' });
    const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);
    const ids = {
      scenarioId: '5f7a2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
      stepId: '6f7a2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
    };
    await uploadScreenshot(client.fetchClient, ids, new Blob([bytes], { type: 'image/webp' }));
    expect(seen.at(-1)?.['content-type']).toBe('image/webp');
    expect(seen.at(-1)?.authorization).toBe('Bearer token');
    expect([...uploaded]).toEqual([...bytes]);
    const blob = await downloadScreenshot(client.fetchClient, ids);
    expect(blob.type).toBe('image/webp');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([...bytes]);
  });
});

describe('framework-free entry', () => {
  it('serves the same middleware without React Query, for scripts injected into customer pages', async () => {
    expect('createQueryHooks' in core).toBe(false);
    const api = core.createClient({ baseUrl, getToken: () => 'plain' });
    const error = await api.GET('/projects').catch((e: unknown) => e);
    expect(seen.at(-1)?.authorization).toBe('Bearer plain');
    expect(core.errorText(error, 'réseau')).toBe('Choisissez une organisation dont vous êtes membre.');
    expect(core.errorText(new TypeError('Failed to fetch'), 'réseau')).toBe('réseau');
    expect(core.isStale(error)).toBe(false);
  });

  it('tells a write refused as stale (412) from other refusals', async () => {
    const stale = new core.ApiError({
      type: 'urn:mulot:problem:stale',
      title: 'Stale',
      status: 412,
      detail: 'Modifié entre-temps.',
    });
    expect(core.isStale(stale)).toBe(true);
  });
});

describe('writes', () => {
  const guide = { id: '5f7a2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b', version: 7 };
  const step = { id: '6f7a2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b', version: 3 };
  const api = () => core.createClient({ baseUrl });
  const sent = () => seen.at(-1)?.['if-match'];

  it('send the version of the guide they change in If-Match', async () => {
    const writes = [
      () => core.deleteScenario(api(), guide),
      () => core.updateScenarioStatus(api(), guide, 'published'),
      () => core.replacePrerequisites(api(), guide, []),
      () => core.reorderSteps(api(), guide, [step.id]),
      () => core.updateScenario(api(), guide, { title: 'Guide', minDuration: 1, maxDuration: 2 } as never),
      () => core.createStep(api(), guide, {} as never),
    ];
    for (const write of writes) {
      seen.length = 0;
      await write().catch(() => undefined);
      expect(sent()).toBe('"7"');
    }
  });

  it("send a step's own version for the step's writes", async () => {
    for (const write of [
      () => core.updateStep(api(), guide, step, {} as never),
      () => core.deleteStep(api(), guide, step),
    ]) {
      seen.length = 0;
      await write().catch(() => undefined);
      expect(sent()).toBe('"3"');
    }
  });
});
