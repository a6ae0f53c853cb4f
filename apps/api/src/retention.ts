// How long end users' anonymous runs (issue 39) and the assistant's questions without a guide (issue 42) are kept
// (README "End users without an account").
import { sql } from 'kysely';
import type { Db } from './db/index.ts';
import { Schedule } from './schedule.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per statement: each is short, so requests waiting for the single PGlite connection get it between two. */
const BATCH = 1000;

/**
 * Deletes the anonymous runs (those with a visitor id) that started more than `days` days before `now`, with their
 * step issues (the foreign keys cascade); members' runs are kept. The dashboard's daily figures are sums kept apart
 * (run_days), so they do not move. Answers how many runs were deleted.
 */
export async function purgeAnonymousRuns(db: Db, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  let total = 0;
  for (;;) {
    const result = await sql`DELETE FROM runs WHERE id IN (
      SELECT id FROM runs WHERE visitor_id IS NOT NULL AND created_at < ${before} LIMIT ${BATCH})`.execute(
      db,
    );
    const deleted = Number(result.numAffectedRows ?? 0);
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/**
 * Every replica runs it, every hour and once at start: the delete is the same whichever replica makes it, and two at
 * once only find fewer rows.
 */
export class AnonymousRunRetention extends Schedule {
  constructor(db: Db, options: { days: number; intervalMs?: number; onError: (error: unknown) => void }) {
    super(() => purgeAnonymousRuns(db, options.days), {
      intervalMs: options.intervalMs ?? 60 * 60 * 1000,
      onError: options.onError,
    });
  }
}

/** The assistant's questions without a guide are kept this many days from when they were asked (issue 42). */
export const unansweredQuestionRetentionDays = 90;

/**
 * Deletes the assistant's questions without a guide asked more than `days` days before `now`, in every organization.
 * Answers how many were deleted.
 */
export async function purgeUnansweredQuestions(db: Db, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  let total = 0;
  for (;;) {
    const result = await sql`DELETE FROM unanswered_questions WHERE id IN (
      SELECT id FROM unanswered_questions WHERE created_at < ${before} LIMIT ${BATCH})`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0);
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/** Like the anonymous runs': every replica, every hour and once at start. */
export class UnansweredQuestionRetention extends Schedule {
  constructor(db: Db, options: { days: number; intervalMs?: number; onError: (error: unknown) => void }) {
    super(() => purgeUnansweredQuestions(db, options.days), {
      intervalMs: options.intervalMs ?? 60 * 60 * 1000,
      onError: options.onError,
    });
  }
}
