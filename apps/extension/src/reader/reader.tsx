import type { Schemas } from '@mulot/api-client';
import { mountReader, type ReaderHost } from '@mulot/reader';
import type { Api } from '../client';
import type { Context } from '../context';
import { addInterFont } from '../font';
import { toLocale } from '../intl';
import { onSites } from '../launch';
import type { ReaderState } from '../messages';
import { PANEL_CSS, PanelHost } from '../panel-host';
import { send, tabState } from '../runtime';

/** The member's calls, through the background (which adds the session): the reader's transport in the extension. */
function memberTransport(api: Api): ReaderHost['transport'] {
  return {
    catalogue: async (url) => (await api.GET('/catalogue', { params: { query: { url } } })).data ?? [],
    scenario: async (id) => {
      const { data } = await api.GET('/scenarios/{id}', { params: { path: { id } } });
      if (!data) throw new TypeError('no guide');
      return data;
    },
    assistant: async (query, url) => {
      const { data } = await api.POST('/assistant', { body: { query, url } });
      if (!data) throw new TypeError('no answer');
      return data;
    },
    startRun: async (id, url) =>
      (
        await api.POST('/scenarios/{id}/runs', {
          params: { path: { id } },
          body: { status: 'started', url, stepsCompleted: 0 },
        })
      ).data?.id ?? null,
    updateRun: async (id, runId, body: Schemas['RunUpdate']) => {
      const recorded = (
        await api.PATCH('/scenarios/{id}/runs/{runId}', { params: { path: { id, runId } }, body })
      ).data;
      // a step whose target was not found: the page as the user sees it now, for the author to compare with the
      // step's own screenshot (the background captures the visible tab)
      const stepId = body.stepIssues?.at(-1)?.stepId;
      const added = stepId ? recorded?.stepIssues.filter((i) => i.stepId === stepId).at(-1) : undefined;
      if (recorded && added)
        void send({
          kind: 'issue-screenshot:put',
          scenarioId: id,
          runId: recorded.id,
          issueId: added.id,
        }).catch(() => undefined);
    },
    screenshot: async (scenarioId, stepId) =>
      (await send<{ dataUrl: string | null } | null>({ kind: 'screenshot:get', scenarioId, stepId }))
        ?.dataUrl ?? null,
  };
}

/**
 * Reader mode: `@mulot/reader` with the member's session as its transport, the tab's state (kept by the
 * background) as its storage, the guides completed in this browser kept by the background too (the extension's
 * storage is not readable from content scripts).
 */
export function mountExtensionReader(context: Context, initial: ReaderState): () => void {
  // the sites stay the mode's (the background keeps them too)
  const sites = initial.sites;
  addInterFont();
  const reader = mountReader(
    {
      transport: memberTransport(context.api),
      storage: {
        save: async (progress) => {
          await tabState.set(progress ? { ...progress, mode: 'reader', sites } : null);
        },
        completed: () => send<string[]>({ kind: 'completed:get' }).catch(() => []),
        markCompleted: async (scenarioId) => {
          await send({ kind: 'completed:add', scenarioId }).catch(() => undefined);
        },
      },
      locale: toLocale(context.session.locale),
      Panel: PanelHost,
      css: PANEL_CSS,
      // the guide never takes the user off the project's sites (a step's URL is whatever was saved)
      navigate: (url) => {
        if (onSites(url, sites)) location.assign(url);
      },
    },
    initial,
  );
  return reader.unmount;
}
