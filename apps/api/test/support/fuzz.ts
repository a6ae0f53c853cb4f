// Spec-driven request fuzzing (schemathesis-style, written here rather than pulled in): every operation of
// openapi.yaml gets requests built from its own schemas, mostly malformed or at the boundaries, from a seeded
// generator so any failure replays from its seed and index.
import { randomUUID } from 'node:crypto';
import { spec } from './contract.ts';

type Json = Record<string, unknown>;
type Schema = Json;

/** mulberry32: small, fast, good enough to spread cases; the same seed gives the same requests. */
export class Random {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

const components = spec.components as { schemas: Record<string, Schema>; parameters: Record<string, Json> };

function deref<T extends Json>(node: T): T {
  let current: Json = node;
  for (let i = 0; i < 10 && typeof current.$ref === 'string'; i++) {
    const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(current.$ref as string) ?? [];
    current = (components as unknown as Record<string, Record<string, Json>>)[kind ?? '']?.[name ?? ''] ?? {};
  }
  return current as T;
}

/** The branches a value may take: oneOf/anyOf alternatives, a type list, or the schema itself. */
function variants(schema: Schema): Schema[] {
  const s = deref(schema);
  const alternatives = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (alternatives) return alternatives.flatMap((a) => variants(a));
  if (Array.isArray(s.allOf)) return [Object.assign({}, ...(s.allOf as Schema[]).map((p) => deref(p)))];
  if (Array.isArray(s.type)) {
    return (s.type as string[]).map((type) => ({
      ...s,
      type,
      ...(Array.isArray(s.enum) ? { enum: (s.enum as unknown[]).filter((v) => typeOf(v) === type) } : {}),
    }));
  }
  return [s];
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

/** Strings that have broken servers: unstorable text, boundaries of encodings, injection attempts. */
export const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '\ufeff',
  '\u202e\u0644\u0627',
  '🐭🏳️‍🌈',
  'e\u0301',
  "'; DROP TABLE projects; --",
  '%00',
  '%ED%A0%80',
  '\\u0000',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '../../etc/passwd',
  '{"$gt": ""}',
  '\r\n\t',
  'NaN',
  '-0',
  '1e309',
  'null',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'ﬀ',
];

const nastyNumbers = [-1, 0, -0, 0.5, 1e308, -1e308, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e-300];

function validString(schema: Schema, r: Random, known: Known): string {
  if (Array.isArray(schema.enum)) return r.pick(schema.enum as string[]);
  const format = schema.format as string | undefined;
  if (format === 'uuid') return r.chance(0.5) ? r.pick(known.ids) : randomUUID();
  if (format === 'email') return r.chance(0.5) ? r.pick(known.emails) : `fuzz-${r.int(0, 1e6)}@example.com`;
  if (format === 'date-time') return new Date(r.int(0, 2e12)).toISOString();
  if (format === 'uri') return 'https://fuzz.example.com';
  const min = Number(schema.minLength ?? 0);
  const max = Math.min(Number(schema.maxLength ?? 40), 60);
  const length = r.int(Math.max(min, 1), Math.max(min, Math.min(max, 24)));
  const words = ['shop.example.com', 'https://x.example.com/', 'Guide', 'étape', 'password 123', 'a'];
  const base = r.pick(words);
  return base.length >= length
    ? base.slice(0, Math.max(length, min))
    : base + 'x'.repeat(length - base.length);
}

export interface Known {
  /** ids of resources that exist (so valid-looking requests reach the handlers). */
  ids: string[];
  emails: string[];
  codes: string[];
}

/** A value valid for the schema (most of the time: formats like sites are only described in prose). */
export function valid(schema: Schema, r: Random, known: Known, depth = 0): unknown {
  const s = r.pick(variants(schema));
  if (s.default !== undefined && r.chance(0.1)) return s.default;
  switch (s.type) {
    case 'string':
      return validString(s, r, known);
    case 'integer': {
      const min = Number(s.minimum ?? 0);
      const max = Number(s.maximum ?? min + 100);
      return r.int(min, Math.min(max, min + 1000));
    }
    case 'number':
      return Number(s.minimum ?? 0) + r.next() * (Number(s.maximum ?? 1) - Number(s.minimum ?? 0));
    case 'boolean':
      return r.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      const min = Number(s.minItems ?? 0);
      const count = r.int(min, Math.max(min, Math.min(Number(s.maxItems ?? 3), 3)));
      return Array.from({ length: count }, () => valid((s.items as Schema) ?? {}, r, known, depth + 1));
    }
    case 'object':
    case undefined: {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required ?? []) as string[]);
      const out: Json = {};
      for (const [name, property] of Object.entries(properties)) {
        if (required.has(name) || r.chance(0.5)) out[name] = valid(property, r, known, depth + 1);
      }
      if (s.additionalProperties === true && depth < 3 && r.chance(0.5)) out.css = `#fuzz-${r.int(0, 99)}`;
      if (Object.keys(properties).length === 0 && s.additionalProperties !== undefined && r.chance(0.5)) {
        out[`k${r.int(0, 9)}`] = r.pick(['v', 1, true, null]);
      }
      return out;
    }
    default:
      return null;
  }
}

type Path = Array<string | number>;

/** Every place in a value (itself included), to aim a mutation at. */
function places(value: unknown, path: Path = []): Path[] {
  const out: Path[] = [path];
  // an earlier round may have nested a value thousands deep: its top is enough to aim at
  if (path.length >= 16) return out;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) out.push(...places(v, [...path, i]));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...places(v, [...path, k]));
  }
  return out;
}

function replaceAt(root: unknown, path: Path, replace: (old: unknown) => unknown): unknown {
  if (path.length === 0) {
    // removing the root sends no body at all
    const next = replace(root);
    return next === removed ? undefined : next;
  }
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  const next = replace(node[last]);
  if (next === removed) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = next;
  return copy;
}

const removed = Symbol('removed');

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = { d: value };
  return value;
}

/** One malformed or boundary variant of a value, aimed at a random place in it. */
export function mutate(value: unknown, r: Random): unknown {
  const path = r.pick(places(value));
  return replaceAt(value, path, (old) => {
    const choice = r.int(0, 13);
    switch (choice) {
      case 0:
        return r.pick(nastyStrings);
      case 1:
        return typeof old === 'string' ? old + r.pick(nastyStrings) : r.pick(nastyStrings);
      case 2:
        return r.pick(nastyNumbers);
      case 3:
        return r.pick([null, true, false, [], {}, [null], { '': '' }]);
      case 4:
        return removed;
      case 5:
        // One over, and far over, the usual limits (100, 200, 254, 1000, 2048, 5000).
        return 'x'.repeat(r.pick([101, 201, 255, 1001, 2049, 5001, 70_000]));
      case 6:
        return old && typeof old === 'object' && !Array.isArray(old)
          ? { ...old, [r.pick(['unexpected', '__proto__', 'constructor', 'a\ud800', '\u0000'])]: 1 }
          : [old, old];
      case 7:
        return nested(r.pick([31, 33, 40, 200]));
      case 8:
        return Array.from({ length: r.pick([51, 101, 1001]) }, () => old ?? 'x');
      case 9:
        return typeof old === 'string' ? ` ${old} ` : String(old);
      case 10:
        return typeof old === 'number' ? old + r.pick([-1, 1, 0.5]) : r.int(-5, 5);
      case 11:
        return typeof old === 'string' ? old.toUpperCase() : old;
      case 12:
        return r.pick([
          'http://',
          'pas une url',
          'localhost:5174',
          'HTTPS://SHOP.EXAMPLE.COM:443/x',
          'ftp://a.b',
        ]);
      default:
        return randomUUID();
    }
  });
}

export interface FuzzOperation {
  operationId: string;
  method: string;
  template: string;
  pathParams: Array<{ name: string; schema: Schema }>;
  queryParams: Array<{ name: string; required: boolean; schema: Schema }>;
  headerParams: Array<{ name: string; schema: Schema }>;
  body: { type: 'json'; schema: Schema } | { type: 'image' } | null;
}

/** Every operation of the contract with what it takes. */
export function operations(): FuzzOperation[] {
  const out: FuzzOperation[] = [];
  const paths = spec.paths as unknown as Record<string, Record<string, Json>>;
  for (const [template, item] of Object.entries(paths)) {
    const shared = (item.parameters ?? []) as Json[];
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const parameters = [...shared, ...((operation.parameters ?? []) as Json[])].map((p) => deref(p));
      const content = (deref((operation.requestBody ?? {}) as Json).content ?? {}) as Record<string, Json>;
      out.push({
        operationId: operation.operationId as string,
        method: method.toUpperCase(),
        template,
        pathParams: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name as string, schema: p.schema as Schema })),
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({
            name: p.name as string,
            required: p.required === true,
            schema: p.schema as Schema,
          })),
        headerParams: parameters
          .filter((p) => p.in === 'header')
          .map((p) => ({ name: p.name as string, schema: p.schema as Schema })),
        body: content['application/json']
          ? { type: 'json', schema: content['application/json'].schema as Schema }
          : Object.keys(content).some((t) => t.startsWith('image/'))
            ? { type: 'image' }
            : null,
      });
    }
  }
  return out;
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  raw?: string | Buffer;
  contentType?: string;
  /** At least one part was deliberately broken (so a refusal is expected, not required). */
  mutated: boolean;
}

/** Percent-encoding that also writes a lone surrogate (as the bytes a careless client would send). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

const badPathValues = [
  'not-a-uuid',
  '1',
  '%00',
  '%ED%A0%80',
  '..%2F..',
  '%F0%9F%90%AD',
  'x'.repeat(300),
  '%27%20OR%201%3D1',
];

/**
 * One request for an operation. `safe`: the request must not be able to succeed (destructive operations), so a
 * structural part (path id or body) is always broken.
 */
export function buildRequest(
  op: FuzzOperation,
  r: Random,
  known: Known,
  auth: { token: string; org: string },
  png: Buffer,
  safe: boolean,
): FuzzRequest {
  let mutated = false;
  const breakPath = safe && op.pathParams.length > 0 && (op.body === null || r.chance(0.5));
  let path = op.template;
  const breakAt = breakPath ? r.int(0, op.pathParams.length - 1) : -1;
  op.pathParams.forEach((p, index) => {
    let value = encode(String(valid(p.schema, r, known)));
    if (p.name === 'locale') value = r.pick(['fr', 'en', 'de', 'fr-FR']);
    if (index === breakAt || r.chance(0.15)) {
      value = r.chance(0.3) ? randomUUID() : r.pick(badPathValues);
      mutated = true;
    }
    path = path.replace(`{${p.name}}`, value);
  });
  const query: string[] = [];
  for (const q of op.queryParams) {
    if (!q.required && r.chance(0.5)) continue;
    let value = String(valid(q.schema, r, known));
    if (r.chance(0.5)) {
      value = String(r.chance(0.5) ? r.pick(nastyStrings) : mutate(value, r));
      mutated = true;
    }
    if (r.chance(0.05)) {
      mutated = true;
      continue;
    }
    query.push(`${q.name}=${encode(value).replace(/%25/g, r.chance(0.2) ? '%' : '%25')}`);
  }
  const headers: Record<string, string> = {
    authorization: `Bearer ${auth.token}`,
    'x-organization-id': auth.org,
  };
  for (const h of op.headerParams) {
    if (h.name === 'x-organization-id') {
      if (r.chance(0.05)) {
        headers[h.name] = r.pick(['nope', randomUUID(), '', auth.org.toUpperCase()]);
        mutated = true;
      }
    } else if (h.name === 'x-locale') {
      headers[h.name] = r.pick(['fr', 'en', 'en-GB', 'de', 'x'.repeat(40), '', 'FR']);
    } else if (h.name === 'If-Match' && r.chance(0.3)) {
      headers['if-match'] = r.pick(['"1"', '"999"', '*', 'W/"1"', '1', '"1", "2"', '"', 'x'.repeat(1001)]);
      mutated = true;
    }
  }
  if (r.chance(0.03)) {
    headers.authorization = r.pick(['', 'Bearer', 'Bearer x.y.z', `Basic ${auth.token}`]);
    mutated = true;
  }
  // Past Node's 16 KiB header limit the HTTP parser answers 431 before any route: the contract describes the
  // application, so a query stays under it (still far over every documented maxLength).
  const search = query.join('&').slice(0, 12_000);
  const request: FuzzRequest = {
    method: op.method,
    path: `/api${path}${search ? `?${search}` : ''}`,
    headers,
    mutated,
  };
  if (op.body?.type === 'json') {
    let body = valid(op.body.schema, r, known);
    const breakBody = (safe && !breakPath) || r.chance(0.85);
    if (breakBody) {
      const rounds = r.int(1, 3);
      for (let i = 0; i < rounds; i++) body = mutate(body, r);
      // A mutation may land on a harmless spot; the destructive operations need one that surely breaks it.
      if (safe) body = r.chance(0.5) ? { ...(body as object), unexpected: true } : r.pick(['x', 1, null, []]);
      request.mutated = true;
    }
    const shape = r.int(0, 19);
    // a mutation may have dropped the body altogether: JSON.stringify answers undefined for it
    const text = JSON.stringify(body) ?? '';
    if (shape === 0) {
      request.raw = text.slice(0, -1);
      request.contentType = 'application/json';
      request.mutated = true;
    } else if (shape === 1) {
      request.raw = text;
      request.contentType = r.pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'image/png',
        'application/problem+json',
      ]);
      request.mutated = true;
    } else if (shape === 2) {
      request.raw = '';
      request.contentType = 'application/json';
      request.mutated = true;
    } else {
      request.body = body;
      if (shape === 3) request.contentType = 'application/json; charset=utf-8';
    }
  } else if (op.body?.type === 'image') {
    const shape = r.int(0, 4);
    request.mutated = safe || shape > 0;
    if (shape === 0 && !safe) {
      request.raw = png;
      request.contentType = 'image/png';
    } else if (shape === 1) {
      request.raw = png;
      request.contentType = r.pick(['image/jpeg', 'image/gif', 'application/json']);
    } else if (shape === 2) {
      request.raw = Buffer.alloc(r.int(0, 64), r.int(0, 255));
      request.contentType = 'image/webp';
    } else if (shape === 3) {
      request.body = { image: 'png' };
    } else {
      request.raw = Buffer.from('GIF89a');
      request.contentType = 'image/png';
    }
  }
  return request;
}
