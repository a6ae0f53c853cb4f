import {
  type CategoryRef,
  createScenario,
  deleteScenario,
  replacePrerequisites,
  type Schemas,
  updateScenario,
  updateScenarioStatus,
  updateStartRule,
  type Versioned,
} from '@mulot/api-client';
import { fetchClient } from '#app/lib/api.ts';
import { useContentWrite } from '#app/lib/content.ts';
import { contentMessages as m } from '#app/lib/content-messages.ts';
import { scenarioQuery } from './queries.ts';

// Every change to a guide names the version the screen loaded (the api-client's writes take the guide itself):
// one made by someone else meanwhile is refused (412) and the guide reloads, rather than being overwritten.

export function useCreateGuide() {
  return useContentWrite(
    ({ category, body }: { category: CategoryRef; body: Schemas['ScenarioInput'] }) =>
      createScenario(fetchClient, category, body),
    { action: 'create scenario', done: () => m.guideCreated },
  );
}

/** The edit form says itself that the guide changed meanwhile (over the reloaded form): no toast then. */
export function useUpdateGuide() {
  return useContentWrite(
    ({ guide, body }: { guide: Versioned; body: Schemas['ScenarioInput'] }) =>
      updateScenario(fetchClient, guide, body),
    { action: 'update scenario', done: () => m.guideUpdated, staleToast: false },
  );
}

export function useDeleteGuide() {
  return useContentWrite((guide: Versioned) => deleteScenario(fetchClient, guide), {
    action: 'delete scenario',
    done: () => m.guideDeleted,
    forgets: (guide) => scenarioQuery(guide.id),
  });
}

/** Published or draft; nothing else on screen carries a failure, so a toast does. */
export function useGuideStatus() {
  return useContentWrite(
    ({ guide, status }: { guide: Versioned; status: Schemas['ScenarioStatus'] }) =>
      updateScenarioStatus(fetchClient, guide, status),
    {
      action: 'update scenario status',
      done: ({ status }) => (status === 'published' ? m.published : m.unpublished),
      failureToast: 'update',
    },
  );
}

export function useSavePrerequisites() {
  return useContentWrite(
    ({ guide, items }: { guide: Versioned; items: Schemas['PrerequisiteInput'][] }) =>
      replacePrerequisites(fetchClient, guide, items),
    { action: 'save prerequisites', done: () => m.prerequisitesSaved, failureToast: 'update' },
  );
}

/** The "Démarrage" card shows a refusal on its fields; a guide changed meanwhile reloads (and a toast says so). */
export function useSaveStartRule() {
  return useContentWrite(
    ({ guide, rule }: { guide: Versioned; rule: Schemas['StartRule'] }) =>
      updateStartRule(fetchClient, guide, rule),
    { action: 'save start rule', done: () => m.startRuleSaved },
  );
}
