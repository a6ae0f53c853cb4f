import {
  allProjects,
  allScenarios,
  createScenario,
  createStep,
  deleteStep,
  errorText,
  isStale,
  reorderSteps,
  replacePrerequisites,
  type Schemas,
  updateStep,
} from '@mulot/api-client';
import { type StepTarget, storedTarget } from '@mulot/player';
import type { GuideFormValues, PrerequisiteValue } from '@mulot/ui/fragments/guide';
import type { StepEditorValues } from '@mulot/ui/fragments/runner';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Context } from '../context';
import type { CreatorState } from '../messages';
import { send, tabState } from '../runtime';
import { messages } from './creator-messages';

export type Scenario = Schemas['Scenario'];
export type Step = Schemas['Step'];

export type View =
  | { kind: 'loading' }
  | { kind: 'form'; projects: Schemas['Project'][] }
  | { kind: 'steps'; scenario: Scenario; others: Schemas['ScenarioSummary'][] }
  | { kind: 'step'; scenario: Scenario; step: Step | null; recapture: boolean }
  | { kind: 'closed' };

export interface Notice {
  status?: string | null;
  alert?: string | null;
}

/** The step whose deletion the author is asked to confirm; kept after the dialog closes, for its exit. */
export interface Deleting {
  step: Step;
  open: boolean;
  pending: boolean;
  error: string | null;
}

/** Screenshot of the visible tab as the end user will see it, taken while the panel is hidden. */
async function screenshot(scenarioId: string, stepId: string): Promise<boolean> {
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  try {
    const answer = await send<{ ok: boolean }>({ kind: 'screenshot:put', scenarioId, stepId });
    return answer?.ok === true;
  } catch {
    return false;
  }
}

/** The tab's creator state, kept in the background so that the panel comes back after a page load. */
async function remember(state: { current: CreatorState }, next: CreatorState): Promise<void> {
  state.current = next;
  await tabState.set(next);
}

/**
 * Creator mode's state and writes: which view shows, what the panel announces, and every change to the guide
 * through the api-client's writes (which send the guide's or step's version: a change made meanwhile by someone
 * else is refused, and the guide reloads with a message, rather than being overwritten).
 */
export function useCreator({ api }: Context, initial: CreatorState) {
  const intl = useIntl();
  const state = useRef(initial);
  const [view, setView] = useState<View>({ kind: 'loading' });
  // back on the project's sites after leaving them: where the guide was paused (said until the next notice)
  const [paused] = useState<Notice>(() =>
    initial.pausedOn
      ? {
          status: intl.formatMessage(
            {
              id: 'extension.paused',
              defaultMessage: 'Guide mis en pause sur {page} : vous aviez quitté les sites du projet.',
            },
            { page: initial.pausedOn },
          ),
        }
      : {},
  );
  const [notice, setNotice] = useState<Notice>(paused);
  const [hidden, setHidden] = useState(false);
  const [passThrough, setPassThrough] = useState(false);
  const [pending, setPending] = useState(false);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  // after a delete the list is drawn anew and the step's button is gone: focus goes to the list's heading
  const stepsHeading = useRef<HTMLHeadingElement>(null);
  const [focusSteps, setFocusSteps] = useState(false);
  useEffect(() => {
    if (focusSteps && view.kind === 'steps') {
      stepsHeading.current?.focus();
      setFocusSteps(false);
    }
  }, [focusSteps, view]);
  const failure = (error: unknown) => errorText(error, intl.formatMessage(messages.error));

  const close = () => {
    void tabState.set(null);
    setView({ kind: 'closed' });
  };

  const stepsView = useCallback(
    async (after: Notice = {}) => {
      setNotice({});
      setView({ kind: 'loading' });
      const { scenarioId } = state.current;
      if (!scenarioId) return;
      let scenario: Scenario | undefined;
      try {
        scenario = (await api.GET('/scenarios/{id}', { params: { path: { id: scenarioId } } })).data;
      } catch (error) {
        setNotice({
          alert: `${intl.formatMessage(messages.scenarioError)} ${errorText(error, intl.formatMessage(messages.network))}`,
        });
        return;
      }
      if (!scenario) return;
      const { stepId, recapture } = state.current;
      if (stepId) {
        await remember(state, { ...state.current, stepId: undefined, recapture: undefined });
        delete state.current.stepId;
        delete state.current.recapture;
        const step = scenario.steps.find((s) => s.id === stepId);
        if (step) {
          setView({ kind: 'step', scenario, step, recapture: Boolean(recapture) });
          setNotice(after);
          return;
        }
      }
      let others: Schemas['ScenarioSummary'][] = [];
      try {
        others = (
          await allScenarios(api, { id: scenario.category.project.id, categoryId: scenario.category.id })
        ).filter((s) => s.id !== scenario.id);
      } catch {
        // the prerequisite choice then only offers "none"
      }
      setView({ kind: 'steps', scenario, others });
      setNotice(after);
    },
    [api, intl],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view, once
  useEffect(() => {
    if (state.current.scenarioId) {
      void stepsView(paused);
      return;
    }
    allProjects(api)
      .then((projects) => setView({ kind: 'form', projects }))
      .catch((error: unknown) => {
        setView({ kind: 'form', projects: [] });
        setNotice({ alert: failure(error) });
      });
  }, []);

  /** A write refused because the guide changed meanwhile: show the guide as it now is, then say why. */
  const reloadStale = () => stepsView({ alert: intl.formatMessage(messages.stale) });
  const refused = (error: unknown) =>
    isStale(error) ? void reloadStale() : setNotice({ alert: failure(error) });

  const createGuide = async (values: GuideFormValues) => {
    setPending(true);
    try {
      const created = await createScenario(
        api,
        { projectId: values.projectId, id: values.categoryId },
        {
          title: values.title,
          description: values.description,
          summary: values.summary,
          minDuration: values.minDuration,
          maxDuration: values.maxDuration,
        },
      );
      if (!created) throw new Error('empty answer');
      await remember(state, {
        mode: 'creator',
        projectId: values.projectId,
        categoryId: values.categoryId,
        scenarioId: created.id,
      });
      await stepsView();
    } catch (error) {
      setNotice({ alert: failure(error) });
    } finally {
      setPending(false);
    }
  };

  const move = async (scenario: Scenario, index: number, delta: -1 | 1) => {
    const ids = scenario.steps.map((s) => s.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + delta, 0, moved);
    try {
      await reorderSteps(api, scenario, ids);
      await stepsView();
    } catch (error) {
      refused(error);
    }
  };

  const remove = async (scenario: Scenario, step: Step) => {
    setDeleting({ step, open: true, pending: true, error: null });
    try {
      await deleteStep(api, scenario, step);
      setDeleting(null);
      setFocusSteps(true);
      await stepsView({ status: intl.formatMessage(messages.deleted) });
    } catch (error) {
      if (isStale(error)) {
        // what was confirmed is no longer what is saved: show the guide as it now is before any delete
        setDeleting(null);
        void reloadStale();
      } else setDeleting({ step, open: true, pending: false, error: failure(error) });
    }
  };

  /**
   * A save from the steps view (prerequisites, start rule) moved the guide's version: the next write must name the
   * new one. Said, then read quietly, in place.
   */
  const savedElsewhere = async (scenario: Scenario, status: string) => {
    setNotice({ status });
    const fresh = await api
      .GET('/scenarios/{id}', { params: { path: { id: scenario.id } } })
      .then((response) => response.data)
      .catch(() => undefined);
    if (fresh)
      setView((current) =>
        current.kind === 'steps' && current.scenario.id === fresh.id
          ? { ...current, scenario: fresh }
          : current,
      );
  };

  const savePrerequisites = async (scenario: Scenario, items: PrerequisiteValue[]) => {
    setPending(true);
    try {
      await replacePrerequisites(
        api,
        scenario,
        items.map((item) => ({ text: item.text.trim(), scenarioId: item.scenarioId })),
      );
      await savedElsewhere(scenario, intl.formatMessage(messages.prerequisitesSaved));
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  };

  /** The step editor, for a new step (null) or one of the guide's: the last view's notice stays behind. */
  const editStep = (scenario: Scenario, step: Step | null) => {
    setNotice({});
    setView({ kind: 'step', scenario, step, recapture: false });
  };

  const saveStep = async (
    scenario: Scenario,
    step: Step | null,
    values: StepEditorValues,
    target: StepTarget | null,
  ) => {
    setPending(true);
    setNotice({});
    const body = {
      name: values.name,
      text: values.text,
      extra: values.extra || null,
      url: values.url,
      target: storedTarget(target),
      autoClick: values.autoClick,
      onMissingTarget: { waitSeconds: values.waitSeconds, fallback: values.fallback },
    };
    try {
      const saved = step
        ? await updateStep(api, scenario, step, body)
        : await createStep(api, scenario, body);
      if (!saved) throw new Error('empty answer');
      setHidden(true);
      const shot = await screenshot(scenario.id, saved.id);
      setHidden(false);
      await stepsView(
        shot
          ? { status: intl.formatMessage(step ? messages.updated : messages.created) }
          : { alert: intl.formatMessage(messages.screenshotFailed) },
      );
    } catch (error) {
      setHidden(false);
      refused(error);
    } finally {
      setPending(false);
    }
  };

  return {
    view,
    notice,
    hidden,
    passThrough,
    pending,
    deleting,
    stepsHeading,
    setView,
    editStep,
    setPassThrough,
    setDeleting,
    stepsView,
    close,
    createGuide,
    move,
    remove,
    savePrerequisites,
    savedElsewhere,
    reloadStale,
    saveStep,
  };
}
