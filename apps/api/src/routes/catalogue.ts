// Tag `catalogue`: the published guides offered on a customer's site.
import type { Db } from '../db/index.ts';
import { fieldProblem } from '../problems.ts';
import { projectsForUrl } from '../repositories/projects.ts';
import { publishedIn } from '../repositories/scenarios.ts';
import { startRuleOf } from '../repositories/start-rules.ts';
import type { Handler, Schemas } from '../types.ts';
import { organizationOf } from './context.ts';

export const getCatalogue: Handler<'getCatalogue'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const matching = await projectsForUrl(services.db, organizationId, request.query.url);
  if (!matching) throw fieldProblem('/query/url', 'field.url');
  return { status: 200, body: await catalogueOf(services.db, organizationId, matching) };
};

/** The published guides of these projects (those whose sites matched the page), by project. */
export async function catalogueOf(
  db: Db,
  organizationId: string,
  matching: Array<{ id: string; name: string; sites: string[] }>,
): Promise<Schemas['CatalogueEntry'][]> {
  if (matching.length === 0) return [];
  const rows = await publishedIn(
    db,
    organizationId,
    matching.map((p) => p.id),
  );
  const byId = new Map(matching.map((p) => [p.id, p]));
  const entries = rows.map((r): Schemas['CatalogueEntry'] => {
    const project = byId.get(r.project_id);
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      summary: r.summary,
      minDuration: r.min_duration,
      maxDuration: r.max_duration,
      stepCount: Number(r.step_count ?? 0),
      category: { id: r.category_id, name: r.category_name },
      project: { id: r.project_id, name: project?.name ?? '', sites: project?.sites ?? [] },
      // the reader decides on the page whether the guide starts by itself, without another call
      startRule: startRuleOf(r.start_rule),
    };
  });
  entries.sort(
    (a, b) => a.project.name.localeCompare(b.project.name) || a.project.id.localeCompare(b.project.id),
  );
  return entries;
}
