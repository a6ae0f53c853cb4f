// Structured JSON logs (pino, Fastify's logger): one object per line, each line of a request carrying its id.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';

/** Where log lines go (stdout by default); tests pass a stream to read them. */
export interface LogStream {
  write(line: string): void;
}

/** An incoming x-request-id is kept only when it cannot garble a log line or a header (a proxy's or client's id). */
const saneRequestId = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && saneRequestId.test(header) ? header : randomUUID();
}

/** Query parameters that carry secrets (mailed one-time codes, tokens) are never written out. */
const secretParameter = /code|token|password|secret|jwt|key/i;

export function redactUrl(url: string): string {
  const index = url.indexOf('?');
  if (index < 0) return url;
  const query = url
    .slice(index + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // Malformed escapes: judged on the raw name.
      }
      return secretParameter.test(decoded) ? `${name}=[REDACTED]` : pair;
    });
  return `${url.slice(0, index)}?${query.join('&')}`;
}

/** Fields that may hold a secret wherever they are logged: removed by pino before a line is written. */
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'password',
  '*.password',
  'currentPassword',
  '*.currentPassword',
  'newPassword',
  '*.newPassword',
  'jwt',
  '*.jwt',
  'token',
  '*.token',
  'body.code',
];

/** A call a customer's site makes for its end users (tag `public`), preflights included. */
function isPublicCall(url: string): boolean {
  return url.startsWith('/api/public/') || url.startsWith('/api/public?');
}

/** Fastify's logger options: level, redaction, serializers, request ids. */
export function loggingOptions(
  level: string,
  stream?: LogStream,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdLogLabel'> {
  return {
    logger: {
      level,
      ...(stream ? { stream } : {}),
      redact: { paths: redactPaths, censor: '[REDACTED]' },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          // End users' addresses serve the public calls' limits only and are not kept (issue 39): not logged.
          ...(isPublicCall(request.url) ? {} : { remoteAddress: request.ip }),
        }),
      },
    },
    genReqId: requestIdOf,
  };
}

/** Echoes the request id so a client (or a proxy) can quote it when reporting a problem. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
