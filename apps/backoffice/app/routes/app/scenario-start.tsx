// The guide page's "Démarrage" card (issue 42), beside the route that shows it: the rule from its query, saved with
// the guide's version, and the api-client's reading of page patterns and refusals (@mulot/api-client/start-rule),
// which the extension's creator shares. Not a route of its own.

import type { Schemas } from '@mulot/api-client';
import {
  startPatternChecker,
  startRuleRefusal,
  stepPages as stepPagesOf,
} from '@mulot/api-client/start-rule';
import { StartRuleCard } from '@mulot/ui/fragments/guide';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSaveStartRule } from '#app/features/scenarios/mutations.ts';
import { startRuleQuery } from '#app/features/scenarios/queries.ts';
import { errorMessage, isRetryable } from '#app/lib/api.ts';
import { contentMessages as m } from '#app/lib/content-messages.ts';

type Scenario = Schemas['Scenario'];

export function ScenarioStartCard({ scenario }: { scenario: Scenario }) {
  const intl = useIntl();
  const rule = useQuery(startRuleQuery(scenario.id));
  const save = useSaveStartRule();
  const sites = scenario.category.project.sites;

  const stepPages = useMemo(() => stepPagesOf(scenario.steps, sites), [scenario.steps, sites]);
  const checkPattern = useMemo(() => startPatternChecker(sites, scenario.steps), [sites, scenario.steps]);
  const refusal = useMemo(
    () =>
      save.error ? startRuleRefusal(save.error, errorMessage(save.error)) : { fields: null, rest: null },
    [save.error],
  );
  return (
    <StartRuleCard
      value={rule.data?.startRule}
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
