// The questions the assistant found no confident guide for (migration 0019), read and cleared by organization.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Schemas } from '../types.ts';
import { iso } from './dates.ts';

/** Groups shown at most. */
const GROUPS = 50;

/**
 * The organization's questions asked since `since`, grouped by their folded words: the 50 most asked (then most
 * recent) groups are counted first over the period's rows (organization_id, created_at), then each group's newest
 * text is one index lookup (organization_id, folded, created_at) — not a sort of every question of a busy group.
 */
export async function unansweredQuestionGroups(
  db: Db,
  organizationId: string,
  since: Date,
): Promise<Schemas['UnansweredQuestion'][]> {
  const result = await sql<{
    text: string;
    count: number;
    last_asked_at: Date | string;
    project_id: string | null;
  }>`
    WITH groups AS (
      SELECT folded, count(*)::int AS count, max(created_at) AS last_asked_at,
        CASE WHEN count(project_id) = count(*) AND count(DISTINCT project_id) = 1
          THEN min(project_id::text) END AS project_id
      FROM unanswered_questions
      WHERE organization_id = ${organizationId} AND created_at >= ${since}
      GROUP BY folded
      ORDER BY count DESC, last_asked_at DESC, folded
      LIMIT ${GROUPS}
    )
    SELECT newest.text, g.count, g.last_asked_at, g.project_id
    FROM groups g
    CROSS JOIN LATERAL (
      SELECT q.text FROM unanswered_questions q
      WHERE q.organization_id = ${organizationId} AND q.folded = g.folded AND q.created_at >= ${since}
      ORDER BY q.created_at DESC, q.id DESC
      LIMIT 1
    ) newest
    ORDER BY g.count DESC, g.last_asked_at DESC, g.folded`.execute(db);
  return result.rows.map((r) => ({
    text: r.text,
    count: r.count,
    lastAskedAt: iso(r.last_asked_at),
    projectId: r.project_id,
  }));
}

/** Every question of the organization, whatever its date (an Admin's "Effacer"). */
export async function deleteUnansweredQuestions(db: Db, organizationId: string): Promise<void> {
  await db.deleteFrom('unanswered_questions').where('organization_id', '=', organizationId).execute();
}
