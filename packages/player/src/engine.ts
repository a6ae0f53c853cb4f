import { autoClick, type ClickState } from './click';
import { DEGRADED_CONFIDENCE, type FindReason, type FindResult } from './find';
import { type MissingTargetPolicy, placeStep } from './policy';
import { parseTarget } from './target';

/** A step as the run engine needs it: the API's step (its target as stored) fits as is. */
export interface RunStep {
  id: string;
  /** the page the step is played on */
  url: string;
  target: unknown;
  autoClick: boolean;
  onMissingTarget: { waitSeconds: number; fallback: MissingTargetPolicy['otherwise'] };
}

/** Where a run is, saved after every move so that the run survives a full page load. */
export interface RunProgress {
  /** the step shown (0-based) */
  index: number;
  /** how many steps the user is through (the highest reached), reported with the run */
  completed: number;
  /** steps already reported as not found / low confidence: each is reported once per run */
  reported: string[];
  /** the step whose page was last navigated to: a page that redirects elsewhere is not navigated to again */
  navigated?: number;
  finished?: boolean;
}

/** Keeps the progress between page loads (the extension passes its tab state). */
export interface ProgressStore {
  load(): RunProgress | null | Promise<RunProgress | null>;
  save(progress: RunProgress | null): void | Promise<void>;
}

export interface StepIssue {
  outcome: 'not-found' | 'low-confidence';
  /** null when no candidate came close */
  confidence: number | null;
  url: string;
  /** the finder's rule that decided (FIND_REASONS), for guide health to say why the step failed */
  reason: FindReason;
}

/** What the run shows; every change is an event. */
export type RunState =
  | { status: 'idle' }
  | { status: 'navigating'; index: number; url: string }
  | { status: 'waiting'; index: number }
  | { status: 'anchored'; index: number; element: Element; click: ClickState | null }
  | { status: 'unanchored'; index: number; reason: 'no-target' | 'not-found' }
  | { status: 'finished' };

export interface RunEvents {
  /** every state change */
  change: RunState;
  /** the run reached its end (finish, or next/skip past the last step) */
  complete: RunProgress;
}

export interface RunEngineOptions {
  steps: RunStep[];
  store: ProgressStore;
  /** a step's target was not found, or only with a low confidence (guide health) */
  onIssue?: (step: RunStep, issue: StepIssue) => void | Promise<void>;
  /** loads another page (default: location.assign); the page's own engine resumes the run from the store */
  navigate?: (url: string) => void;
  /** whether the step's page is the current one (default: same origin and path) */
  samePage?: (stepUrl: string, currentUrl: string) => boolean;
  /** ms before an auto-click, so the user sees what happens (and may pause it) */
  clickDelay?: number;
  /** ms between a click that moves the guide on and the next step (a link may be loading another page) */
  settle?: number;
}

/** Elements whose click is the step done: the user doing it themselves moves the guide on. */
const CLICKABLE =
  'a,button,summary,label,[role=button],[role=link],[role=menuitem],[role=tab],input[type=submit],input[type=button]';

export function sameOriginAndPath(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    return x.origin === y.origin && x.pathname.replace(/\/+$/, '') === y.pathname.replace(/\/+$/, '');
  } catch {
    return false;
  }
}

/**
 * A step's page as an absolute URL: the API keeps a path alone (`/tarifs.html`) as it was typed, meaning the site
 * the guide is played on, i.e. the current page's. Null when there is none, or nothing a browser could load.
 */
function stepPage(url: string): string | null {
  if (!url) return null;
  try {
    return new URL(url, location.href).href;
  } catch {
    return null;
  }
}

type Listener<K extends keyof RunEvents> = (value: RunEvents[K]) => void;

/**
 * One guide's run on a page, framework-free (modelled on Shepherd's Tour): next, back, skip, finish; an event per
 * state change; the progress saved through the store after every move; the missing-target policy of each step
 * applied; issues reported through a callback. The screens only draw `state`. A run starts and ends with its
 * store: the caller saves the first progress (`{ index: 0, completed: 0, reported: [] }`) and calls `resume()` on
 * every page; leaving it is the caller's (the extension records the run as abandoned) and `destroy()`.
 */
export class RunEngine {
  state: RunState = { status: 'idle' };
  progress: RunProgress | null = null;
  readonly steps: RunStep[];
  readonly #options: RunEngineOptions;
  #abort = new AbortController();
  /** the auto-click waiting to happen on the current step, which the user may pause */
  #autoClick: AbortController | null = null;
  #listeners: { [K in keyof RunEvents]: Set<Listener<K>> } = {
    change: new Set(),
    complete: new Set(),
  };

  constructor(options: RunEngineOptions) {
    this.#options = options;
    this.steps = options.steps;
  }

  on<K extends keyof RunEvents>(event: K, listener: Listener<K>): () => void {
    this.#listeners[event].add(listener);
    return () => this.#listeners[event].delete(listener);
  }

  get total(): number {
    return this.steps.length;
  }

  /** The run where the store left it (after a page load); false when there is none. */
  async resume(): Promise<boolean> {
    const saved = await this.#options.store.load();
    if (!saved) return false;
    this.progress = saved;
    if (saved.finished) this.#set({ status: 'finished' });
    else await this.#show(1);
    return true;
  }

  /** The step is done: the next one, or the end after the last. */
  async next(): Promise<void> {
    const progress = this.#current();
    if (progress.index + 1 >= this.total) return this.finish();
    await this.#move(progress.index + 1, 1, progress.index + 1);
  }

  async back(): Promise<void> {
    const progress = this.#current();
    if (progress.index === 0) return;
    await this.#move(progress.index - 1, -1);
  }

  /** Passes over the step without counting it as done. */
  async skip(): Promise<void> {
    const progress = this.#current();
    if (progress.index + 1 >= this.total) return this.finish();
    await this.#move(progress.index + 1, 1);
  }

  async finish(): Promise<void> {
    this.#stop();
    const progress = { ...this.#current(), index: this.total, completed: this.total, finished: true };
    await this.#save(progress);
    this.#set({ status: 'finished' });
    this.#emit('complete', progress);
  }

  /**
   * Holds back the auto-click under way: the step stays anchored for the user to do it themselves (their click, or
   * "Suivant", moves the guide on). Nothing happens when no auto-click is waiting.
   */
  pauseAutoClick(): void {
    this.#autoClick?.abort();
  }

  /** Stops looking for targets and listening to the page (the page is left, or the panel unmounted). */
  destroy(): void {
    this.#stop();
  }

  #current(): RunProgress {
    if (!this.progress) throw new Error('No run: resume() first');
    return this.progress;
  }

  #stop() {
    this.#abort.abort();
    this.#abort = new AbortController();
  }

  async #save(progress: RunProgress) {
    this.progress = progress;
    await this.#options.store.save(progress);
  }

  #set(state: RunState) {
    this.state = state;
    this.#emit('change', state);
  }

  #emit<K extends keyof RunEvents>(event: K, value: RunEvents[K]) {
    for (const listener of this.#listeners[event]) listener(value);
  }

  /** The progress at a step, this many steps done at least (its page may be navigated to again later). */
  #at(index: number, completed = 0): RunProgress {
    const { navigated: _navigated, ...rest } = this.#current();
    return { ...rest, index, completed: Math.max(rest.completed, completed) };
  }

  async #move(index: number, direction: 1 | -1, completed?: number) {
    this.#stop();
    await this.#save(this.#at(index, completed));
    await this.#show(direction);
  }

  async #report(step: RunStep, found: FindResult, outcome: StepIssue['outcome']) {
    const progress = this.#current();
    if (progress.reported.includes(step.id)) return;
    await this.#save({ ...progress, reported: [...progress.reported, step.id] });
    await this.#options.onIssue?.(step, {
      outcome,
      confidence: outcome === 'low-confidence' || found.candidates.length ? found.confidence : null,
      url: location.href.slice(0, 2048),
      reason: found.reason,
    });
  }

  async #show(direction: 1 | -1) {
    this.#stop();
    const signal = this.#abort.signal;
    const progress = this.#current();
    if (progress.index >= this.total) return this.finish();
    const index = progress.index;
    const step = this.steps[index] as RunStep;
    const samePage = this.#options.samePage ?? sameOriginAndPath;
    const url = stepPage(step.url);
    // a step on another page: go there once (a page that redirects, e.g. to a login, is not fought: the step is
    // then looked for where the user is); that page's engine resumes from the store
    if (url && !samePage(url, location.href) && progress.navigated !== index) {
      await this.#save({ ...progress, navigated: index });
      this.#set({ status: 'navigating', index, url });
      (this.#options.navigate ?? ((to) => location.assign(to)))(url);
      return;
    }
    const target = parseTarget(step.target);
    if (!target) return this.#set({ status: 'unanchored', index, reason: 'no-target' });
    this.#set({ status: 'waiting', index });
    const policy = { wait: step.onMissingTarget.waitSeconds, otherwise: step.onMissingTarget.fallback };
    let placement: Awaited<ReturnType<typeof placeStep>>;
    try {
      placement = await placeStep(target, policy, { signal });
    } catch {
      return; // aborted: the user moved on
    }
    if (signal.aborted) return;
    if (placement.kind !== 'anchored') {
      await this.#report(step, placement.report, 'not-found');
      if (signal.aborted) return;
      if (placement.kind === 'unanchored')
        return this.#set({ status: 'unanchored', index, reason: 'not-found' });
      // skipping backwards past the first step lands on it going forwards
      if (direction === -1 && index === 0) return this.#move(0, 1);
      return direction === 1 ? this.skip() : this.#move(index - 1, -1);
    }
    if (placement.report.confidence < DEGRADED_CONFIDENCE) {
      await this.#report(step, placement.report, 'low-confidence');
      if (signal.aborted) return;
    }
    const { element } = placement;
    this.#set({ status: 'anchored', index, element, click: null });
    // the next step (or the end) once the click had time to load another page, unless the user moved on
    const onward = () => {
      const timer = setTimeout(() => {
        if (!signal.aborted) void (index + 1 >= this.total ? this.finish() : this.#show(1));
      }, this.#options.settle ?? 300);
      signal.addEventListener('abort', () => clearTimeout(timer));
    };
    if (element.matches(CLICKABLE)) {
      // not `once`: a click the page's own scripts make (untrusted) must not use up the user's
      let moved = false;
      element.addEventListener(
        'click',
        (event) => {
          if (!event.isTrusted || moved) return;
          moved = true;
          // saved before a link navigates away: the next page resumes at the next step
          void this.#save(this.#at(index + 1, index + 1));
          onward();
        },
        { signal },
      );
    }
    if (!step.autoClick) return;
    const before = this.#current();
    await this.#save(this.#at(index + 1, index + 1));
    const paused = new AbortController();
    this.#autoClick = paused;
    const result = await autoClick(element, {
      signal: AbortSignal.any([signal, paused.signal]),
      // over a second: the user reads what is about to happen, and can pause it
      delay: this.#options.clickDelay ?? 1500,
      onState: (click) => {
        if (!signal.aborted && !paused.signal.aborted)
          this.#set({ status: 'anchored', index, element, click });
      },
    }).catch(() => 'failed' as const);
    if (this.#autoClick === paused) this.#autoClick = null;
    if (signal.aborted) return;
    if (paused.signal.aborted) {
      await this.#save(before);
      this.#set({ status: 'anchored', index, element, click: null });
      return;
    }
    if (result === 'failed') {
      await this.#save(before);
      return;
    }
    // a click that loads another page ends this one; otherwise the next step shows here
    onward();
  }
}
