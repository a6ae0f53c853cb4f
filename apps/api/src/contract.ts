// openapi.yaml, read once at boot: routing and validation (through the glue), and what each operation declares
// beside its schemas — who may call it, its rate-limit class, the body types it takes.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { OperationId } from './types.ts';

export const specPath = resolve(dirname(fileURLToPath(import.meta.url)), '../../../openapi.yaml');

/**
 * Who may call an operation (`x-access`). public: anyone; user: any signed-in user; member: a member of the
 * organization named by x-organization-id (or a platform administrator); admin: an Admin of that organization (or
 * a platform administrator).
 */
export type Access = 'public' | 'user' | 'member' | 'admin';
/** `x-rate-limit`: auth calls are counted per client against the authentication limit. */
export type RateLimitClass = 'auth' | 'public';

export interface OperationRules {
  /** The HTTP method, lower case. */
  method: string;
  access: Access;
  rateLimit: RateLimitClass | null;
  /** Request content types the operation accepts (none: it takes no body). */
  bodyTypes: string[];
  /** Query parameters declared as integers (`limit`): their digits are read as numbers before validation. */
  integerQuery: string[];
}

interface OperationObject {
  operationId?: string;
  'x-access'?: unknown;
  'x-rate-limit'?: unknown;
  requestBody?: { content?: Record<string, unknown> };
  parameters?: ParameterObject[];
}

interface ParameterObject {
  $ref?: string;
  name?: string;
  in?: string;
  schema?: { type?: unknown };
}

const accesses: readonly string[] = ['public', 'user', 'member', 'admin'] satisfies Access[];
const rateLimits: readonly string[] = ['auth', 'public'] satisfies RateLimitClass[];

interface Specification {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { parameters?: Record<string, ParameterObject> };
}

let parsed: Specification | undefined;

/**
 * openapi.yaml as an object, parsed once per process (a third of a second, every boot and every test server
 * otherwise); a copy each time, since the glue may resolve references in what it is given.
 */
export function specification(): Specification {
  parsed ??= parse(readFileSync(specPath, 'utf8')) as Specification;
  return structuredClone(parsed);
}

/** Every operation's rules; an operation without a valid `x-access` stops the boot rather than defaulting. */
export function operationRules(spec: Specification = specification()): Map<OperationId, OperationRules> {
  const parameter = (p: ParameterObject): ParameterObject =>
    p.$ref ? (spec.components?.parameters?.[p.$ref.split('/').at(-1) ?? ''] ?? {}) : p;
  const out = new Map<OperationId, OperationRules>();
  for (const item of Object.values(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const id = operation?.operationId;
      if (!id) continue;
      const access = operation['x-access'];
      if (typeof access !== 'string' || !accesses.includes(access)) {
        throw new Error(`openapi.yaml: ${id} has no valid x-access (public | user | member | admin)`);
      }
      const rateLimit = operation['x-rate-limit'] ?? null;
      if (rateLimit !== null && (typeof rateLimit !== 'string' || !rateLimits.includes(rateLimit))) {
        throw new Error(`openapi.yaml: ${id} has an unknown x-rate-limit`);
      }
      out.set(id as OperationId, {
        method,
        access: access as Access,
        rateLimit: rateLimit as RateLimitClass | null,
        bodyTypes: Object.keys(operation.requestBody?.content ?? {}),
        integerQuery: (operation.parameters ?? [])
          .map(parameter)
          .filter((p) => p.in === 'query' && p.schema?.type === 'integer' && p.name)
          .map((p) => p.name as string),
      });
    }
  }
  return out;
}
