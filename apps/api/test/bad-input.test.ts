import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../src/types.ts';
import { declaredAccess, operationIds } from './support/contract.ts';
import { buildWorld, type Req, requests, snapshot, type World } from './support/fixtures.ts';
import { type CallOptions, jpeg, png, startServer, type TestServer } from './support/harness.ts';

let server: TestServer;
let w: World;

beforeAll(async () => {
  server = await startServer();
  w = await buildWorld(server, 'bad');
});

afterAll(async () => {
  await server?.close();
});

const megabyte = 'x'.repeat(1_000_000);

/** Wrong-typed stand-ins for a value. */
function wrongTypes(value: unknown): unknown[] {
  if (typeof value === 'string') return [12345, true, null, ['a'], { a: 1 }];
  if (typeof value === 'number') return ['12', true, null, [1]];
  if (typeof value === 'boolean') return ['true', 1, null];
  if (value === null) return [42, true];
  if (Array.isArray(value)) return ['list', { 0: 'a' }, 7];
  return ['object', 7, [value]];
}

type Path = Array<string | number>;

/** Every leaf (and object) of a body, except inside the free-form captured `target`. */
function leaves(value: unknown, path: Path = []): Path[] {
  if (path.at(-1) === 'target') return [path];
  if (Array.isArray(value))
    return [path, ...value.flatMap((v, i) => leaves(v, [...path, i]))].filter((p) => p.length);
  if (value && typeof value === 'object') {
    return [path, ...Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]))].filter(
      (p) => p.length,
    );
  }
  return [path];
}

function setAt(body: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = replacement;
  return copy;
}

function getAt(body: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], body);
}

function withUnknownField(body: unknown): unknown {
  if (Array.isArray(body)) return [{ ...(body[0] as object), unexpected: true }];
  return { ...(body as object), unexpected: true };
}

interface Case {
  label: string;
  options: CallOptions;
  path?: string;
  expected: number[];
}

function casesFor(id: OperationId, req: Req): Case[] {
  const cases: Case[] = [];
  if (req.body !== undefined) {
    const body = req.body;
    cases.push({ label: 'empty object', options: { body: {} }, expected: [400] });
    cases.push({ label: 'no body', options: {}, expected: [400] });
    cases.push({ label: 'unknown field', options: { body: withUnknownField(body) }, expected: [400] });
    cases.push({
      label: 'malformed JSON',
      options: { raw: '{"name": "x",', contentType: 'application/json' },
      expected: [400],
    });
    cases.push({
      label: 'JSON array of garbage',
      options: { raw: '[1,2', contentType: 'application/json' },
      expected: [400],
    });
    cases.push({
      label: 'proto pollution',
      options: { raw: '{"__proto__": {"x": 1}}', contentType: 'application/json' },
      expected: [400],
    });
    for (const contentType of ['application/json; charset=utf-8', 'Application/JSON']) {
      cases.push({
        label: `unknown field as ${contentType}`,
        options: { raw: JSON.stringify(withUnknownField(body)), contentType },
        expected: [400],
      });
    }
    for (const depth of [40, 10_000, 100_000]) {
      cases.push({
        label: `nested ${depth} deep`,
        options: { raw: `{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`, contentType: 'application/json' },
        expected: [400],
      });
    }
    cases.push({
      label: 'JSON null',
      options: { raw: 'null', contentType: 'application/json' },
      expected: [400],
    });
    cases.push({
      label: 'text/plain',
      options: { raw: JSON.stringify(body), contentType: 'text/plain' },
      expected: [415],
    });
    cases.push({
      label: 'form',
      options: { raw: 'a=1', contentType: 'application/x-www-form-urlencoded' },
      expected: [415],
    });
    cases.push({ label: 'image', options: { raw: png, contentType: 'image/png' }, expected: [415] });
    // Found by `pnpm fuzz`: an empty body said to be an image reached the handler as no body at all (500).
    cases.push({ label: 'empty image', options: { raw: '', contentType: 'image/png' }, expected: [400] });
    for (const path of leaves(body)) {
      for (const wrong of wrongTypes(getAt(body, path))) {
        cases.push({
          label: `${path.join('.')} = ${JSON.stringify(wrong)}`,
          options: { body: setAt(body, path, wrong) },
          expected: [400],
        });
      }
      if (path.at(-1) === 'target') {
        let deep: unknown = { css: '#a' };
        for (let i = 0; i < 40; i++) deep = { child: deep };
        cases.push({
          label: 'target nested 40 deep',
          options: { body: setAt(body, path, deep) },
          expected: [400],
        });
      }
      if (typeof getAt(body, path) === 'string' || path.at(-1) === 'target') {
        const value = getAt(body, path);
        const nul = typeof value === 'string' ? `a\u0000b` : { 'k\u0000': 'v', css: 'x\u0000' };
        cases.push({
          label: `${path.join('.')} with NUL`,
          options: { body: setAt(body, path, nul) },
          expected: [400],
        });
        // Issue 14: a lone surrogate reached PostgreSQL's JSON parser and answered 500.
        const lone = typeof value === 'string' ? 'a\ud800b' : { css: 'x\udc00' };
        cases.push({
          label: `${path.join('.')} with a lone surrogate`,
          options: { body: setAt(body, path, lone) },
          expected: [400],
        });
      }
      if (typeof getAt(body, path) === 'string') {
        cases.push({
          label: `${path.join('.')} = 1 MB`,
          options: { body: setAt(body, path, megabyte) },
          expected: [400, 413],
        });
      }
    }
    cases.push({ label: '2 MB body', options: { body: { blob: megabyte + megabyte } }, expected: [413] });
  }
  if (req.raw) {
    cases.push({ label: 'JSON instead of an image', options: { body: { image: 'png' } }, expected: [415] });
    cases.push({ label: 'text', options: { raw: 'hello', contentType: 'text/plain' }, expected: [415] });
    cases.push({
      label: 'JPEG bytes declared PNG',
      options: { raw: jpeg, contentType: 'image/png' },
      expected: [415],
    });
    cases.push({
      label: 'not an image',
      options: { raw: Buffer.from('GIF89a…'), contentType: 'image/webp' },
      expected: [415],
    });
    cases.push({
      label: 'empty image',
      options: { raw: Buffer.alloc(0), contentType: 'image/png' },
      expected: [400, 415],
    });
    cases.push({
      label: '3 MB image',
      options: { raw: Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]), contentType: 'image/png' },
      expected: [413],
    });
  }
  for (const [index, value] of (req.ids ?? []).entries()) {
    for (const bad of ['not-a-uuid', '1', `${value}x`, "' OR 1=1 --"]) {
      cases.push({
        label: `id #${index} = ${bad}`,
        path: req.path.replace(value, encodeURIComponent(bad)),
        options:
          req.body !== undefined
            ? { body: req.body }
            : req.raw
              ? { raw: req.raw, contentType: req.contentType }
              : {},
        expected: [400],
      });
    }
    cases.push({
      label: `id #${index} unknown`,
      path: req.path.replace(value, randomUUID()),
      options:
        req.body !== undefined
          ? { body: req.body }
          : req.raw
            ? { raw: req.raw, contentType: req.contentType }
            : {},
      expected: [404],
    });
  }
  if (declaredAccess(id) === 'member' || declaredAccess(id) === 'admin') {
    cases.push({
      label: 'malformed organization id',
      options: req.body !== undefined ? { body: req.body, org: 'nope' } : { org: 'nope' },
      expected: [403],
    });
  }
  if (id === 'getCatalogue') {
    for (const url of ['', 'http://', `https://${'a'.repeat(3000)}.com`, 'https://exa mple.com']) {
      cases.push({
        label: `url=${url.slice(0, 20)}`,
        path: `/api/catalogue?url=${encodeURIComponent(url)}`,
        options: {},
        expected: [400],
      });
    }
    cases.push({ label: 'no url', path: '/api/catalogue', options: {}, expected: [400] });
  }
  if (id === 'getTranslations') {
    cases.push({
      label: 'unknown locale',
      path: '/api/translations/locales/xx',
      options: {},
      expected: [404],
    });
    cases.push({
      label: 'not a locale',
      path: '/api/translations/locales/..%2Fpackage',
      options: {},
      expected: [400],
    });
  }
  return cases;
}

describe('bad input', () => {
  it.each(operationIds)('%s rejects bad input with a 4xx problem and changes nothing', async (operation) => {
    const id = operation as OperationId;
    const req = requests(w)[id];
    const access = declaredAccess(id);
    const auth = access === 'public' ? {} : { token: w.admin.token, org: w.admin.org };
    const client = server.newClient();
    const before = await snapshot(server);
    const cases = casesFor(id, req);
    for (const c of cases) {
      const answer = await server.call<{ type: string; status: number; detail: string; errors?: unknown[] }>(
        req.method,
        c.path ?? req.path,
        {
          ...auth,
          client,
          ...c.options,
        },
      );
      expect(c.expected, `${id}: ${c.label} answered ${answer.status}`).toContain(answer.status);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body.status).toBe(answer.status);
      expect(answer.body.detail.length).toBeGreaterThan(0);
      // Issue 14: every 400 says where, so a form can mark the field.
      if (answer.status === 400) expect(answer.body.errors?.length, `${id}: ${c.label}`).toBeGreaterThan(0);
    }
    expect(await snapshot(server), `${id} changed data on bad input`).toBe(before);
  });

  it('localizes problem details and field messages (fr by default, en on request)', async () => {
    const fr = await server.call<{ detail: string; errors: Array<{ field: string; message: string }> }>(
      'POST',
      '/api/auth/register',
      { body: { credentials: { email: 'nope', password: 'short' }, rootUrl: 'http://localhost:5173' } },
    );
    expect(fr.status).toBe(400);
    expect(fr.body.detail).toBe('La requête contient des données invalides.');
    expect(fr.body.errors[0]).toEqual({
      in: 'body',
      pointer: '/credentials/email',
      code: 'field.email',
      field: '/body/credentials/email',
      message: 'Veuillez entrer une adresse email valide',
    });
    const en = await server.call<{ detail: string; errors: Array<{ field: string; message: string }> }>(
      'POST',
      '/api/auth/register',
      {
        locale: 'en',
        body: { credentials: { email: 'a@b.co', password: 'short' }, rootUrl: 'http://localhost:5173' },
      },
    );
    expect(en.body.detail).toBe('The request contains invalid data.');
    expect(en.body.errors[0]).toEqual({
      in: 'body',
      pointer: '/credentials/password',
      code: 'field.password',
      field: '/body/credentials/password',
      message: 'The password must contain at least 8 characters',
    });
  });

  it('answers a malformed URL with a 400 problem', async () => {
    for (const path of ['/api/projects/%E0%A4%A', '/api/catalogue?url=%E0%A4%A']) {
      const answer = await server.call('GET', path, { token: w.admin.token, org: w.admin.org });
      expect(answer.status, path).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers unknown API paths and methods with a 404 problem', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/projects/extra/segments'],
      ['DELETE', '/api/organizations'],
    ] as const) {
      const answer = await server.call(method, path, { token: w.admin.token, org: w.admin.org });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });
});
