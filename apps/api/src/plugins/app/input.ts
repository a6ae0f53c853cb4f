// Request bodies: parsed only for the content types the contract lists, and refused before a handler when the
// database could not store them.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { HttpProblem } from '../../problems.ts';

const imageTypes = ['image/png', 'image/jpeg', 'image/webp'];
const maxDepth = 32;

/**
 * Text PostgreSQL cannot store: U+0000 (text and jsonb refuse it) or an unpaired UTF-16 surrogate (jsonb refuses
 * `\ud800` with "invalid input syntax for type json"; text would silently turn it into U+FFFD). JSON allows both.
 */
export function storable(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

const escapeToken = (token: string) => token.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Input the database would refuse, found before it gets there, for every operation at once: a string (value or
 * object key) that is not storable, and nesting deeper than 32 levels (no field needs it; PostgreSQL's JSON
 * parser would run out of stack). Iterative, so a hostile depth cannot exhaust this process's stack either.
 */
export function unstorable(
  value: unknown,
  root: string,
): { field: string; key: 'field.unstorable' | 'field.too-deep' } | null {
  // Each item knows its parent and its key: the path is spelled only for the field refused, not for every value of
  // every request.
  interface Item {
    value: unknown;
    parent: Item | null;
    key: string;
    depth: number;
  }
  const pathOf = (item: Item): string => {
    const keys: string[] = [];
    for (let at: Item | null = item; at?.parent; at = at.parent) keys.push(escapeToken(at.key));
    return [root, ...keys.reverse()].join('/');
  };
  const stack: Item[] = [{ value, parent: null, key: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as Item;
    if (typeof item.value === 'string') {
      if (!storable(item.value)) return { field: pathOf(item), key: 'field.unstorable' };
      continue;
    }
    if (!item.value || typeof item.value !== 'object') continue;
    if (item.depth >= maxDepth) return { field: pathOf(item), key: 'field.too-deep' };
    const entries = Array.isArray(item.value) ? item.value.entries() : Object.entries(item.value);
    for (const [key, child] of entries) {
      const name = String(key);
      // A key that cannot be stored cannot be named either: point at its object.
      if (!storable(name)) return { field: pathOf(item), key: 'field.unstorable' };
      stack.push({ value: child, parent: item, key: name, depth: item.depth + 1 });
    }
  }
  return null;
}

/**
 * A hook that waits for nothing, in Fastify's callback style: an `async` hook costs every request a promise and a
 * turn of the microtask queue, which the public calls' throughput shows. What it throws is the request's error.
 */
export function synchronous(check: (request: FastifyRequest, reply: FastifyReply) => void) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    check(request, reply);
    done();
  };
}

const missingBody = () =>
  new HttpProblem('validation', { key: 'empty-body', fields: [{ field: '/body', key: 'field.required' }] });

/** A body of a type the operation does not take answers 415 before it is read (and never reaches a handler). */
export function contentTypeHook(accepted: string[]) {
  return synchronous((request) => {
    const header = request.headers['content-type'];
    const hasBody =
      request.headers['transfer-encoding'] !== undefined ||
      Number(request.headers['content-length'] ?? 0) > 0;
    if (!hasBody) return;
    const type = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!accepted.includes(type)) {
      throw new HttpProblem('unsupported-media-type', { params: { type: type.slice(0, 100) || '-' } });
    }
  });
}

/** Fastify picks the body schema by content type, so a request without one would skip validation. */
/**
 * A query string carries only text: the digits of an integer parameter become its number, so the contract's
 * integer bounds apply (types are never coerced otherwise; anything else stays text and answers `field.type`).
 */
export function integerQuery(names: string[]) {
  if (names.length === 0) return [];
  return [
    synchronous((request) => {
      const query = request.query as Record<string, unknown> | undefined;
      if (!query) return;
      for (const name of names) {
        const value = query[name];
        if (typeof value === 'string' && /^-?[0-9]{1,15}$/.test(value)) query[name] = Number(value);
      }
    }),
  ];
}

export function bodyCheck(accepted: string[]) {
  return synchronous((request) => {
    // An empty body of an image type is parsed as an empty buffer: as missing as no body at all.
    const empty = Buffer.isBuffer(request.body) && request.body.length === 0;
    if (accepted.length > 0 && (request.body === undefined || request.body === null || empty))
      throw missingBody();
    if (!Buffer.isBuffer(request.body)) {
      const found =
        unstorable(request.body, '/body') ??
        unstorable(request.query, '/query') ??
        unstorable(request.params, '/params');
      if (found) throw new HttpProblem('validation', { fields: [found] });
    }
  });
}

export default fp(async function input(app: FastifyInstance, { config }: { config: Config }) {
  app.addContentTypeParser(
    imageTypes,
    { parseAs: 'buffer', bodyLimit: config.screenshotMaxBytes },
    (_req, body, done) => done(null, body),
  );
  // Only the content types the contract lists are parsed; text/plain is not one of them.
  app.removeContentTypeParser('text/plain');
  // Problems are only ever answered, never accepted; declaring the type keeps the glue from warning about it.
  app.addContentTypeParser('application/problem+json', (_req, _payload, done) =>
    done(
      new HttpProblem('unsupported-media-type', { params: { type: 'application/problem+json' } }),
      undefined,
    ),
  );
});
