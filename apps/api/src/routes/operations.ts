// Every operation of openapi.yaml, routed and validated by the glue from the same file, behind its access rule.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import fp from 'fastify-plugin';
import { type OperationRules, operationRules, specPath } from '../contract.ts';
import { handlers } from '../handlers/index.ts';
import { accessHook } from '../plugins/app/access.ts';
import { respond } from '../plugins/app/conditional.ts';
import { bodyCheck, contentTypeHook } from '../plugins/app/input.ts';
import type { OperationId, RawResult, Request, Services } from '../types.ts';

function routeFor(services: Services, operationId: OperationId, rules: OperationRules) {
  const handler = handlers[operationId] as unknown as (
    s: Services,
    r: Request<OperationId>,
  ) => Promise<{ status: number; body?: unknown; etag?: number } | RawResult>;
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
    });
  return {
    onRequest: [accessHook(services, operationId, rules), contentTypeHook(rules.bodyTypes)],
    preValidation: bodyCheck(rules.bodyTypes),
    handler: respond(services, operationId, rules.access, run),
  };
}

export default fp(async function operations(app: FastifyInstance) {
  // Read at boot: an operation without its x-access stops the server here.
  const rules = operationRules();
  await app.register(openapiGlue, {
    specification: specPath,
    prefix: '/api',
    operationResolver: ((operationId: string) => {
      const found = rules.get(operationId as OperationId);
      if (!found) throw new Error(`openapi.yaml: no rules for ${operationId}`);
      return routeFor(app.mulot, operationId as OperationId, found);
    }) as never,
  });
});
