import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

// The file itself, found from here: what the tests attack is decided by the contract, not by the server's code.
const specPath = fileURLToPath(new URL('../../../../openapi.yaml', import.meta.url));

type Json = Record<string, unknown>;

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}

interface OperationObject {
  operationId: string;
  'x-access'?: 'public' | 'user' | 'member' | 'admin';
  'x-rate-limit'?: 'auth' | 'public';
  security?: unknown[];
  responses: Record<string, ResponseObject>;
  requestBody?: unknown;
}

export const spec = parse(readFileSync(specPath, 'utf8')) as {
  paths: Record<string, Record<string, OperationObject>>;
  components: Json;
};

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
  operation: OperationObject;
}

const routes: Route[] = [];
for (const [template, item] of Object.entries(spec.paths)) {
  for (const method of methods) {
    const operation = item[method];
    if (!operation) continue;
    const source = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '[^/]+');
    routes.push({
      method: method.toUpperCase(),
      template,
      pattern: new RegExp(`^/api${source}$`),
      params: (template.match(/\{/g) ?? []).length,
      operation,
    });
  }
}

export const operationIds = routes.map((r) => r.operation.operationId);

/** Who may call an operation, as openapi.yaml declares it (`x-access`). */
export function declaredAccess(operationId: string): 'public' | 'user' | 'member' | 'admin' {
  const route = routes.find((r) => r.operation.operationId === operationId);
  const access = route?.operation['x-access'];
  if (!access) throw new Error(`openapi.yaml: ${operationId} declares no x-access`);
  return access;
}

/** Every operation as the file declares it: id, method, path, access, rate-limit class, security. */
export const declaredOperations = routes.map((r) => ({
  operationId: r.operation.operationId,
  method: r.method,
  template: r.template,
  access: r.operation['x-access'],
  rateLimit: r.operation['x-rate-limit'] ?? null,
  security: r.operation.security,
}));

const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema({ $id: 'spec', paths: spec.paths, components: spec.components } as Json);
const compiled = new Map<string, ValidateFunction>();

function validatorAt(pointer: string): ValidateFunction {
  let fn = compiled.get(pointer);
  if (!fn) {
    fn = ajv.compile({ $ref: `spec#${pointer}` });
    compiled.set(pointer, fn);
  }
  return fn;
}

function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function routeOf(method: string, path: string): Route | undefined {
  const matching = routes.filter((r) => r.method === method && r.pattern.test(path));
  // A static segment (steps/order) wins over a parameter (steps/{stepId}), as in the server's router.
  return matching.sort((a, b) => a.params - b.params)[0];
}

/**
 * Checks one answer against openapi.yaml: the status is documented for the operation, the content type is one
 * the contract lists, and the body validates against its schema. Unknown routes must answer a 404 problem.
 */
export function checkResponse(
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  body: unknown,
): string[] {
  const route = routeOf(method, path);
  const type = (contentType ?? '').split(';')[0]?.trim() ?? '';
  if (!route) {
    // The rendered reference and the contract itself are documentation, not operations.
    if (!path.startsWith('/api/') || (status === 200 && /^\/api\/(docs(\/|$)|openapi\.yaml$)/.test(path)))
      return [];
    if (status !== 404 && status !== 405)
      return [`${method} ${path}: no such operation, yet answered ${status}`];
    return validate(
      '/components/schemas/Problem',
      body,
      `${method} ${path}`,
      type,
      'application/problem+json',
    );
  }
  const where = `${route.operation.operationId} → ${status}`;
  let response = route.operation.responses[String(status)];
  let pointer = `/paths/${escapePointer(route.template)}/${method.toLowerCase()}/responses/${status}`;
  if (!response) return [`${where}: status not documented`];
  if (response.$ref) {
    pointer = response.$ref.slice(1);
    const name = pointer.split('/').at(-1) ?? '';
    response = (spec.components.responses as Record<string, ResponseObject>)[name] ?? {};
  }
  const content = response.content;
  if (!content) {
    if (body !== undefined && body !== '' && !(Buffer.isBuffer(body) && body.length === 0)) {
      return [`${where}: documented without a body, got one`];
    }
    return [];
  }
  const media = content[type];
  if (!media) return [`${where}: content type "${type}" not documented (${Object.keys(content).join(', ')})`];
  if (!type.endsWith('json'))
    return Buffer.isBuffer(body) && body.length > 0 ? [] : [`${where}: empty ${type} body`];
  return validate(`${pointer}/content/${escapePointer(type)}/schema`, body, where, type, type);
}

function validate(pointer: string, body: unknown, where: string, type: string, expected: string): string[] {
  if (type !== expected) return [`${where}: content type "${type}", expected "${expected}"`];
  const fn = validatorAt(pointer);
  if (fn(body)) return [];
  return (fn.errors ?? []).map(
    (e) => `${where}: body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
  );
}
