// Tag `dashboard`: the organization's real activity figures.
import { countMembers } from '../repositories/memberships.ts';
import { countRows, createdPerDay } from '../repositories/organizations.ts';
import { loadProjects } from '../repositories/projects.ts';
import { guidesToRepair } from '../repositories/run-step-issues.ts';
import { countPublished } from '../repositories/scenarios.ts';
import type { Handler } from '../types.ts';
import { organizationOf } from './context.ts';

const DAY = 24 * 3600 * 1000;

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export const getDashboard: Handler<'getDashboard'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const db = services.db;
  const today = new Date(`${utcDay(new Date())}T00:00:00.000Z`);
  const start = new Date(today.getTime() - 29 * DAY);
  const count = (table: 'projects' | 'categories' | 'scenarios' | 'steps') =>
    countRows(db, organizationId, table);
  const projects = await count('projects');
  const categories = await count('categories');
  const scenarios = await count('scenarios');
  const steps = await count('steps');
  const members = await countMembers(db, organizationId);
  const published = await countPublished(db, organizationId);
  const created = await createdPerDay(db, organizationId, 'projects', start);
  const launched = await createdPerDay(db, organizationId, 'runs', start);
  const activity = Array.from({ length: 30 }, (_, i) => {
    const date = utcDay(new Date(start.getTime() + i * DAY));
    return { date, projectsCreated: created.get(date) ?? 0, guidesLaunched: launched.get(date) ?? 0 };
  });
  return {
    status: 200,
    body: {
      counts: {
        projects,
        categories,
        scenarios,
        publishedScenarios: published,
        steps,
        members,
        guidesLaunched30d: activity.reduce((sum, d) => sum + d.guidesLaunched, 0),
      },
      activity,
      recentProjects: await loadProjects(db, organizationId, { limit: 5 }),
      guidesToRepair: await guidesToRepair(db, organizationId),
    },
  };
};
