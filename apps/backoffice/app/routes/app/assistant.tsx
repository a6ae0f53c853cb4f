import { ContentHeader, pageStack } from '@mulot/ui/fragments/content';
import { ChoiceSelect, ExtensionAbsentNotice } from '@mulot/ui/fragments/guide';
import { type AssistantAnswer, AssistantPrompt, type AssistantResult } from '@mulot/ui/fragments/runner';
import { css } from '@mulot/ui/styled-system/css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { allProjectsQuery } from '#app/features/projects/queries.ts';
import { scenarioQuery } from '#app/features/scenarios/queries.ts';
import { errorMessage } from '#app/lib/api.ts';
import { reportFailure } from '#app/lib/content.ts';
import { launchedMessage, contentMessages as m } from '#app/lib/content-messages.ts';
import { extensionInstalled, launchExtension } from '#app/lib/extension.ts';
import { useExtensionInstall } from '#app/lib/extension-install.ts';
import { $api, queryClient } from '#app/lib/query.ts';
import { title } from '#app/lib/title.ts';
import { toast } from '#app/lib/toast.ts';

export const meta = () => title('titleAssistant');

const messages = defineMessages({
  description: {
    id: 'app.assistant.description',
    defaultMessage:
      'Essayez l’assistant comme vos utilisateurs : décrivez une tâche, il propose les guides publiés qui y répondent.',
  },
  site: { id: 'app.assistant.site', defaultMessage: 'Site' },
  allSites: { id: 'app.assistant.allSites', defaultMessage: 'Tous les sites' },
});

const ALL = '*';
const narrow = css({ maxW: '2xl', display: 'flex', flexDirection: 'column', gap: '6' });

/**
 * The assistant of the extension, for authors (an addition to the spec's route table): what end users get when they
 * describe a task, optionally on one project site, with each guide launched in reader mode.
 */
export default function AssistantPage() {
  const intl = useIntl();
  const projects = useQuery(allProjectsQuery);
  const ask = $api.useMutation('post', '/assistant');
  const [site, setSite] = useState(ALL);
  const [answer, setAnswer] = useState<AssistantAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The extension marks the page at document start; checked after mount (nothing is prerendered here).
  const [installed, setInstalled] = useState(true);
  useEffect(() => setInstalled(extensionInstalled()), []);
  const install = useExtensionInstall();

  const sites = useMemo(() => {
    const all = (projects.data ?? []).flatMap((p) =>
      p.sites.map((s) => ({ value: s, label: `${s} (${p.name})` })),
    );
    return [{ value: ALL, label: intl.formatMessage(messages.allSites) }, ...all];
  }, [projects.data, intl]);

  const onSubmit = async ({ query }: { query: string }) => {
    setError(null);
    try {
      const result = await ask.mutateAsync({ body: { query, ...(site !== ALL ? { url: site } : {}) } });
      setAnswer({
        results: result.guides,
        weak: result.weak ?? [],
        guidance: result.guidance ?? null,
        fallback: Boolean(result.fallback),
      });
    } catch (failure) {
      setAnswer(null);
      setError(errorMessage(failure));
    }
  };

  // A guide plays where it starts: the chosen site, else the page of its first step, else its project's site.
  const onLaunch = async (result: AssistantResult) => {
    if (!extensionInstalled()) {
      setInstalled(false);
      return;
    }
    try {
      const scenario = await queryClient.fetchQuery(scenarioQuery(result.scenarioId));
      const url =
        (site !== ALL ? site : '') || scenario.steps[0]?.url || scenario.category.project.sites[0] || '';
      if (!url) {
        toast({ title: intl.formatMessage(m.noSite), variant: 'destructive' });
        return;
      }
      toast({ title: intl.formatMessage(launchedMessage, { url }) });
      const launched = await launchExtension({ mode: 'reader', url, scenarioId: result.scenarioId });
      if (!launched.ok) {
        toast({
          title: intl.formatMessage(m.launchFailed),
          description: launched.error,
          variant: 'destructive',
        });
      }
    } catch (failure) {
      reportFailure(intl, 'launch guide from assistant', failure);
    }
  };

  return (
    <div className={pageStack}>
      <ContentHeader
        title={intl.formatMessage({ id: 'app.assistant.title', defaultMessage: 'Assistant' })}
        description={intl.formatMessage(messages.description)}
      />
      <div className={narrow}>
        {!installed && install !== undefined && <ExtensionAbsentNotice install={install} />}
        {sites.length > 1 && (
          <ChoiceSelect
            label={intl.formatMessage(messages.site)}
            items={sites}
            value={site}
            onChange={(value) => setSite(value || ALL)}
            placeholder={intl.formatMessage(messages.allSites)}
          />
        )}
        <AssistantPrompt
          pending={ask.isPending}
          answer={answer}
          error={error}
          onSubmit={(values) => void onSubmit(values)}
          onLaunch={(result) => void onLaunch(result)}
          // The guides are listed in their projects' categories.
          guidesHref="/app/projects"
        />
      </div>
    </div>
  );
}
