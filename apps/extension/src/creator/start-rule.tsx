import { errorText, isStale, type Schemas, updateStartRule } from '@mulot/api-client';
import { startPatternChecker, startRuleRefusal, stepPages } from '@mulot/api-client/start-rule';
import { StartRuleCard, type StartRuleValue } from '@mulot/ui/fragments/guide';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import type { Api } from '../client';
import { trusted } from '../trusted';
import { messages } from './creator-messages';

type Scenario = Schemas['Scenario'];

/** The tab's path, followed across a single-page site's routes (the Navigation API sees its `history.pushState`). */
function useTabPath(): string {
  return useSyncExternalStore(
    (changed) => {
      const navigation = (globalThis as { navigation?: EventTarget }).navigation;
      navigation?.addEventListener('currententrychange', changed);
      addEventListener('popstate', changed);
      return () => {
        navigation?.removeEventListener('currententrychange', changed);
        removeEventListener('popstate', changed);
      };
    },
    () => location.pathname,
  );
}

/**
 * The guide's "Démarrage" card in the creator (issue 42), where the author stands on the customer's page: its
 * "Page actuelle" offers the page the tab shows first ("Cette page"), then the guide's step pages.
 * Saving moves the guide's version: `onSaved` reads it again; a guide changed meanwhile is `onStale`'s.
 */
export function CreatorStartRule({
  api,
  scenario,
  onSaved,
  onStale,
}: {
  api: Api;
  scenario: Scenario;
  onSaved: (status: string) => void;
  onStale: () => void;
}) {
  const intl = useIntl();
  const [state, setState] = useState<Schemas['StartRuleState']>();
  const [loadError, setLoadError] = useState(false);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<{ fields: Record<string, string> | null; rest: string | null }>({
    fields: null,
    rest: null,
  });

  const load = useCallback(async () => {
    setLoadError(false);
    try {
      const { data } = await api.GET('/scenarios/{id}/start-rule', {
        params: { path: { id: scenario.id } },
      });
      setState(data);
    } catch {
      setLoadError(true);
    }
  }, [api, scenario.id]);
  useEffect(() => {
    void load();
  }, [load]);

  const sites = scenario.category.project.sites;
  const currentPage = useTabPath();
  const pages = useMemo(() => stepPages(scenario.steps, sites), [scenario.steps, sites]);
  const checkPattern = useMemo(() => startPatternChecker(sites, scenario.steps), [sites, scenario.steps]);

  const save = async (value: StartRuleValue) => {
    setPending(true);
    setRefusal({ fields: null, rest: null });
    try {
      setState(await updateStartRule(api, scenario, value));
      onSaved(intl.formatMessage(messages.startRuleSaved));
    } catch (error) {
      if (isStale(error)) return onStale();
      setRefusal(startRuleRefusal(error, errorText(error, intl.formatMessage(messages.error))));
    } finally {
      setPending(false);
    }
  };

  return (
    <StartRuleCard
      value={state?.startRule}
      identifySeenAt={state?.identifySeenAt}
      loadError={loadError ? intl.formatMessage(messages.startRuleLoadError) : null}
      onRetry={() => void load()}
      stepPages={pages}
      currentPage={currentPage}
      checkPattern={checkPattern}
      pending={pending}
      error={refusal.rest}
      fieldErrors={refusal.fields}
      onSave={trusted((value: StartRuleValue) => void save(value))}
    />
  );
}
