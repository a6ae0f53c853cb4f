import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import helmet, { type HelmetOptions } from 'helmet';
import { parse } from 'yaml';
import { AccessRows, accessRow } from './access.ts';
import { bumpContentVersion, conditionalReads, contentTag, noneMatch, ReadCache } from './conditional.ts';
import { type Config, defaultConfig } from './config.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { openDatabase } from './db/index.ts';
import { serveExtensionPackage } from './extension.ts';
import { uuidPattern } from './handlers/context.ts';
import { accessOf, authCalls, handlers } from './handlers/index.ts';
import type { Caller, OperationId, RawResult, Request, Services } from './handlers/types.ts';
import { echoRequestId, type LogStream, loggingOptions } from './logging.ts';
import { createMailer } from './mail.ts';
import { OutboxWorker } from './outbox.ts';
import {
  HttpProblem,
  type Locale,
  localeOf,
  localizeTypeParams,
  type ProblemKind,
  render,
  validationProblem,
} from './problems.ts';
import { RateLimits, refuseAfter } from './rate-limit.ts';
import { loadJwtSecret, Tokens } from './security.ts';
import { DatabaseScreenshotStorage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mulot: Services;
  }
  interface FastifyRequest {
    caller: Caller | null;
    locale: Locale;
  }
}

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const specPath = resolve(appDir, '../../openapi.yaml');
const swaggerUiDir = dirname(fileURLToPath(import.meta.resolve('swagger-ui-dist/package.json')));
const imageTypes = ['image/png', 'image/jpeg', 'image/webp'];

function statusKind(status: number): ProblemKind {
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload-too-large';
    case 412:
      return 'precondition-failed';
    case 415:
      return 'unsupported-media-type';
    case 429:
      return 'rate-limited';
    default:
      return 'validation';
  }
}

const databaseRetryAfterSeconds = 5;

/** Maps anything thrown while handling a request to a problem; bad input never becomes a 5xx. */
export function toProblem(error: FastifyError, request: FastifyRequest): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error.validation) return validationProblem(error.validation, error.validationContext ?? 'body');
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new HttpProblem('unsupported-media-type', {
        params: { type: String(request.headers['content-type'] ?? '-').slice(0, 100) },
      });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpProblem('payload-too-large');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpProblem('validation', {
        key: 'empty-body',
        fields: [{ field: '/body', key: 'field.required' }],
      });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpProblem('malformed-json');
  }
  if (error instanceof SyntaxError) return new HttpProblem('malformed-json');
  // A concurrent request changed the same rows first (unique or foreign key violated, serialization failure,
  // deadlock): the loser is told to reload, nothing of its change was kept.
  const sqlState = (error as { code?: unknown }).code;
  if (typeof sqlState === 'string' && ['23505', '23503', '40001', '40P01'].includes(sqlState)) {
    return new HttpProblem('conflict', { key: 'concurrent-change' });
  }
  // The database restarting or unreachable: tell the client to retry shortly rather than failing for good.
  if (isDatabaseUnavailable(error)) {
    return new HttpProblem('unavailable', {
      key: 'database-unavailable',
      headers: { 'retry-after': String(databaseRetryAfterSeconds) },
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const kind = statusKind(status);
    const type = String(request.headers['content-type'] ?? '-').slice(0, 100);
    return new HttpProblem(
      kind,
      kind === 'validation' ? { key: 'validation' } : { params: { type, minutes: 1 } },
    );
  }
  return new HttpProblem('internal');
}

function sendProblem(reply: FastifyReply, request: FastifyRequest, problem: HttpProblem): FastifyReply {
  const locale = request.locale ?? localeOf(request.headers['x-locale']);
  localizeTypeParams(problem, locale);
  return reply
    .code(problem.status)
    .headers(problem.headers)
    .type('application/problem+json')
    .send(render(problem, locale, request.url.split('?')[0]));
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

const lastActiveEveryMs = 5 * 60 * 1000;

/** Authentication, organization membership and role, before the body is even read. */
function accessHook(services: Services, operationId: OperationId) {
  const access = accessOf(operationId);
  return async (request: FastifyRequest): Promise<void> => {
    if (access === 'public') {
      // Login counts its request in the same statement as it checks the failed-login limits (handler).
      if (authCalls.has(operationId) && operationId !== 'login') {
        refuseAfter(await services.limits.take([{ bucket: 'auth-request', key: `client:${request.ip}` }]));
      }
      return;
    }
    const token = bearer(request);
    const claims = token ? await services.tokens.verify(token) : null;
    if (!claims || !uuidPattern.test(claims.userId)) throw new HttpProblem('unauthenticated');
    const header = request.headers['x-organization-id'];
    const organizationId =
      typeof header === 'string' && uuidPattern.test(header) ? header.toLowerCase() : null;
    const row = services.accessRows
      ? await services.accessRows.read(services.db, claims.userId, organizationId)
      : await accessRow(services.db, claims.userId, organizationId);
    // A password change bumps token_version: every token issued before it stops working.
    if (!row || row.token_version !== claims.tokenVersion || !row.password_hash) {
      throw new HttpProblem('unauthenticated');
    }
    // A copy: the row may be kept for the next requests, whatever this one's handler does with its caller.
    const { role, content_version: contentVersion, ...user } = row;
    // The team page's "last active": refreshed at most every 5 minutes, one write per busy session and period.
    if (!user.last_active_at || Date.now() - new Date(user.last_active_at).getTime() > lastActiveEveryMs) {
      await services.db
        .updateTable('users')
        .set({ last_active_at: new Date() })
        .where('id', '=', user.id)
        .execute();
    }
    if (access === 'user') {
      request.caller = { user, organizationId: role ? organizationId : null, role, contentVersion: null };
      return;
    }
    if (!organizationId) throw new HttpProblem('organization-required');
    // A platform administrator may act in an organization they are not a member of, if it exists.
    if (!role && !(user.is_admin && contentVersion !== null)) throw new HttpProblem('organization-required');
    if (access === 'admin' && role !== 'Admin' && !user.is_admin) {
      throw new HttpProblem('forbidden', { key: 'admin-only' });
    }
    request.caller = { user, organizationId, role, contentVersion };
  };
}

/**
 * The headers helmet sets for these options, computed once: they depend on nothing in the request, and building
 * helmet's middleware again for every request (what @fastify/helmet does) was a tenth of a cached read.
 */
export function staticHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown = null;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return [...headers];
}

/** CSP sources for the inline scripts of a built page, so they run without 'unsafe-inline'. */
export function inlineScriptHashes(file: string): string[] {
  const html = readFileSync(file, 'utf8');
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** Request content types each operation accepts, read from the contract. */
function bodyTypes(): Map<string, string[]> {
  const spec = parse(readFileSync(specPath, 'utf8')) as {
    paths: Record<
      string,
      Record<string, { operationId?: string; requestBody?: { content?: Record<string, unknown> } }>
    >;
  };
  const out = new Map<string, string[]>();
  for (const item of Object.values(spec.paths)) {
    for (const operation of Object.values(item)) {
      if (operation?.operationId)
        out.set(operation.operationId, Object.keys(operation.requestBody?.content ?? {}));
    }
  }
  return out;
}

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
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof item.value === 'string') {
      if (!storable(item.value)) return { field: item.path, key: 'field.unstorable' };
      continue;
    }
    if (!item.value || typeof item.value !== 'object') continue;
    if (item.depth >= maxDepth) return { field: item.path, key: 'field.too-deep' };
    const entries = Array.isArray(item.value) ? item.value.entries() : Object.entries(item.value);
    for (const [key, child] of entries) {
      const name = String(key);
      // A key that cannot be stored cannot be named either: point at its object.
      if (!storable(name)) return { field: item.path, key: 'field.unstorable' };
      stack.push({ value: child, path: `${item.path}/${escapeToken(name)}`, depth: item.depth + 1 });
    }
  }
  return null;
}

const missingBody = () =>
  new HttpProblem('validation', { key: 'empty-body', fields: [{ field: '/body', key: 'field.required' }] });

/** A body of a type the operation does not take answers 415 before it is read (and never reaches a handler). */
function contentTypeHook(accepted: string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers['content-type'];
    const hasBody =
      request.headers['transfer-encoding'] !== undefined ||
      Number(request.headers['content-length'] ?? 0) > 0;
    if (!hasBody) return;
    const type = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!accepted.includes(type)) {
      throw new HttpProblem('unsupported-media-type', { params: { type: type.slice(0, 100) || '-' } });
    }
  };
}

function routeFor(services: Services, operationId: OperationId, accepted: string[]) {
  const handler = handlers[operationId] as unknown as (
    s: Services,
    r: Request<OperationId>,
  ) => Promise<unknown>;
  const run = (request: FastifyRequest) =>
    handler(services, {
      body: (Buffer.isBuffer(request.body) ? undefined : request.body) as never,
      params: request.params as never,
      query: request.query as never,
      rawBody: Buffer.isBuffer(request.body) ? request.body : undefined,
      contentType: request.headers['content-type'],
      ifMatch: request.headers['if-match'],
      locale: request.locale,
      ip: request.ip,
      caller: request.caller,
      log: request.log,
    }) as Promise<{ status: number; body?: unknown; etag?: number } | RawResult>;
  const conditional = conditionalReads.has(operationId);
  const organizationScoped = ['member', 'admin'].includes(accessOf(operationId));
  return {
    onRequest: [accessHook(services, operationId), contentTypeHook(accepted)],
    // Fastify picks the body schema by content type, so a request without one would skip validation.
    preValidation: async (request: FastifyRequest) => {
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
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      // Read in the access hook, before the body is: a body is never newer-tagged than its content.
      const tag = conditional && request.caller ? contentTag(request.caller, request.locale) : null;
      const cacheKey = `${request.url}\n${request.caller?.organizationId}\n${tag}`;
      if (tag) {
        reply.header('etag', tag).header('cache-control', 'private, no-cache');
        if (noneMatch(request.headers['if-none-match'], tag)) return reply.code(304).send();
        const held = services.reads.get(cacheKey, tag);
        if (held !== undefined) return reply.code(200).type('application/json; charset=utf-8').send(held);
      }
      const writes = organizationScoped && request.method !== 'GET' && request.method !== 'HEAD';
      const organizationId = request.caller?.organizationId;
      let result: { status: number; body?: unknown; etag?: number } | RawResult;
      try {
        result = await run(request);
      } catch (error) {
        // A refusal (4xx) changed nothing, and must not even invalidate the organization's cached reads; any other
        // failure may have committed part of the change.
        const refused = error instanceof HttpProblem && error.status < 500;
        if (writes && organizationId && !refused)
          await bumpContentVersion(services.db, organizationId, request.log);
        throw error;
      }
      if (writes && organizationId && result.status < 400)
        await bumpContentVersion(services.db, organizationId, request.log);
      if (tag && !('raw' in result) && result.status === 200) {
        reply.code(200);
        // The route's own serializer (from the contract's schema): the bytes the uncached answer would carry.
        const payload = Buffer.from(
          String(reply.serializeInput(result.body as Record<string, unknown>, '200', 'application/json')),
        );
        services.reads.set(cacheKey, tag, payload);
        return reply.type('application/json; charset=utf-8').send(payload);
      }
      return answer(reply, result);
    },
  };
}

function answer(reply: FastifyReply, result: { status: number; body?: unknown; etag?: number } | RawResult) {
  if ('raw' in result) {
    return reply
      .code(result.status)
      .type(result.contentType)
      .header('cache-control', 'private, no-cache')
      .send(result.raw);
  }
  reply.code(result.status);
  // A strong validator: the version changes with every change of the representation.
  if (result.etag !== undefined) reply.header('etag', `"${result.etag}"`);
  return result.status === 204 ? reply.send() : reply.send(result.body);
}

/**
 * Builds the whole server (not listening): API under /api from openapi.yaml, its reference at /api/docs, and the
 * built back-office when present. Ready (or listening), it starts the mail outbox worker; closing it waits for the
 * requests in progress, stops the worker after the mail it is sending, and closes the database.
 */
export async function buildServer(
  overrides: Partial<Config> = {},
  options: { logStream?: LogStream } = {},
): Promise<FastifyInstance> {
  const config: Config = { ...defaultConfig(), ...overrides };
  const app = Fastify({
    ...loggingOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: config.jsonBodyLimit,
    // Unknown properties answer 400 rather than being dropped; types are never coerced in bodies.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    // Malformed URLs (bad percent-encoding…) are answered before routing: as problems too.
    // They skip the hooks, helmet's included, so the security headers are set here.
    frameworkErrors: (error, request, reply) => {
      reply.headers({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-request-id': request.id,
      });
      void sendProblem(reply, request, toProblem(error, request));
    },
  });

  const db = await openDatabase(config.database);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    // Only the outbox worker sends: its lines (the development mailbox's link included) say so.
    log: app.log.child({ component: 'outbox' }),
  });
  const services: Services = {
    config,
    db,
    tokens: new Tokens(await loadJwtSecret(db, config.jwtSecret), config.jwtTtlSeconds),
    outbox: new OutboxWorker(db, mailer, app.log, config.outbox, config.database.kind !== 'postgres'),
    storage: new DatabaseScreenshotStorage(db),
    limits: new RateLimits(db, {
      'failed-login': { windowMs: config.rateLimit.windowMs, limit: config.rateLimit.failedLogins },
      'auth-request': { windowMs: config.rateLimit.windowMs, limit: config.rateLimit.authRequests },
      // "send me a new link": as many mails per address as failed logins, so a mailbox cannot be flooded
      'resend-link': { windowMs: config.rateLimit.windowMs, limit: config.rateLimit.failedLogins },
    }),
    reads: new ReadCache(),
    accessRows: AccessRows.for(db),
    log: app.log,
  };
  app.decorate('mulot', services);
  app.decorateRequest('caller', null);
  app.decorateRequest('locale', 'fr');
  echoRequestId(app);
  app.addHook('onRequest', async (request) => {
    request.locale = localeOf(request.headers['x-locale']);
  });
  app.addHook('onReady', async () => services.outbox.start());
  // Runs once the server has stopped accepting and the requests in progress have been answered.
  app.addHook('onClose', async () => {
    await services.outbox.stop();
    mailer.close();
    await db.destroy();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = toProblem(error, request);
    if (problem.kind === 'unavailable') request.log.warn({ reason: error.message }, 'database unavailable');
    else if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, request, problem);
  });

  const backoffice =
    config.backofficeDir && existsSync(join(config.backofficeDir, 'index.html'))
      ? config.backofficeDir
      : null;

  const securityHeaders = staticHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        // The SPA's index.html carries small inline scripts (router context, module entry): allowed by hash only.
        scriptSrc: ["'self'", ...(backoffice ? inlineScriptHashes(join(backoffice, 'index.html')) : [])],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: null,
      },
    },
    // Screenshots are fetched by the extension from customer pages.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // The first hook of every route (the request id and locale hooks aside): even a refusal carries them.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });

  app.addContentTypeParser(
    imageTypes,
    { parseAs: 'buffer', bodyLimit: config.screenshotMaxBytes },
    (_req, body, done) => done(null, body),
  );

  // Only the content types the contract lists are parsed; text/plain is not one of them.
  app.removeContentTypeParser('text/plain');
  const accepted = bodyTypes();

  // Problems are only ever answered, never accepted; declaring the type keeps the glue from warning about it.
  app.addContentTypeParser('application/problem+json', (_req, _payload, done) =>
    done(
      new HttpProblem('unsupported-media-type', { params: { type: 'application/problem+json' } }),
      undefined,
    ),
  );

  await app.register(openapiGlue, {
    specification: specPath,
    prefix: '/api',
    operationResolver: ((operationId: string) =>
      routeFor(services, operationId as OperationId, accepted.get(operationId) ?? [])) as never,
  });

  // The API reference, rendered from the same file, with every asset served from here (no CDN).
  const docsPage = readFileSync(join(appDir, 'docs/index.html'), 'utf8');
  const docsInit = readFileSync(join(appDir, 'docs/init.js'), 'utf8');
  app.get('/api/docs', (_request, reply) => reply.type('text/html; charset=utf-8').send(docsPage));
  app.get('/api/docs/init.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(docsInit),
  );
  app.get('/api/openapi.yaml', (_request, reply) =>
    reply.type('application/yaml; charset=utf-8').send(readFileSync(specPath, 'utf8')),
  );
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: '/api/docs/assets/',
    decorateReply: false,
    allowedPath: (path) => /^\/(swagger-ui(-bundle)?\.(js|css)|favicon-(16x16|32x32)\.png)$/.test(path),
  });

  if (backoffice) {
    await app.register(fastifyStatic, {
      root: backoffice,
      prefix: '/',
      wildcard: true,
      index: false,
      // The back-office build leaves a .br and a .gz beside each text file: sent with the matching Content-Encoding
      // when the client accepts it, the file itself otherwise (and `Vary: Accept-Encoding` either way).
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite names assets by content hash: they never change.
        if (path.startsWith(join(backoffice, 'assets'))) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  // Served with or without a back-office (an API-only deployment still hands authors the extension).
  serveExtensionPackage(app, config, (request, reply) =>
    sendProblem(reply, request, new HttpProblem('not-found', { key: 'extension-not-built' })),
  );

  const sendPage = (reply: FastifyReply, directory: string) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .sendFile('index.html', directory);

  if (backoffice) {
    // The static plugin refuses a directory without an index (403): the root is a page of the SPA like any other.
    app.get('/', (_request, reply) => sendPage(reply, backoffice));
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const page = !/^\/api(\/|$)/.test(path) && !/\.[a-z0-9]+$/i.test(path);
    if (backoffice && (request.method === 'GET' || request.method === 'HEAD') && page) {
      // History fallback: the SPA's router handles every non-API path that does not name a file.
      return sendPage(reply, backoffice);
    }
    return sendProblem(reply, request, new HttpProblem('not-found', { key: 'route-not-found' }));
  });

  return app;
}
