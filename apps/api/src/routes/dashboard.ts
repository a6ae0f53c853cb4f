// Tag `dashboard`: the organization's real activity figures. Every query is bounded by the organization's indexes
// and returns a handful of rows: the runs come summed per day (repositories/run-days.ts), the guides to repair a
// page at a time.
import { fieldProblem } from '../problems.ts';
import {
  type ContentCounts,
  contentCounts,
  memberCount,
  projectsCreatedPerDay,
} from '../repositories/organizations.ts';
import { loadProjects } from '../repositories/projects.ts';
import { launchedPerDay } from '../repositories/run-days.ts';
import { decodeRepairCursor, guidesToRepair } from '../repositories/run-step-issues.ts';
import { deleteUnansweredQuestions, unansweredQuestionGroups } from '../repositories/unanswered-questions.ts';
import type { Handler, Services } from '../types.ts';
import { organizationOf } from './context.ts';

const DAY = 24 * 3600 * 1000;

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * This replica's content counts by organization and content version: counting 100,000 steps took most of a
 * dashboard's time at 1,000 projects, and the counts change only with the writes that move the version (which every
 * replica reads from the database on each request). Bounded, oldest first out.
 */
const countsAtVersion = new Map<string, ContentCounts>();

async function countsOf(services: Services, organizationId: string, version: string | null | undefined) {
  if (version === null || version === undefined) return contentCounts(services.db, organizationId);
  const key = `${organizationId}:${version}`;
  const held = countsAtVersion.get(key);
  if (held) return held;
  const counts = await contentCounts(services.db, organizationId);
  countsAtVersion.set(key, counts);
  if (countsAtVersion.size > 1000) countsAtVersion.delete(countsAtVersion.keys().next().value as string);
  return counts;
}

export const getDashboard: Handler<'getDashboard'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const db = services.db;
  const today = new Date(`${utcDay(new Date())}T00:00:00.000Z`);
  const start = new Date(today.getTime() - 29 * DAY);
  const counts = {
    ...(await countsOf(services, organizationId, request.caller?.contentVersion)),
    members: await memberCount(db, organizationId),
  };
  const created = await projectsCreatedPerDay(db, organizationId, start);
  const launched = await launchedPerDay(db, organizationId, utcDay(start));
  const activity = Array.from({ length: 30 }, (_, i) => {
    const date = utcDay(new Date(start.getTime() + i * DAY));
    return { date, projectsCreated: created.get(date) ?? 0, guidesLaunched: launched.get(date) ?? 0 };
  });
  return {
    status: 200,
    body: {
      counts: { ...counts, guidesLaunched30d: activity.reduce((sum, d) => sum + d.guidesLaunched, 0) },
      activity,
      recentProjects: await loadProjects(db, organizationId, { limit: 5 }),
    },
  };
};

export const listGuidesToRepair: Handler<'listGuidesToRepair'> = async (services, request) => {
  const text = request.query.cursor;
  const cursor = text === undefined ? null : decodeRepairCursor(text);
  if (text !== undefined && !cursor) throw fieldProblem('/query/cursor', 'field.invalid');
  return { status: 200, body: await guidesToRepair(services.db, organizationOf(request), cursor) };
};

/** "Questions sans guide": the period is the `days` UTC days ending today, like a guide's statistics. */
export const listUnansweredQuestions: Handler<'listUnansweredQuestions'> = async (services, request) => {
  const days = request.query.days ?? 30;
  const today = new Date(`${utcDay(new Date())}T00:00:00.000Z`);
  const since = new Date(today.getTime() - (days - 1) * DAY);
  const items = await unansweredQuestionGroups(services.db, organizationOf(request), since);
  return { status: 200, body: { days, items } };
};

export const clearUnansweredQuestions: Handler<'clearUnansweredQuestions'> = async (services, request) => {
  // This replica's questions not yet written would otherwise come back after the delete.
  await services.unansweredQuestions.flush().catch(() => undefined);
  await deleteUnansweredQuestions(services.db, organizationOf(request));
  return { status: 204, body: undefined };
};
