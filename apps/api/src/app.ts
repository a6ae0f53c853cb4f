// The server, composed in order: services and problems, then the security headers, the request parsers, every
// operation of openapi.yaml, the API reference, and last the static files with the SPA fallback.
import Fastify, { type FastifyInstance } from 'fastify';
import { type Config, defaultConfig } from './config.ts';
import { type LogStream, loggingOptions } from './logging.ts';
import input from './plugins/app/input.ts';
import problems, { frameworkErrors } from './plugins/app/problems.ts';
import services from './plugins/app/services.ts';
import publicPreflight from './plugins/app/site.ts';
import docs from './plugins/external/docs.ts';
import securityHeaders from './plugins/external/security-headers.ts';
import staticFiles, { backofficeDir } from './plugins/external/static.ts';
import operations from './routes/index.ts';

export { specPath } from './contract.ts';

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
    frameworkErrors,
    // Opening the database (a first PGlite initdb, a remote server) is part of the services plugin's start; how
    // long it may take is the database's business, not a plugin timer's.
    pluginTimeout: 0,
  });
  const backoffice = backofficeDir(config);
  await app.register(services, { config });
  await app.register(problems);
  await app.register(securityHeaders, { backoffice });
  await app.register(input, { config });
  await app.register(publicPreflight);
  await app.register(operations);
  await app.register(docs);
  await app.register(staticFiles, { config, backoffice });
  return app;
}
