// When a guide starts by itself on the customer's pages (issue 42): its start rule, set by any member on the guide
// page's "Démarrage" card, and the snippet's first question on a page view (does this site have automatic guides?).
import { checkPagePattern } from '@mulot/api-client/page-pattern';
import { fieldProblem, HttpProblem } from '../problems.ts';
import { sitesOf } from '../repositories/projects.ts';
import { claimScenario } from '../repositories/scenarios.ts';
import {
  hasAutomaticGuides,
  identifySeenAt,
  startRuleOf,
  startRulePlace,
} from '../repositories/start-rules.ts';
import { expectedVersions } from '../repositories/versions.ts';
import type { Handler, Schemas } from '../types.ts';
import { organizationOf } from './context.ts';

type StartRule = Schemas['StartRule'];

/**
 * The rule as it is stored, or the first field refused: patterns trimmed, on the project's sites, duplicates
 * dropped; an automatic guide starts somewhere; audience rules name an attribute and, but for `is-set`, a value.
 */
export function checkedStartRule(body: StartRule, sites: string[]): StartRule {
  const pages: string[] = [];
  body.pages.forEach((input, index) => {
    const checked = checkPagePattern(input, sites);
    if (!checked.ok)
      throw fieldProblem(
        `/body/pages/${index}`,
        checked.reason === 'site' ? 'field.start-page-site' : 'field.start-page',
      );
    if (!pages.includes(checked.pattern)) pages.push(checked.pattern);
  });
  if (body.mode === 'automatic' && pages.length === 0) throw fieldProblem('/body/pages', 'field.start-pages');
  const audience = body.audience.map((rule, index): Schemas['AudienceRule'] => {
    const attribute = rule.attribute.trim();
    if (!attribute) throw fieldProblem(`/body/audience/${index}/attribute`, 'field.audience-attribute');
    if (rule.operator === 'is-set') return { attribute, operator: rule.operator };
    if (!rule.value?.trim()) throw fieldProblem(`/body/audience/${index}/value`, 'field.audience-value');
    return { attribute, operator: rule.operator, value: rule.value };
  });
  return {
    mode: body.mode,
    pages,
    frequency: body.frequency,
    delaySeconds: body.delaySeconds,
    audience,
  };
}

export const getStartRule: Handler<'getStartRule'> = async (services, request) => {
  const place = await startRulePlace(services.db, organizationOf(request), request.params.id);
  return {
    status: 200,
    body: {
      startRule: startRuleOf(place.start_rule),
      identifySeenAt: await identifySeenAt(services.db, place.project_id),
    },
    etag: place.version,
  };
};

export const updateStartRule: Handler<'updateStartRule'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const scenarioId = request.params.id;
  const expected = expectedVersions(request.ifMatch);
  const place = await startRulePlace(services.db, organizationId, scenarioId);
  const rule = checkedStartRule(request.body, sitesOf(place.sites));
  const version = await services.db
    .transaction()
    .execute((trx) =>
      claimScenario(trx, organizationId, scenarioId, expected, { start_rule: JSON.stringify(rule) }),
    );
  return {
    status: 200,
    body: { startRule: rule, identifySeenAt: await identifySeenAt(services.db, place.project_id) },
    etag: version,
  };
};

export const getPublicStart: Handler<'getPublicStart'> = async (services, request) => {
  if (!request.site) throw new HttpProblem('not-found', { key: 'site-key-unknown' });
  return { status: 200, body: { automatic: await hasAutomaticGuides(services.db, request.site.id) } };
};
