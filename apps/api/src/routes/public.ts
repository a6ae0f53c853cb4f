// Tag `public`: what a customer's site reads and records for its end users, who have no Mulot account (issue 39).
// The site key's project was found, its origin checked and the call counted before these run (plugins/app/site.ts):
// each reads or writes that project's published guides only.
import { normalizeSite } from '@mulot/api-client/site';
import { fieldProblem, HttpProblem } from '../problems.ts';
import { iso } from '../repositories/dates.ts';
import { onSites, sitesOf } from '../repositories/projects.ts';
import { countRun } from '../repositories/run-days.ts';
import { insertIssues } from '../repositories/run-step-issues.ts';
import * as runs from '../repositories/runs.ts';
import { isPublishedIn, publishedScenario, scenarioBody } from '../repositories/scenarios.ts';
import type { Handler, OperationId, Request, Schemas, Site } from '../types.ts';
import { answerQuestion } from './assistant.ts';
import { catalogueOf } from './catalogue.ts';
import { droppedIfGone } from './dropped-runs.ts';
import { checkIssues } from './runs.ts';

function siteOf<K extends OperationId>(request: Request<K>): Site {
  if (!request.site) throw new HttpProblem('not-found', { key: 'site-key-unknown' });
  return request.site;
}

/** The project as the catalogue and the assistant describe it, when the page is on one of its sites. */
function onSite(site: Site, url: string, field: string) {
  if (!onSites(site.sites, url)) throw fieldProblem(field, 'field.url');
  return { id: site.id, name: site.name, sites: sitesOf(site.sites) };
}

export const getPublicCatalogue: Handler<'getPublicCatalogue'> = async (services, request) => {
  const site = siteOf(request);
  const project = onSite(site, request.query.url, '/query/url');
  return {
    status: 200,
    body: await catalogueOf(services.db, site.organization_id, [project]),
  };
};

/**
 * The origins of the key's project's sites: where the extension deployed by an organization's policy offers the
 * project's guides (it registers its end users' script on these sites only, and asks nothing about other pages).
 */
export const getPublicSites: Handler<'getPublicSites'> = async (_services, request) => {
  const site = siteOf(request);
  // a site as stored read as the back-office reads one (a bare host means https, a loopback one http)
  const origins = sitesOf(site.sites).flatMap((value) => {
    const normalized = normalizeSite(value);
    return normalized.ok ? [normalized.origin] : [];
  });
  return { status: 200, body: { sites: [...new Set(origins)] } };
};

export const getPublicScenario: Handler<'getPublicScenario'> = async (services, request) => {
  const site = siteOf(request);
  await publishedScenario(services.db, site, request.params.id);
  const body = await scenarioBody(services.db, site.organization_id, request.params.id);
  // A prerequisite may name a draft or another project's guide: its text stays, the guide it names is not shown.
  const prerequisites = await Promise.all(
    body.prerequisites.map(async (p) => {
      const shown = p.scenarioId !== null && (await isPublishedIn(services.db, site, p.scenarioId));
      return shown ? p : { ...p, scenarioId: null, scenario: null };
    }),
  );
  return { status: 200, body: { ...body, prerequisites } };
};

export const askPublicAssistant: Handler<'askPublicAssistant'> = async (services, request) => {
  const site = siteOf(request);
  const query = request.body.query.trim();
  if (query.length === 0) throw fieldProblem('/body/query', 'field.blank');
  onSite(site, request.body.url, '/body/url');
  const scope = {
    organizationId: site.organization_id,
    projectIds: [site.id],
    contentVersion: site.content_version,
  };
  return { status: 200, body: await answerQuestion(services, scope, query, request.locale, request.log) };
};

function publicRun(run: Awaited<ReturnType<typeof runs.insertRun>>): Schemas['PublicRun'] {
  return {
    id: run.id,
    scenarioId: run.scenario_id,
    status: run.status,
    stepsCompleted: run.steps_completed,
    createdAt: iso(run.created_at),
    updatedAt: iso(run.updated_at),
  };
}

export const createPublicRun: Handler<'createPublicRun'> = async (services, request) => {
  const site = siteOf(request);
  const { scenarioId, visitorId, source, ...input } = request.body;
  const by = { visitorId, source: source ?? 'embed' };
  const run = await droppedIfGone(services.db, request.log, { scenarioId }, () =>
    services.db.transaction().execute(async (trx) => {
      await publishedScenario(trx, site, scenarioId);
      const issues = await checkIssues(trx, scenarioId, input.stepIssues);
      const run = await runs.insertRun(trx, site.organization_id, scenarioId, by, input);
      await countRun(trx, run, null);
      await insertIssues(trx, site.organization_id, run.id, issues);
      return run;
    }),
  );
  return { status: 201, body: publicRun(run) };
};

export const updatePublicRun: Handler<'updatePublicRun'> = async (services, request) => {
  const site = siteOf(request);
  const { visitorId, status, stepsCompleted, stepIssues } = request.body;
  // An end user's update names no guide: a run no longer found anywhere went with its guide.
  const run = await droppedIfGone(services.db, request.log, { runId: request.params.runId }, () =>
    services.db.transaction().execute(async (trx) => {
      // Locked: two updates of one run at once must not both count its ending.
      const existing = await runs.findVisitorRun(trx, site, request.params.runId, visitorId);
      const issues = await checkIssues(trx, existing.scenario_id, stepIssues);
      const run = await runs.updateRun(trx, existing.id, {
        status: status ?? existing.status,
        steps_completed: stepsCompleted ?? existing.steps_completed,
      });
      await countRun(trx, run, existing);
      await insertIssues(trx, site.organization_id, existing.id, issues);
      return run;
    }),
  );
  return { status: 200, body: publicRun(run) };
};
