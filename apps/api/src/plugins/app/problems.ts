// Everything thrown while handling a request becomes an RFC 9457 problem, localized by x-locale.
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../../db/errors.ts';
import {
  HttpProblem,
  localeOf,
  localizeTypeParams,
  type ProblemKind,
  render,
  validationProblem,
} from '../../problems.ts';
import { apiSecurityHeaders } from '../external/security-headers.ts';

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

export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  problem: HttpProblem,
): FastifyReply {
  const locale = request.locale ?? localeOf(request.headers['x-locale']);
  localizeTypeParams(problem, locale);
  return reply
    .code(problem.status)
    .headers(problem.headers)
    .type('application/problem+json')
    .send(render(problem, locale, request.url.split('?')[0]));
}

/**
 * Malformed URLs (bad percent-encoding…) are answered before routing: as problems too. They skip the hooks,
 * helmet's included, so the API's security headers are set here.
 */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (error, request, reply) => {
  reply.headers({ ...Object.fromEntries(apiSecurityHeaders), 'x-request-id': request.id });
  void sendProblem(reply, request, toProblem(error, request));
};

export default fp(async function problems(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = toProblem(error, request);
    if (problem.kind === 'unavailable') request.log.warn({ reason: error.message }, 'database unavailable');
    else if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, request, problem);
  });
});
