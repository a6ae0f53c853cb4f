// Tag `operations`: probes for process supervisors and load balancers.
import { sql } from 'kysely';
import { migrationStatus } from '../db/index.ts';
import { HttpProblem } from '../problems.ts';
import type { Handler } from '../types.ts';

const started = Date.now();

export const getHealth: Handler<'getHealth'> = async () => ({
  status: 200,
  body: { status: 'ok', uptimeSeconds: Math.floor((Date.now() - started) / 1000) },
});

/** A database that hangs (a lost server, a full pool) must make the probe fail, not wait. */
const readyTimeoutMs = 2000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), readyTimeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export const getReadiness: Handler<'getReadiness'> = async (services, request) => {
  let status: Awaited<ReturnType<typeof migrationStatus>>;
  let pendingMails: number;
  try {
    [status, pendingMails] = await withTimeout(
      (async () => {
        await sql`SELECT 1`.execute(services.db);
        return Promise.all([migrationStatus(services.db), services.outbox.pending()]);
      })(),
    );
  } catch (error) {
    request.log.warn({ err: error }, 'not ready: the database does not answer');
    throw new HttpProblem('not-ready', { key: 'not-ready.database' });
  }
  if (status.missing.length > 0) throw new HttpProblem('not-ready', { key: 'not-ready.migrations' });
  return { status: 200, body: { status: 'ready', migrations: status.applied, pendingMails } };
};
