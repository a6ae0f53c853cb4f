// A guide's start rule (scenarios.start_rule, migration 0020) and what the "Démarrage" card and the snippet read
// beside it: whether the project's pages ever identified their user, whether the project has automatic guides.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { notFound } from '../problems.ts';
import type { Schemas } from '../types.ts';
import { iso } from './dates.ts';

type StartRule = Schemas['StartRule'];

/** Today's behaviour, every guide's until an author changes it (the column's default). */
export const manualRule: StartRule = {
  mode: 'manual',
  pages: [],
  frequency: 'once',
  delaySeconds: 0,
  audience: [],
};

/**
 * The stored value as the contract's StartRule: written whole by the API only, after checking it; read back as
 * stored (a driver may answer jsonb as text).
 */
export function startRuleOf(value: unknown): StartRule {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!parsed || typeof parsed !== 'object') return manualRule;
  return { ...manualRule, ...(parsed as Partial<StartRule>) };
}

/** The guide's stored rule and version, with its project's id and sites (404 for another organization's). */
export async function startRulePlace(db: Db, organizationId: string, scenarioId: string) {
  const row = await db
    .selectFrom('scenarios')
    .innerJoin('categories', 'categories.id', 'scenarios.category_id')
    .innerJoin('projects', 'projects.id', 'categories.project_id')
    .select(['scenarios.start_rule', 'scenarios.version', 'projects.id as project_id', 'projects.sites'])
    .where('scenarios.id', '=', scenarioId)
    .where('scenarios.organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!row) throw notFound('scenario-not-found');
  return row;
}

/** When a page of the project last identified its user (within a minute), or null. */
export async function identifySeenAt(db: Db, projectId: string): Promise<string | null> {
  const row = await sql<{ last_seen_at: Date | string }>`
    SELECT last_seen_at FROM identify_sightings WHERE project_id = ${projectId}`.execute(db);
  const seen = row.rows[0]?.last_seen_at;
  return seen === undefined ? null : iso(seen);
}

/** Whether a published guide of the project starts by itself. */
export async function hasAutomaticGuides(db: Db, projectId: string): Promise<boolean> {
  const row = await sql<{ found: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM scenarios s JOIN categories c ON c.id = s.category_id
      WHERE c.project_id = ${projectId} AND s.status = 'published' AND s.start_rule->>'mode' = 'automatic'
    ) AS found`.execute(db);
  return row.rows[0]?.found === true;
}
