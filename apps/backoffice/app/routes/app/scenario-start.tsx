// The guide page's "Démarrage" card (issue 42), beside the route that shows it: the rule from its query, saved with
// the guide's version, and the app's one reading of page patterns (@mulot/api-client/page-pattern) for what the form
// refuses and warns about. Not a route of its own.
import { isApiError, type Schemas } from '@mulot/api-client';
import { checkPagePattern, compilePagePattern, matchesPage, pageOf } from '@mulot/api-client/page-pattern';
import { type PagePatternCheck, StartRuleCard, type StepPage } from '@mulot/ui/fragments/guide';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSaveStartRule } from '#app/features/scenarios/mutations.ts';
import { startRuleQuery } from '#app/features/scenarios/queries.ts';
import { errorMessage, isRetryable } from '#app/lib/api.ts';
import { contentMessages as m } from '#app/lib/content-messages.ts';

type Scenario = Schemas['Scenario'];

/** A step's page as an address: a path alone is on the project's first site (where the creator recorded it). */
function stepAddress(url: string, sites: string[]): URL | null {
  try {
    return new URL(url, sites[0] ?? 'https://site.invalid');
  } catch {
    return null;
  }
}

/**
 * A refusal's fields as the card's form names them (`/pages/1` → `pages.1.value`, `/audience/0/value`,
 * `/delaySeconds`); what names none of them is the card's alert.
 */
function refusalOf(error: unknown): { fields: Record<string, string> | null; rest: string | null } {
  if (!error) return { fields: null, rest: null };
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const problem of isApiError(error) ? (error.problem.errors ?? []) : []) {
    const pointer = problem.in === 'body' ? problem.pointer : '';
    const page = /^\/pages\/(\d+)$/.exec(pointer);
    const rule = /^\/audience\/(\d+)\/(attribute|operator|value)$/.exec(pointer);
    const name = page
      ? `pages.${page[1]}.value`
      : rule
        ? `audience.${rule[1]}.${rule[2]}`
        : pointer === '/delaySeconds'
          ? 'delaySeconds'
          : null;
    if (name) fields[name] ??= problem.message;
    else rest.push(problem.message);
  }
  const named = Object.keys(fields).length > 0;
  return {
    fields: named ? fields : null,
    rest: rest.length > 0 ? rest.join(' ') : named ? null : errorMessage(error),
  };
}

export function ScenarioStartCard({ scenario }: { scenario: Scenario }) {
  const intl = useIntl();
  const rule = useQuery(startRuleQuery(scenario.id));
  const save = useSaveStartRule();
  const sites = scenario.category.project.sites;

  // "Page actuelle": each step's page once, as a path (valid on every site of the project)
  const stepPages = useMemo(() => {
    const pages: StepPage[] = [];
    for (const step of scenario.steps) {
      const address = step.url ? stepAddress(step.url, sites) : null;
      if (!address || pages.some((page) => page.pattern === address.pathname)) continue;
      pages.push({
        label: intl.formatMessage(
          { id: 'app.scenario.startStepPage', defaultMessage: 'Étape {number} : {name}' },
          { number: step.position, name: step.name },
        ),
        pattern: address.pathname,
      });
    }
    return pages;
  }, [scenario.steps, sites, intl]);

  const stepAddresses = useMemo(
    () =>
      scenario.steps.flatMap((step) => {
        const address = step.url ? stepAddress(step.url, sites) : null;
        return address ? [pageOf(address)] : [];
      }),
    [scenario.steps, sites],
  );

  const checkPattern = useCallback(
    (pattern: string): PagePatternCheck => {
      const checked = checkPagePattern(pattern, sites);
      if (!checked.ok) return { refusal: checked.reason };
      const compiled = compilePagePattern(checked.pattern);
      if (!compiled) return { refusal: 'shape' };
      if (compiled.catchAll) return { coverage: 'every-page' };
      // a guide without step pages has nothing to compare with
      if (stepAddresses.length > 0 && !stepAddresses.some((page) => matchesPage(compiled, page)))
        return { coverage: 'no-step' };
      return {};
    },
    [sites, stepAddresses],
  );

  const refusal = useMemo(() => refusalOf(save.error), [save.error]);
  const saved = rule.data?.startRule;
  return (
    <StartRuleCard
      value={saved}
      identifySeenAt={rule.data?.identifySeenAt}
      loadError={rule.isError ? intl.formatMessage(m.loadStartRuleFailed) : null}
      onRetry={isRetryable(rule.error) ? () => void rule.refetch() : undefined}
      stepPages={stepPages}
      checkPattern={checkPattern}
      pending={save.isPending}
      error={refusal.rest}
      fieldErrors={refusal.fields}
      onSave={(value) => void save.run({ guide: scenario, rule: value })}
    />
  );
}
