#!/usr/bin/env node
import type { FastifyInstance } from 'fastify';
import { type Config, ConfigError, configFromEnv, startupWarnings } from './config.ts';

/** How long in-flight requests and the mail being sent get after SIGTERM before the process gives up on them. */
const shutdownGraceMs = 30_000;

function masked(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable)';
  }
}

/** One line saying what is wrong with the configuration or the machine, naming the variable to change. */
function startupProblem(error: unknown, config: Config | undefined): string {
  if (error instanceof ConfigError) return `configuration error: ${error.message}`;
  const err = error as NodeJS.ErrnoException & { address?: string };
  const message = (err?.message ?? String(error)).split('\n')[0] ?? '';
  if (!config) return `cannot start: ${message}`;
  switch (err?.syscall === 'listen' ? err.code : undefined) {
    case 'EADDRINUSE':
      return `configuration error: PORT ${config.port} is already in use on ${config.host}`;
    case 'EACCES':
      return `configuration error: PORT ${config.port} needs privileges this process does not have`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `configuration error: HOST ${config.host} is not an address of this machine`;
  }
  if (config.database.kind === 'postgres') {
    return `configuration error: DATABASE_URL ${masked(config.database.url)} cannot be used: ${message || err?.code}`;
  }
  if (err?.path || err?.code === 'EACCES')
    return `configuration error: DATA_DIR ${config.dataDir}: ${message}`;
  return `cannot start: ${message}`;
}

let config: Config | undefined;
let app: FastifyInstance | undefined;
try {
  config = configFromEnv();
  // Loaded only once the configuration is known to be right: a wrong value is reported at once.
  const { buildServer } = await import('./app.ts');
  app = await buildServer(config);
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  // Nobody else reads migration 0012's report: the operator is told at every start until the authors fix them.
  const { reportedStepUrls } = await import('./repositories/steps.ts');
  const reported = await reportedStepUrls(app.mulot.db);
  if (reported.steps > 0)
    app.log.warn(
      reported,
      `${reported.steps} step URL(s) saved before issue 37 are not http(s) pages of their project's sites (table step_url_reports, ${reported.organizations} organization(s)): the guides play them only on the project's sites; list them with the query in the README's "Operations" and ask their authors to fix each step's URL`,
    );
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(`mulot: ${startupProblem(error, config)}`);
  await app?.close().catch(() => {});
  process.exit(1);
}

// SIGTERM (a supervisor, a rolling deploy) or SIGINT (Ctrl-C): stop accepting connections, let the requests in
// progress finish, let the outbox worker finish the mail it is sending, close the database, exit 0. A second
// signal during that kills at once (the handler is only installed once).
const server = app;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, 'shutting down: finishing the requests in progress');
    const force = setTimeout(() => {
      server.log.error(`shutdown took longer than ${shutdownGraceMs / 1000} s, exiting anyway`);
      process.exit(1);
    }, shutdownGraceMs);
    force.unref();
    server.close().then(
      () => {
        server.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        server.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
