// Runs arriving for a guide deleted meanwhile (issue 42): a reader that started a guide keeps reporting its progress
// after an author deleted it. They are answered 404 as before and recorded nowhere (a deleted guide's runs and
// figures went with it), but each is counted in the log, so that an operator sees what deletions left in flight.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.ts';
import { HttpProblem } from '../problems.ts';
import { isGone } from '../repositories/runs.ts';

/** Runs dropped since this process started (each replica counts its own). */
let droppedRuns = 0;

/**
 * Runs `write`; when it answers 404 and the guide (or, for an end user's update, the run) no longer exists at all,
 * logs the run as dropped with the running count before answering the same 404.
 */
export async function droppedIfGone<T>(
  db: Db,
  log: FastifyBaseLogger,
  ids: { scenarioId?: string; runId?: string },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof HttpProblem && error.kind === 'not-found' && (await isGone(db, ids))) {
      droppedRuns += 1;
      log.info({ droppedRuns, ...ids }, 'run dropped: its guide was deleted');
    }
    throw error;
  }
}
