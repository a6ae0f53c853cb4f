// organizations: the rows a tenant's data hangs from.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

/**
 * Moves the organization's content version after a write by one of its members. Run once the write has committed
 * (a read that saw the new version then sees the new content); a failure is logged, not answered: the write
 * itself is done, and the next write in the organization moves the version anyway.
 */
export async function bumpContentVersion(db: Db, organizationId: string, log: FastifyBaseLogger) {
  try {
    await sql`UPDATE organizations SET content_version = content_version + 1 WHERE id = ${organizationId}`.execute(
      db,
    );
  } catch (error) {
    log.warn({ reason: (error as Error).message }, 'content version not moved');
  }
}
