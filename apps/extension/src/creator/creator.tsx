import { basedOn, errorText, isStale, type Schemas } from '@mulot/api-client';
import { capture, parseTarget, pickElement, type StepTarget, storedTarget } from '@mulot/player';
import { Button } from '@mulot/ui/components/button';
import { DeleteConfirmDialog } from '@mulot/ui/fragments/content';
import {
  GuideForm,
  type GuideFormValues,
  PrerequisitesEditor,
  type PrerequisiteValue,
  StepList,
} from '@mulot/ui/fragments/guide';
import { type CaptureState, StepEditor, type StepEditorValues } from '@mulot/ui/fragments/runner';
import { css } from '@mulot/ui/styled-system/css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { toLocale } from '../intl';
import type { CreatorState } from '../messages';
import { PanelHost } from '../panel-host';
import type { Context } from '../panels';
import { panelIntl, render } from '../render';
import { send, tabState } from '../runtime';
import { trusted } from '../trusted';

type Scenario = Schemas['Scenario'];
type Step = Schemas['Step'];

const messages = defineMessages({
  panel: { id: 'extension.panel.creator', defaultMessage: 'Mulot — création de guide' },
  error: { id: 'app.error.unexpected', defaultMessage: 'Une erreur est survenue' },
  network: { id: 'app.error.retry', defaultMessage: 'Veuillez vérifier votre connexion et réessayer.' },
  scenarioError: {
    id: 'extension.creator.scenarioError',
    defaultMessage: 'Impossible de charger les informations du scénario.',
  },
  loading: { id: 'ui.spinner.label', defaultMessage: 'Chargement...' },
  newGuide: { id: 'app.guide.newTitle', defaultMessage: 'Nouveau guide' },
  steps: { id: 'app.scenario.steps', defaultMessage: 'Étapes' },
  add: { id: 'extension.steps.add', defaultMessage: 'Ajouter une étape' },
  finish: { id: 'runner.finish', defaultMessage: 'Terminer' },
  deleted: { id: 'extension.steps.deleted', defaultMessage: 'Étape supprimée' },
  created: { id: 'runner.step.added', defaultMessage: 'Étape ajoutée avec succès' },
  updated: { id: 'runner.step.updated', defaultMessage: 'Étape mise à jour avec succès' },
  screenshotFailed: {
    id: 'extension.step.screenshotFailed',
    defaultMessage: "Étape enregistrée, mais la capture d'écran a échoué.",
  },
  stale: {
    id: 'extension.steps.stale',
    defaultMessage:
      "Ce guide a été modifié par quelqu'un d'autre entre-temps. Il a été rechargé ; vos modifications n'ont pas été enregistrées.",
  },
  prerequisitesSaved: { id: 'app.scenario.prerequisitesSaved', defaultMessage: 'Prérequis enregistrés' },
});

const stack = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const heading = css({ textStyle: 'lg', fontWeight: 'semibold' });
const subheading = css({ textStyle: 'md', fontWeight: 'semibold' });

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

type View =
  | { kind: 'loading' }
  | { kind: 'form'; projects: Schemas['Project'][] }
  | { kind: 'steps'; scenario: Scenario; others: Schemas['ScenarioSummary'][] }
  | { kind: 'step'; scenario: Scenario; step: Step | null; recapture: boolean }
  | { kind: 'closed' };

interface Notice {
  status?: string | null;
  alert?: string | null;
}

/** The step whose deletion the author is asked to confirm; kept after the dialog closes, for its exit. */
interface Deleting {
  step: Step;
  open: boolean;
  pending: boolean;
  error: string | null;
}

function Creator({ context, initial }: { context: Context; initial: CreatorState }) {
  const intl = useIntl();
  const { api } = context;
  const state = useRef(initial);
  const [view, setView] = useState<View>({ kind: 'loading' });
  // back on the project's sites after leaving them: where the guide was paused
  const [notice, setNotice] = useState<Notice>(() =>
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

  const saveState = (next: CreatorState) => remember(state, next);
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
        if (step) return setView({ kind: 'step', scenario, step, recapture: Boolean(recapture) });
      }
      let others: Schemas['ScenarioSummary'][] = [];
      try {
        others =
          (
            await api.GET('/projects/{id}/categories/{categoryId}/scenarios', {
              params: { path: { id: scenario.category.project.id, categoryId: scenario.category.id } },
            })
          ).data?.filter((s) => s.id !== scenario.id) ?? [];
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
      void stepsView();
      return;
    }
    api
      .GET('/projects')
      .then((response) => setView({ kind: 'form', projects: response.data ?? [] }))
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
      const { data } = await api.POST('/projects/{id}/categories/{categoryId}/scenarios', {
        params: { path: { id: values.projectId, categoryId: values.categoryId } },
        body: {
          title: values.title,
          description: values.description,
          summary: values.summary,
          minDuration: values.minDuration,
          maxDuration: values.maxDuration,
        },
      });
      if (!data) throw new Error('empty answer');
      await saveState({
        mode: 'creator',
        projectId: values.projectId,
        categoryId: values.categoryId,
        scenarioId: data.id,
      });
      await stepsView();
    } catch (error) {
      setNotice({ alert: failure(error) });
    } finally {
      setPending(false);
    }
  };

  let body: React.ReactNode = null;
  if (view.kind === 'closed') return null;
  if (view.kind === 'loading')
    body = <p className={css({ color: 'fg.muted' })}>{intl.formatMessage(messages.loading)}</p>;
  else if (view.kind === 'form')
    body = (
      <div className={stack}>
        <h2 className={heading}>{intl.formatMessage(messages.newGuide)}</h2>
        <GuideForm
          mode="create"
          projects={view.projects}
          defaultValues={{ projectId: initial.projectId, categoryId: initial.categoryId }}
          pending={pending}
          onSubmit={trusted((values: GuideFormValues) => createGuide(values))}
        />
      </div>
    );
  else if (view.kind === 'steps') {
    const { scenario, others } = view;
    const move = async (index: number, delta: -1 | 1) => {
      const ids = scenario.steps.map((s) => s.id);
      const [moved] = ids.splice(index, 1);
      if (!moved) return;
      ids.splice(index + delta, 0, moved);
      try {
        await api.PUT('/scenarios/{id}/steps/order', {
          params: { path: { id: scenario.id }, header: basedOn(scenario.version) },
          body: { stepIds: ids },
        });
        await stepsView();
      } catch (error) {
        refused(error);
      }
    };
    const remove = async (step: Step) => {
      setDeleting({ step, open: true, pending: true, error: null });
      try {
        await api.DELETE('/scenarios/{id}/steps/{stepId}', {
          params: { path: { id: scenario.id, stepId: step.id }, header: basedOn(step.version) },
        });
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
    const savePrerequisites = async (items: PrerequisiteValue[]) => {
      setPending(true);
      try {
        await api.PUT('/scenarios/{id}/prerequisites', {
          params: { path: { id: scenario.id } },
          body: items.map((item) => ({ text: item.text.trim(), scenarioId: item.scenarioId })),
        });
        setNotice({ status: intl.formatMessage(messages.prerequisitesSaved) });
      } catch (error) {
        setNotice({ alert: failure(error) });
      } finally {
        setPending(false);
      }
    };
    const byId = (id: string) => scenario.steps.findIndex((s) => s.id === id);
    body = (
      <div className={stack}>
        <h2 className={heading}>{scenario.title}</h2>
        <h3 ref={stepsHeading} tabIndex={-1} className={subheading}>
          {intl.formatMessage(messages.steps)}
        </h3>
        <StepList
          steps={scenario.steps.map((step) => ({
            id: step.id,
            position: step.position,
            name: step.name,
            text: step.text,
            targetMissing: !step.target,
          }))}
          onSelect={(item) => {
            const step = scenario.steps[byId(item.id)];
            if (step) setView({ kind: 'step', scenario, step, recapture: false });
          }}
          onMove={trusted((item: { id: string }, delta: -1 | 1) => move(byId(item.id), delta))}
          onDelete={(item) => {
            const step = scenario.steps[byId(item.id)];
            if (step) setDeleting({ step, open: true, pending: false, error: null });
          }}
        />
        {deleting && (
          <DeleteConfirmDialog
            open={deleting.open}
            onOpenChange={(open) => !open && !deleting.pending && setDeleting({ ...deleting, open: false })}
            kind="step"
            name={deleting.step.name}
            pending={deleting.pending}
            error={deleting.error}
            onConfirm={trusted(() => remove(deleting.step))}
          />
        )}
        <div>
          <Button size="sm" onClick={() => setView({ kind: 'step', scenario, step: null, recapture: false })}>
            {intl.formatMessage(messages.add)}
          </Button>
        </div>
        <PrerequisitesEditor
          key={scenario.version}
          defaultValue={scenario.prerequisites.map((p) => ({ text: p.text, scenarioId: p.scenarioId }))}
          scenarios={others.map((s) => ({ id: s.id, title: s.title }))}
          pending={pending}
          onSave={trusted((items: PrerequisiteValue[]) => savePrerequisites(items))}
        />
        <div>
          <Button size="sm" variant="outline" onClick={close}>
            {intl.formatMessage(messages.finish)}
          </Button>
        </div>
      </div>
    );
  } else
    body = (
      <StepView
        key={view.step?.id ?? 'new'}
        scenario={view.scenario}
        step={view.step}
        recapture={view.recapture}
        pending={pending}
        onPassThrough={setPassThrough}
        onCancel={() => void stepsView()}
        onSubmit={trusted(async (values: StepEditorValues, target: StepTarget | null) => {
          const { scenario, step } = view;
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
              ? (
                  await api.PUT('/scenarios/{id}/steps/{stepId}', {
                    params: { path: { id: scenario.id, stepId: step.id }, header: basedOn(step.version) },
                    body,
                  })
                ).data
              : (
                  await api.POST('/scenarios/{id}/steps', {
                    params: { path: { id: scenario.id }, header: basedOn(scenario.version) },
                    body,
                  })
                ).data;
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
        })}
      />
    );
  return (
    <PanelHost
      title={intl.formatMessage(messages.panel)}
      status={notice.status}
      alert={notice.alert}
      hidden={hidden}
      passThrough={passThrough}
      onClose={close}
    >
      {body}
    </PanelHost>
  );
}

/** Add or modify a step: the ui StepEditor, the element picked on the page, the page it was picked on. */
function StepView({
  scenario,
  step,
  recapture,
  pending,
  onPassThrough,
  onCancel,
  onSubmit,
}: {
  scenario: Scenario;
  step: Step | null;
  recapture: boolean;
  pending: boolean;
  onPassThrough: (on: boolean) => void;
  onCancel: () => void;
  onSubmit: (values: StepEditorValues, target: StepTarget | null) => void;
}) {
  const [target, setTarget] = useState<StepTarget | null>(() => parseTarget(step?.target));
  const [captureState, setCaptureState] = useState<CaptureState>('idle');
  // the page an element is picked on is the step's page: the form's URL follows the last pick
  const [pickedOn, setPickedOn] = useState<string | undefined>();
  const stop = useRef<(() => void) | null>(null);

  const endCapture = useCallback(() => {
    stop.current?.();
    stop.current = null;
    onPassThrough(false);
    setCaptureState('idle');
  }, [onPassThrough]);
  const startCapture = useCallback(() => {
    stop.current?.();
    setCaptureState('detecting');
    // elements under the panel can be picked too; Escape cancels
    onPassThrough(true);
    stop.current = pickElement(
      (element) => {
        stop.current = null;
        setTarget(capture(element));
        setPickedOn(location.href);
        onPassThrough(false);
        setCaptureState('idle');
      },
      () => {
        stop.current = null;
        onPassThrough(false);
        setCaptureState('idle');
      },
    );
  }, [onPassThrough]);
  useEffect(() => () => stop.current?.(), []);
  // repairing a failing step (launched from "Réparer"): the author clicks the element straight away
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the editor opens
  useEffect(() => {
    if (recapture) startCapture();
  }, []);

  return (
    <StepEditor
      mode={step ? 'modify' : 'add'}
      position={step?.position ?? scenario.steps.length + 1}
      defaultValues={{
        name: step?.name ?? '',
        text: step?.text ?? '',
        extra: step?.extra ?? '',
        url: step?.url ?? location.href,
        autoClick: step?.autoClick ?? false,
        waitSeconds: step?.onMissingTarget.waitSeconds ?? 6,
        fallback: step?.onMissingTarget.fallback ?? 'unanchored',
      }}
      target={target}
      capturedUrl={pickedOn}
      capture={captureState}
      onStartCapture={trusted(startCapture)}
      onCancelCapture={endCapture}
      pending={pending}
      onCancel={onCancel}
      onSubmit={(values) => void onSubmit(values, target)}
    />
  );
}

/** Creator mode: the guide creation form, then the steps editor, in a panel on the customer's page. */
export function mountCreator(context: Context, initial: CreatorState): () => void {
  const intl = panelIntl(toLocale(context.session.locale));
  return render(intl, <Creator context={context} initial={initial} />);
}
