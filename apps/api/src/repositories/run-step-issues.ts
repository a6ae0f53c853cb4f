// run_step_issues: the steps whose target a run did not find (or found with low confidence), and what guide health
// computes from them. The health rule, documented on the StepHealth schema of openapi.yaml and in the README, lives
// in the one query of failingSteps.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { notFound } from '../problems.ts';
import type { Schemas } from '../types.ts';
import { iso } from './dates.ts';

const DAY = 24 * 3600 * 1000;
export const HEALTH_WINDOW_DAYS = 30;

interface FailingStepRow {
  step_id: string;
  scenario_id: string;
  position: number;
  name: string;
  url: string;
  target_captured_at: Date | string | null;
  has_screenshot: boolean;
  issue_id: string;
  run_id: string;
  outcome: 'not-found' | 'low-confidence';
  confidence: number | string | null;
  reason: string | null;
  issue_url: string | null;
  last_seen: Date | string;
  issue_has_screenshot: boolean;
  failures: number;
  reached: number;
  cleared: boolean;
}

/**
 * Every step of the organization (or of one scenario) with a failure recorded in the window, with its figures. A run
 * reached step n when it recorded n - 1 completed steps or an issue on that step, and passed it when it recorded n
 * completed steps and no issue on it; a run started after the latest failure that passed the step clears the alert.
 */
export async function failingSteps(
  db: Db,
  organizationId: string,
  scenarioIds?: readonly string[],
): Promise<FailingStepRow[]> {
  if (scenarioIds?.length === 0) return [];
  const since = new Date(Date.now() - HEALTH_WINDOW_DAYS * DAY);
  const ofScenarios = scenarioIds
    ? sql`AND r.scenario_id IN (${sql.join(scenarioIds.map((id) => sql`${id}`))})`
    : sql``;
  // i.created_at >= since adds nothing (an issue is never older than its run) but lets the organization's index
  // on issues (run_step_issues_organization_idx) skip the older ones. The runs of a step are found by its guide
  // alone (st is the organization's, so are its guide's runs): with the organization too, a planner without
  // statistics (PGlite before ANALYZE) walked every run of the organization per step.
  const result = await sql<FailingStepRow>`
    WITH issues AS (
      SELECT i.id, i.run_id, i.step_id, i.outcome, i.confidence, i.url, i.reason, i.created_at
      FROM run_step_issues i JOIN runs r ON r.id = i.run_id
      WHERE i.organization_id = ${organizationId} AND i.created_at >= ${since}
        AND r.organization_id = ${organizationId} AND r.created_at >= ${since} ${ofScenarios}
    ),
    latest AS (
      SELECT DISTINCT ON (step_id) id, run_id, step_id, outcome, confidence, url, reason, created_at
      FROM issues ORDER BY step_id, created_at DESC, id DESC
    ),
    failing AS (
      SELECT step_id, count(DISTINCT run_id)::int AS failures FROM issues GROUP BY step_id
    )
    SELECT st.id AS step_id, st.scenario_id, st.position, st.name, st.url, st.target_captured_at,
      EXISTS (SELECT 1 FROM screenshots sc WHERE sc.step_id = st.id) AS has_screenshot,
      l.id AS issue_id, l.run_id, l.outcome, l.confidence, l.reason, l.url AS issue_url, l.created_at AS last_seen,
      EXISTS (SELECT 1 FROM run_step_issue_screenshots x WHERE x.issue_id = l.id) AS issue_has_screenshot,
      f.failures,
      (SELECT count(*)::int FROM runs r
        WHERE r.scenario_id = st.scenario_id AND r.created_at >= ${since}
          AND (r.steps_completed >= st.position - 1
            OR EXISTS (SELECT 1 FROM issues i2 WHERE i2.run_id = r.id AND i2.step_id = st.id))) AS reached,
      EXISTS (SELECT 1 FROM runs r
        WHERE r.scenario_id = st.scenario_id
          AND r.created_at > l.created_at AND r.steps_completed >= st.position
          AND NOT EXISTS (SELECT 1 FROM run_step_issues i3 WHERE i3.run_id = r.id AND i3.step_id = st.id)) AS cleared
    FROM latest l
    JOIN failing f ON f.step_id = l.step_id
    JOIN steps st ON st.id = l.step_id AND st.organization_id = ${organizationId}
    ORDER BY st.scenario_id, st.position`.execute(db);
  return result.rows;
}

export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}

export function healthOf(row: FailingStepRow): Schemas['StepHealth'] {
  const runs = Math.max(Number(row.reached), Number(row.failures));
  const capturedAt = isoOrNull(row.target_captured_at);
  const lastSeenAt = iso(row.last_seen);
  const health: Schemas['StepHealthStatus'] = row.cleared
    ? 'ok'
    : row.outcome === 'not-found'
      ? 'failing'
      : 'degraded';
  return {
    stepId: row.step_id,
    position: row.position,
    name: row.name,
    url: row.url,
    health,
    runs,
    failures: Number(row.failures),
    failureRate: runs > 0 ? Number(row.failures) / runs : 0,
    lastSeenAt,
    lastOutcome: row.outcome,
    lastUrl: row.issue_url,
    lastConfidence: row.confidence === null ? null : Number(row.confidence),
    lastReason: row.reason as Schemas['FindReason'] | null,
    hasScreenshot: row.has_screenshot,
    latestFailure: { runId: row.run_id, issueId: row.issue_id, hasScreenshot: row.issue_has_screenshot },
    targetCapturedAt: capturedAt,
    repairPending: health !== 'ok' && capturedAt !== null && capturedAt > lastSeenAt,
  };
}

/** Where a page of guides to repair ends: the sort key of its last guide (see `listGuidesToRepair` in openapi.yaml). */
interface RepairCursor {
  failing: boolean;
  /** the latest failure, as the database's text (microseconds: a JS Date would round them off) */
  lastSeen: string;
  scenarioId: string;
}

export const GUIDES_TO_REPAIR_PAGE = 20;

export function encodeRepairCursor(cursor: RepairCursor): string {
  return Buffer.from(JSON.stringify([cursor.failing, cursor.lastSeen, cursor.scenarioId])).toString(
    'base64url',
  );
}

/** The cursor a page gave, or null when it is not one (a client's own string). */
export function decodeRepairCursor(text: string): RepairCursor | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [failing, lastSeen, scenarioId] = value as unknown[];
    if (typeof failing !== 'boolean' || typeof lastSeen !== 'string' || typeof scenarioId !== 'string')
      return null;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(lastSeen)) return null;
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(scenarioId)) return null;
    return { failing, lastSeen, scenarioId };
  } catch {
    return null;
  }
}

interface OpenGuideRow {
  scenario_id: string;
  failing: boolean;
  last_seen: string;
}

/**
 * The guides to repair after `after`, the worst first, one more than a page (to tell whether another follows).
 * Only the alert of each failing step is computed here (its latest failure, and whether a later run passed it);
 * the figures of the steps (runs that reached them) are left to the page's guides alone.
 */
async function openGuides(
  db: Db,
  organizationId: string,
  after: RepairCursor | null,
  limit: number,
): Promise<OpenGuideRow[]> {
  const since = new Date(Date.now() - HEALTH_WINDOW_DAYS * DAY);
  // failing DESC, last_seen DESC, scenario_id ASC: the rows strictly after the cursor's in that order.
  const afterCursor = after
    ? sql`WHERE (failing < ${after.failing}
        OR (failing = ${after.failing} AND (last_seen < ${after.lastSeen}::timestamptz
          OR (last_seen = ${after.lastSeen}::timestamptz AND scenario_id > ${after.scenarioId}::uuid))))`
    : sql``;
  // The window's issues are few (a thousand at 100,000 runs): each one's run, step and later passing run are looked
  // up by index, one LATERAL … LIMIT 1 each, which the planner cannot turn into hash joins over every run and step
  // of the organization (90 ms at 100,000 runs on PostgreSQL with fresh statistics, against a few ms).
  const result = await sql<OpenGuideRow>`
    WITH latest AS (
      SELECT DISTINCT ON (i.step_id) i.step_id, r.scenario_id, i.outcome, i.created_at
      FROM run_step_issues i
      CROSS JOIN LATERAL (SELECT r.scenario_id FROM runs r
        WHERE r.id = i.run_id AND r.organization_id = ${organizationId} AND r.created_at >= ${since} LIMIT 1) r
      WHERE i.organization_id = ${organizationId} AND i.created_at >= ${since}
      ORDER BY i.step_id, i.created_at DESC, i.id DESC
    ),
    open AS (
      SELECT l.scenario_id, l.outcome, l.created_at
      FROM latest l
      CROSS JOIN LATERAL (SELECT st.id, st.scenario_id, st.position FROM steps st
        WHERE st.id = l.step_id AND st.organization_id = ${organizationId} LIMIT 1) st
      LEFT JOIN LATERAL (SELECT true AS passed FROM runs r
        WHERE r.scenario_id = st.scenario_id
          AND r.created_at > l.created_at AND r.steps_completed >= st.position
          AND NOT EXISTS (SELECT 1 FROM run_step_issues i3 WHERE i3.run_id = r.id AND i3.step_id = st.id)
        LIMIT 1) later ON true
      WHERE later.passed IS NULL
    ),
    guides AS (
      SELECT scenario_id, bool_or(outcome = 'not-found') AS failing, max(created_at) AS last_seen
      FROM open GROUP BY scenario_id
    )
    SELECT scenario_id, failing,
      to_char(last_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS last_seen
    FROM guides ${afterCursor}
    ORDER BY failing DESC, guides.last_seen DESC, scenario_id
    LIMIT ${limit}`.execute(db);
  return result.rows;
}

/**
 * A page of the dashboard's "guides to repair": guides with steps that are not ok, the worst first (a failing step
 * before degraded ones only, then the most recent failure), each with those steps only.
 */
export async function guidesToRepair(
  db: Db,
  organizationId: string,
  after: RepairCursor | null = null,
): Promise<Schemas['GuidesToRepairPage']> {
  const found = await openGuides(db, organizationId, after, GUIDES_TO_REPAIR_PAGE + 1);
  const page = found.slice(0, GUIDES_TO_REPAIR_PAGE);
  const last = page.at(-1);
  const next =
    found.length > GUIDES_TO_REPAIR_PAGE && last
      ? encodeRepairCursor({ failing: last.failing, lastSeen: last.last_seen, scenarioId: last.scenario_id })
      : null;
  if (page.length === 0) return { guides: [], next };
  const ids = page.map((g) => g.scenario_id);
  const rows = (await failingSteps(db, organizationId, ids)).filter((r) => !r.cleared);
  const byScenario = new Map<string, Schemas['StepHealth'][]>();
  for (const row of rows) {
    const list = byScenario.get(row.scenario_id) ?? [];
    list.push(healthOf(row));
    byScenario.set(row.scenario_id, list);
  }
  const scenarios = await db
    .selectFrom('scenarios')
    .innerJoin('categories', 'categories.id', 'scenarios.category_id')
    .innerJoin('projects', 'projects.id', 'categories.project_id')
    .select([
      'scenarios.id',
      'scenarios.title',
      'scenarios.status',
      'categories.id as category_id',
      'categories.name as category_name',
      'projects.id as project_id',
      'projects.name as project_name',
      'projects.sites',
    ])
    .where('scenarios.organization_id', '=', organizationId)
    .where('scenarios.id', 'in', ids)
    .execute();
  const byId = new Map(scenarios.map((s) => [s.id, s]));
  const guides = page.flatMap((g): Schemas['GuideToRepair'][] => {
    const s = byId.get(g.scenario_id);
    const steps = byScenario.get(g.scenario_id) ?? [];
    // A guide deleted, or cleared by a run, between the two queries: left out rather than shown without steps.
    if (!s || steps.length === 0) return [];
    return [
      {
        scenarioId: s.id,
        title: s.title,
        status: s.status,
        category: {
          id: s.category_id,
          name: s.category_name,
          project: {
            id: s.project_id,
            name: s.project_name,
            sites: (typeof s.sites === 'string' ? (JSON.parse(s.sites) as string[]) : s.sites) ?? [],
          },
        },
        lastSeenAt: iso(g.last_seen),
        steps,
      },
    ];
  });
  return { guides, next };
}

/** 404 unless the issue belongs to this run of this scenario of the organization. */
export async function findIssue(
  db: Db,
  organizationId: string,
  scenarioId: string,
  runId: string,
  issueId: string,
): Promise<void> {
  const issue = await db
    .selectFrom('run_step_issues')
    .innerJoin('runs', 'runs.id', 'run_step_issues.run_id')
    .select('run_step_issues.id')
    .where('run_step_issues.id', '=', issueId)
    .where('run_step_issues.run_id', '=', runId)
    .where('run_step_issues.organization_id', '=', organizationId)
    .where('runs.scenario_id', '=', scenarioId)
    .where('runs.organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!issue) throw notFound('issue-not-found');
}

/** A run's issues, oldest first. */
export async function issueBodies(db: Db, runId: string): Promise<Schemas['Run']['stepIssues']> {
  const issues = await db
    .selectFrom('run_step_issues')
    .select((eb) => [
      'id',
      'step_id',
      'outcome',
      'confidence',
      'url',
      'reason',
      'created_at',
      eb
        .exists(
          eb
            .selectFrom('run_step_issue_screenshots')
            .select('issue_id')
            .whereRef('run_step_issue_screenshots.issue_id', '=', 'run_step_issues.id'),
        )
        .as('has_screenshot'),
    ])
    .where('run_id', '=', runId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return issues.map((i) => ({
    id: i.id,
    stepId: i.step_id,
    outcome: i.outcome,
    confidence: i.confidence === null ? null : Number(i.confidence),
    url: i.url,
    reason: i.reason as Schemas['FindReason'] | null,
    hasScreenshot: Boolean(i.has_screenshot),
    createdAt: iso(i.created_at),
  }));
}

export async function insertIssues(
  db: Db,
  organizationId: string,
  runId: string,
  issues: Schemas['StepIssue'][],
): Promise<void> {
  if (issues.length === 0) return;
  await db
    .insertInto('run_step_issues')
    .values(
      issues.map((i) => ({
        id: randomUUID(),
        organization_id: organizationId,
        run_id: runId,
        step_id: i.stepId,
        outcome: i.outcome,
        confidence: i.confidence ?? null,
        url: i.url ?? null,
        reason: i.reason ?? null,
      })),
    )
    .execute();
}
