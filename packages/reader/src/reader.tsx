import { ApiError, errorText, type Schemas } from '@mulot/api-client';
import {
  type ClickState,
  type HighlightHandle,
  highlight,
  RunEngine,
  type RunState,
  sameOriginAndPath,
} from '@mulot/player';
import {
  AssistantPrompt,
  Catalogue,
  type CatalogueGuide,
  GuideRunner,
  type RunnerTarget,
  ShadowRootEnvironment,
} from '@mulot/ui/fragments/runner';
import { css } from '@mulot/ui/styled-system/css';
import { useCallback, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { defineMessages, type IntlShape, useIntl } from 'react-intl';
import { useAssistant } from './assistant';
import type { ReaderHost, ReaderProgress, Scenario } from './host';
import { panelIntl, render } from './render';

const messages = defineMessages({
  panel: { id: 'extension.panel.reader', defaultMessage: 'Mulot — guides' },
  network: { id: 'app.error.retry', defaultMessage: 'Veuillez vérifier votre connexion et réessayer.' },
  loadError: { id: 'runner.loadError', defaultMessage: 'Impossible de charger le guide' },
  noSteps: { id: 'runner.noSteps', defaultMessage: "Ce guide ne contient pas d'étapes configurées." },
  gone: { id: 'runner.gone', defaultMessage: "Ce guide n'est plus disponible." },
});

/** What the reader shows: the panel (catalogue, prerequisites, congratulations) or a step over the page. */
type View =
  | { kind: 'loading' }
  | { kind: 'catalogue' }
  | { kind: 'prerequisites'; guide: Scenario; pending: Scenario['prerequisites'] }
  | {
      kind: 'step';
      guide: Scenario;
      index: number;
      target: RunnerTarget;
      element: Element | null;
      click: ClickState | null;
      /** the step's captured screenshot when its target is not found; undefined until fetched */
      screenshot?: string | null;
    }
  | { kind: 'finished'; guide: Scenario }
  | { kind: 'closed' };

interface Snapshot {
  view: View;
  alert: string | null;
  /** back on the project's sites after leaving them: where the guide was paused */
  status?: string | null;
}

/**
 * The reader's logic: the catalogue, prerequisites, the run (the player's RunEngine, its progress kept in the
 * host's storage so that a full page load resumes the guide) and its record. The React view only draws its snapshot.
 */
class Reader {
  private snapshot: Snapshot = { view: { kind: 'loading' }, alert: null };
  private listeners = new Set<() => void>();
  private engine: RunEngine | null = null;
  private scenario: Scenario | null = null;
  private destroyed = false;
  /** the page's guides, asked for when the catalogue is to show: the request runs while the panel first renders */
  private guides: Promise<CatalogueGuide[]> | null = null;

  constructor(
    readonly host: ReaderHost,
    readonly intl: IntlShape,
    private state: ReaderProgress,
  ) {}

  /**
   * An action's promise, ended: what fails is the host's to report (the snippet warns once and throws nothing into
   * the page); without a reporter it stays an unhandled rejection, as before.
   */
  settle = (promise: Promise<unknown>): void => {
    promise.catch((error: unknown) => {
      if (this.host.onError) this.host.onError(error);
      else void Promise.reject(error);
    });
  };

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = () => this.snapshot;

  private set(next: Partial<Snapshot>) {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of this.listeners) listener();
  }
  private show(view: View) {
    this.set({ view, alert: null });
  }
  private alert(text: string) {
    this.set({ alert: text });
  }
  private get transport() {
    return this.host.transport;
  }
  /** the page the user is on */
  url() {
    return (this.host.url?.() ?? location.href).slice(0, 2048);
  }
  private async save(next: ReaderProgress) {
    this.state = next;
    await this.host.storage.save(next).catch(() => undefined);
  }

  begin() {
    const { state } = this;
    if (state.pausedOn)
      this.set({
        status: this.intl.formatMessage(
          {
            id: 'extension.paused',
            defaultMessage: 'Guide mis en pause sur {page} : vous aviez quitté les sites du projet.',
          },
          { page: state.pausedOn },
        ),
      });
    if (state.finished && state.scenarioId)
      this.settle(
        this.loadScenario(state.scenarioId).then((s) => (s ? this.finish(s, false) : this.catalogue())),
      );
    else if (state.scenarioId && state.run) this.settle(this.play());
    else if (state.scenarioId) this.settle(this.open(state.scenarioId));
    else this.catalogue();
  }

  destroy() {
    this.destroyed = true;
    this.stopEngine();
    this.show({ kind: 'closed' });
  }

  private stopEngine() {
    this.engine?.destroy();
    this.engine = null;
  }

  catalogue() {
    this.stopEngine();
    const guides = this.transport.catalogue(this.url());
    // handled by the view that takes it; a catalogue shown and left before its answer must not report a failure
    guides.catch(() => undefined);
    this.guides = guides;
    this.show({ kind: 'catalogue' });
  }

  /** The catalogue's guides: the request `catalogue()` made, once; then a new one (the view's retry). */
  takeGuides(): Promise<CatalogueGuide[]> {
    const guides = this.guides ?? this.transport.catalogue(this.url());
    this.guides = null;
    return guides;
  }

  private async loadScenario(id: string): Promise<Scenario | null> {
    try {
      return await this.transport.scenario(id);
    } catch (error) {
      this.alert(
        `${this.intl.formatMessage(messages.loadError)} : ${errorText(error, this.intl.formatMessage(messages.network))}`,
      );
      return null;
    }
  }

  /** A guide chosen: its prerequisites (those this browser has not completed), then the run. */
  open = async (id: string) => {
    this.scenario = await this.loadScenario(id);
    const guide = this.scenario;
    if (!guide) return;
    if (guide.steps.length === 0) {
      this.alert(this.intl.formatMessage(messages.noSteps));
      await this.save({});
      return;
    }
    // shown from now on, whether it starts or shows its prerequisites, and whether it is then dismissed
    await this.host.storage.markSeen?.(guide.id).catch(() => undefined);
    const done = await this.host.storage.completed().catch(() => [] as string[]);
    const pending = guide.prerequisites.filter((p) => !(p.scenarioId && done.includes(p.scenarioId)));
    if (pending.length === 0) return this.start(guide);
    await this.save({ scenarioId: guide.id });
    this.show({ kind: 'prerequisites', guide, pending });
  };

  start = async (guide: Scenario) => {
    let runId: string | null = null;
    try {
      runId = await this.transport.startRun(guide.id, this.url());
    } catch (error) {
      // unpublished or deleted since it was read (a cached catalogue): it cannot be played; any other failure to
      // record the run does not stop the guide
      if (error instanceof ApiError && error.status === 404) return this.gone();
    }
    await this.save({
      scenarioId: guide.id,
      run: { runId, index: 0, completed: 0, reported: [] },
    });
    await this.play();
  };

  private async updateRun(body: Schemas['RunUpdate']): Promise<void> {
    const { run, scenarioId } = this.state;
    if (!run?.runId || !scenarioId) return;
    try {
      await this.transport.updateRun(scenarioId, run.runId, body);
    } catch (error) {
      // the guide was unpublished or deleted while it was played: it stops here and says so; losing any other
      // progress record must not stop the guide
      if (error instanceof ApiError && error.status === 404) await this.gone();
    }
  }

  /** The guide can no longer be played: back to the catalogue, which says so. */
  private async gone() {
    this.stopEngine();
    this.scenario = null;
    await this.save({});
    this.catalogue();
    this.alert(this.intl.formatMessage(messages.gone));
  }

  /** The run engine moves through the steps; its states become the step view. */
  private async play() {
    this.stopEngine();
    const { state } = this;
    if (!state.scenarioId || !state.run) return this.catalogue();
    if (this.scenario?.id !== state.scenarioId) this.scenario = await this.loadScenario(state.scenarioId);
    const guide = this.scenario;
    if (!guide || this.destroyed) return;
    if (guide.steps.length === 0) return this.alert(this.intl.formatMessage(messages.noSteps));
    const runId = state.run.runId;
    const engine = new RunEngine({
      steps: guide.steps,
      store: {
        load: () => this.state.run ?? null,
        save: async (progress) => {
          if (!progress) return;
          const further = progress.completed > (this.state.run?.completed ?? 0) && !progress.finished;
          await this.save({ ...this.state, run: { ...progress, runId } });
          // each step done is recorded as it happens (the answer also says when the guide has gone meanwhile)
          if (further) await this.updateRun({ stepsCompleted: progress.completed });
        },
      },
      onIssue: async (step, issue) => {
        await this.updateRun({
          stepIssues: [{ stepId: step.id, ...issue }],
          stepsCompleted: this.state.run?.completed ?? 0,
        });
      },
      samePage: sameOriginAndPath,
      navigate: (url) => this.host.navigate(url),
    });
    this.engine = engine;
    engine.on('change', (now) => {
      if (this.engine === engine) this.draw(guide, now);
    });
    await engine.resume();
  }

  private draw(guide: Scenario, now: RunState) {
    if (now.status === 'finished') return this.settle(this.finish(guide));
    if (!('index' in now) || now.status === 'navigating') return;
    const step = { kind: 'step' as const, guide, index: now.index, element: null, click: null };
    if (now.status === 'waiting') return this.show({ ...step, target: 'waiting' });
    if (now.status === 'anchored')
      return this.show({ ...step, target: 'anchored', element: now.element, click: now.click });
    if (now.reason === 'no-target') return this.show({ ...step, target: 'missing' });
    this.show({ ...step, target: 'unanchored' });
    const stored = guide.steps[now.index];
    if (!stored) return;
    const screenshot = this.transport.screenshot;
    void (
      stored.hasScreenshot && screenshot
        ? screenshot.call(this.transport, guide.id, stored.id)
        : Promise.resolve(null)
    )
      .catch(() => null)
      .then((shot) => {
        const view = this.snapshot.view;
        if (view.kind === 'step' && view.index === now.index && view.target === 'unanchored')
          this.set({ view: { ...view, screenshot: shot ?? null } });
      });
  }

  /** The page's own code broke anchoring (e.g. a node removed mid-layout): the step still shows, unanchored. */
  highlightFailed = () => {
    const view = this.snapshot.view;
    if (view.kind === 'step') this.set({ view: { ...view, target: 'unanchored', screenshot: null } });
  };

  pauseClick = () => this.engine?.pauseAutoClick();

  move = (index: number) => {
    const view = this.snapshot.view;
    if (view.kind !== 'step' || !this.engine) return;
    if (this.snapshot.status) this.set({ status: null });
    this.settle(index > view.index ? this.engine.next() : this.engine.back());
  };

  private async finish(guide: Scenario, record = true) {
    this.stopEngine();
    if (record) {
      await this.updateRun({ status: 'completed', stepsCompleted: guide.steps.length });
      await this.host.storage.markCompleted(guide.id).catch(() => undefined);
    }
    await this.save({ scenarioId: guide.id, finished: true });
    this.show({ kind: 'finished', guide });
  }

  home = async () => {
    this.scenario = null;
    await this.save({});
    this.catalogue();
  };

  /** Leaves the guide (Escape, "Quitter", closing the panel): the run is recorded as abandoned. */
  quit = async (toCatalogue: boolean) => {
    const { run, finished, scenarioId } = this.state;
    if (run && !finished) await this.updateRun({ status: 'abandoned', stepsCompleted: run.completed });
    this.stopEngine();
    if (toCatalogue && scenarioId) return this.home();
    this.state = {};
    await this.host.storage.save(null).catch(() => undefined);
    this.destroy();
    this.host.onClosed?.();
  };
}

function CatalogueView({ reader }: { reader: Reader }) {
  const { transport } = reader.host;
  const [guides, setGuides] = useState<CatalogueGuide[] | undefined>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const assistant = useAssistant((query) => transport.assistant(query, reader.url()));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's trigger
  useEffect(() => {
    let current = true;
    setFailed(false);
    setGuides(undefined);
    reader
      .takeGuides()
      .then((found) => current && setGuides(found))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [reader, attempt]);

  return (
    <>
      <AssistantPrompt
        pending={assistant.pending}
        answer={assistant.answer}
        error={assistant.error}
        onSubmit={(values) => void assistant.ask(values.query)}
        onLaunch={(result) => reader.settle(reader.open(result.scenarioId))}
      />
      <Catalogue
        domain={location.host}
        guides={guides}
        error={failed}
        onRetry={() => setAttempt((n) => n + 1)}
        onLaunch={(guide) => reader.settle(reader.open(guide.id))}
      />
    </>
  );
}

/** A step over the page: the player's overlay rings the target, GuideRunner is its card (in its shadow root). */
function StepOverlay({
  reader,
  view,
  status,
}: {
  reader: Reader;
  view: Extract<View, { kind: 'step' }>;
  /** where the guide was paused, back on the project's sites: the card says it as the panel would */
  status?: string | null | undefined;
}) {
  const { guide, index, target, element, click, screenshot } = view;
  const [overlay, setOverlay] = useState<{ handle: HighlightHandle; container: HTMLElement } | null>(null);
  // one overlay per step, as the user moves on; the first one focuses its card when the target is not found
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step (index) is a new overlay, not a new target
  useLayoutEffect(() => {
    const container = document.createElement('div');
    const handle = highlight(null, container, {
      label: guide.title,
      styles: reader.host.css,
      focus: target === 'unanchored',
    });
    setOverlay({ handle, container });
    return () => handle.destroy();
  }, [guide, index]);
  useEffect(() => {
    if (!overlay) return;
    if (target === 'unanchored') overlay.handle.update(undefined, null);
    else if (target === 'anchored' && element && !click) {
      try {
        overlay.handle.update(undefined, element);
      } catch {
        overlay.handle.update(undefined, null);
        reader.highlightFailed();
      }
    }
  }, [overlay, reader, target, element, click]);
  useEffect(() => {
    if (screenshot !== undefined) overlay?.handle.reposition();
  }, [overlay, screenshot]);
  const quit = useCallback(() => reader.settle(reader.quit(true)), [reader]);
  if (!overlay) return null;
  return (
    <ShadowRootEnvironment container={overlay.container}>
      {status && (
        <p role="status" className={css({ textStyle: 'sm', color: 'fg.muted', mb: '3' })}>
          {status}
        </p>
      )}
      <GuideRunner
        title={guide.title}
        steps={guide.steps}
        index={index}
        onIndexChange={reader.move}
        target={target}
        screenshot={screenshot}
        clickState={click}
        onPauseClick={reader.pauseClick}
        onQuit={quit}
        onHome={() => reader.settle(reader.home())}
      />
    </ShadowRootEnvironment>
  );
}

function ReaderView({ reader }: { reader: Reader }) {
  const intl = useIntl();
  const { view, alert, status } = useSyncExternalStore(reader.subscribe, reader.getSnapshot);
  const home = useCallback(() => reader.settle(reader.home()), [reader]);
  const { Panel } = reader.host;
  if (view.kind === 'closed') return null;
  if (view.kind === 'step') return <StepOverlay reader={reader} view={view} status={status} />;
  let body: React.ReactNode = null;
  if (view.kind === 'catalogue') body = <CatalogueView reader={reader} />;
  else if (view.kind === 'prerequisites')
    body = (
      <GuideRunner
        title={view.guide.title}
        steps={view.guide.steps}
        index={0}
        onIndexChange={() => undefined}
        prerequisites={view.pending}
        onLaunchPrerequisite={(linked) => linked.id && reader.settle(reader.open(linked.id))}
        onStart={() => reader.settle(reader.start(view.guide))}
        onQuit={home}
        onHome={home}
      />
    );
  else if (view.kind === 'finished')
    body = (
      <GuideRunner
        title={view.guide.title}
        steps={view.guide.steps}
        index={view.guide.steps.length}
        onIndexChange={() => undefined}
        onQuit={home}
        onHome={home}
      />
    );
  return (
    <Panel
      title={intl.formatMessage(messages.panel)}
      alert={alert}
      status={status ?? undefined}
      onClose={() => reader.settle(reader.quit(true))}
    >
      {body}
    </Panel>
  );
}

/**
 * The reader on the page: the catalogue and the assistant, the prerequisite prompt, the runner and its
 * congratulations; from `initial`, the progress the host's storage kept (a full page load resumes the guide).
 * Returns its handle.
 */
export function mountReader(host: ReaderHost, initial: ReaderProgress | null): ReaderHandle {
  const intl = panelIntl(host.locale);
  const reader = new Reader(host, intl, initial ?? {});
  const unmount = render(intl, <ReaderView reader={reader} />, host.onError);
  reader.begin();
  return {
    open: (scenarioId) => reader.settle(reader.open(scenarioId)),
    unmount: () => {
      reader.destroy();
      unmount();
    },
  };
}

export interface ReaderHandle {
  /** opens a guide (its prerequisites, then its first step), whatever the reader showed */
  open(scenarioId: string): void;
  unmount(): void;
}
