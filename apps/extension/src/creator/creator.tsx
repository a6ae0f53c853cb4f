import { capture, parseTarget, pickElement, type StepTarget } from '@mulot/player';
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
import { useIntl } from 'react-intl';
import type { Context } from '../context';
import { toLocale } from '../intl';
import type { CreatorState } from '../messages';
import { PanelHost } from '../panel-host';
import { panelIntl, render } from '../render';
import { send } from '../runtime';
import { trusted } from '../trusted';
import { messages } from './creator-messages';
import { CreatorStartRule } from './start-rule';
import { type Scenario, type Step, useCreator } from './use-creator';

const stack = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const heading = css({ textStyle: 'lg', fontWeight: 'semibold' });
const subheading = css({ textStyle: 'md', fontWeight: 'semibold' });

/** Creator mode's views: the guide form, the steps with the prerequisites, one step's editor (use-creator.ts). */
function Creator({ context, initial }: { context: Context; initial: CreatorState }) {
  const intl = useIntl();
  const creator = useCreator(context, initial);
  const { view, notice, pending, deleting, setDeleting } = creator;

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
          onSubmit={trusted((values: GuideFormValues) => creator.createGuide(values))}
        />
      </div>
    );
  else if (view.kind === 'steps') {
    const { scenario, others } = view;
    const byId = (id: string) => scenario.steps.findIndex((s) => s.id === id);
    body = (
      <div className={stack}>
        <h2 className={heading}>{scenario.title}</h2>
        <h3 ref={creator.stepsHeading} tabIndex={-1} className={subheading}>
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
            if (step) creator.editStep(scenario, step);
          }}
          onMove={trusted((item: { id: string }, delta: -1 | 1) =>
            creator.move(scenario, byId(item.id), delta),
          )}
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
            onConfirm={trusted(() => creator.remove(scenario, deleting.step))}
          />
        )}
        <div>
          <Button size="sm" onClick={() => creator.editStep(scenario, null)}>
            {intl.formatMessage(messages.add)}
          </Button>
        </div>
        {/* Not keyed by the guide's version: saving the prerequisites moves it, and the editor stays as typed.
            Every reload of the guide passes through the loading view, which draws a fresh editor. */}
        <PrerequisitesEditor
          defaultValue={scenario.prerequisites.map((p) => ({ text: p.text, scenarioId: p.scenarioId }))}
          scenarios={others.map((s) => ({ id: s.id, title: s.title }))}
          pending={pending}
          onSave={trusted((items: PrerequisiteValue[]) => creator.savePrerequisites(scenario, items))}
        />
        <CreatorStartRule
          api={context.api}
          scenario={scenario}
          onSaved={(status) => void creator.savedElsewhere(scenario, status)}
          onStale={() => void creator.reloadStale()}
        />
        <div>
          <Button size="sm" variant="outline" onClick={creator.close}>
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
        onPassThrough={creator.setPassThrough}
        onCancel={() => void creator.stepsView()}
        onSubmit={trusted((values: StepEditorValues, target: StepTarget | null) =>
          creator.saveStep(view.scenario, view.step, values, target),
        )}
      />
    );
  return (
    <PanelHost
      title={intl.formatMessage(messages.panel)}
      status={notice.status}
      alert={notice.alert}
      hidden={creator.hidden}
      passThrough={creator.passThrough}
      onClose={creator.close}
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
  // the capture saved with the step, shown until another element is picked (a new one is taken on saving)
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (!step?.hasScreenshot) return;
    let current = true;
    void send<{ dataUrl: string | null }>({
      kind: 'screenshot:get',
      scenarioId: scenario.id,
      stepId: step.id,
    }).then((answer) => current && setSaved(answer.dataUrl));
    return () => {
      current = false;
    };
  }, [scenario.id, step?.id, step?.hasScreenshot]);

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
      screenshot={pickedOn ? null : saved}
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
