// The assistant's questions that found no confident guide (issue 42): the dashboard's "Questions sans guide".
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { foldWords } from './assistant/query.ts';
import type { Db } from './db/index.ts';
import { Flushed } from './flushed.ts';

/**
 * The grouping key: the same words once folded (lower case, accents and punctuation removed, spaces collapsed), the
 * folding the assistant matches guides with. A question with no Latin letter nor digit folds to nothing: it is
 * grouped by its lower-cased text instead, so that it does not join every other such question.
 */
export function groupingKey(text: string): string {
  const folded = foldWords(text).join(' ');
  return folded || text.toLowerCase().replace(/\s+/gu, ' ').trim();
}

interface Question {
  id: string;
  organizationId: string;
  projectId: string | null;
  text: string;
  folded: string;
  askedAt: Date;
  /** Writes that failed with it in the batch. */
  failures: number;
}

/** Rows per statement. */
const BATCH = 500;
/** A question is given up after this many failed writes (a poison row must not hold the others back forever). */
const MAX_FAILURES = 3;

/**
 * Questions are remembered in memory and written about once a second in a few statements (like the site sightings):
 * the answer never waits for a write, and a write that fails never fails an answer — it is logged, and its questions
 * are tried again with the next flush (three times at most). Bounded: past `limit` waiting questions (a database
 * down for a long while), new ones are dropped, and logged. Stopping writes what waits.
 */
export class UnansweredQuestions extends Flushed {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #limit: number;
  #waiting: Question[] = [];
  #dropped = 0;

  constructor(db: Db, log: FastifyBaseLogger, limit = 10_000) {
    super();
    this.#db = db;
    this.#log = log;
    this.#limit = limit;
  }

  /** The assistant answered `text` with no confident guide, in `projectId` when the question was scoped to one. */
  record(organizationId: string, projectId: string | null, text: string, now = new Date()): void {
    const trimmed = text.trim();
    if (trimmed.length === 0) return;
    if (this.#waiting.length >= this.#limit) {
      this.#dropped += 1;
      return;
    }
    this.#waiting.push({
      id: randomUUID(),
      organizationId,
      projectId,
      text: trimmed,
      folded: groupingKey(trimmed),
      askedAt: now,
      failures: 0,
    });
  }

  protected async write(): Promise<void> {
    if (this.#dropped > 0) {
      this.#log.warn(
        { dropped: this.#dropped },
        'assistant questions without a guide not recorded: too many waiting',
      );
      this.#dropped = 0;
    }
    const batch = this.#waiting;
    this.#waiting = [];
    for (let start = 0; start < batch.length; start += BATCH) {
      const rows = batch.slice(start, start + BATCH);
      try {
        await insert(this.#db, rows);
      } catch (error) {
        const retried = batch.slice(start).filter((q) => ++q.failures < MAX_FAILURES);
        this.#log.warn(
          { err: error, questions: batch.length - start, retried: retried.length },
          'assistant questions without a guide not recorded',
        );
        this.#waiting = [...retried, ...this.#waiting].slice(0, this.#limit);
        throw error;
      }
    }
  }
}

async function insert(db: Db, questions: Question[]): Promise<void> {
  const values = sql.join(
    questions.map(
      (q) =>
        sql`(${q.id}::uuid, ${q.organizationId}::uuid, ${q.projectId}::uuid, ${q.text}, ${q.folded}, ${q.askedAt}::timestamptz)`,
    ),
  );
  // An organization or a project deleted since the question was asked: its question goes with it, the others stay.
  await sql`
    INSERT INTO unanswered_questions (id, organization_id, project_id, text, folded, created_at)
    SELECT v.id, v.organization_id, v.project_id, v.text, v.folded, v.asked_at
    FROM (VALUES ${values}) AS v (id, organization_id, project_id, text, folded, asked_at)
    JOIN organizations o ON o.id = v.organization_id
    WHERE v.project_id IS NULL OR EXISTS (SELECT 1 FROM projects p WHERE p.id = v.project_id)`.execute(db);
}
