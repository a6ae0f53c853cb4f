import {
  autoClick,
  DEGRADED_CONFIDENCE,
  type HighlightHandle,
  highlight,
  placeStep,
  type TargetDescriptor,
} from '@mulot/player';
import { errorText, type Schemas } from '../api';
import { h, uid } from '../dom';
import { toLocale, translator } from '../i18n';
import { samePage } from '../launch';
import type { ReaderState, RunProgress } from '../messages';
import { buttons, createPanel, field, PANEL_CSS, type Panel } from '../panel';
import { type Context, send, tabState } from '../runtime';
import { styles } from '../styles';

type Scenario = Schemas['Scenario'];
type Step = Schemas['Step'];
type StepIssue = Schemas['StepIssue'];

const CLICKABLE =
  'a,button,summary,label,[role=button],[role=link],[role=menuitem],[role=tab],input[type=submit],input[type=button]';

export { samePage };

/** The run at another step: the page of that step may be navigated to again. */
function moved(run: RunProgress, index: number): RunProgress {
  const { navigated: _navigated, ...rest } = run;
  return { ...rest, index, completed: Math.max(run.completed, index) };
}

/** Percent complete once the given number of steps (out of total) is done. */
export function percent(done: number, total: number): number {
  return total > 0 ? Math.round((Math.min(done, total) / total) * 100) : 0;
}

/**
 * Reader mode: the catalogue of the site's published guides, the prerequisite prompt and the runner. The run's
 * progress lives in the tab's state (background), so a full page load resumes the guide where it was.
 */
export function mountReader(context: Context, initial: ReaderState): () => void {
  const t = translator(toLocale(context.session.locale));
  const { api } = context;
  let state = initial;
  let panel: Panel | null = null;
  let overlay: HighlightHandle | null = null;
  let abort = new AbortController();
  let scenario: Scenario | null = null;
  let destroyed = false;

  const save = async (next: ReaderState) => {
    state = next;
    await tabState.set(next);
  };

  function ensurePanel(): Panel {
    panel ??= createPanel(t('panel.reader'), t, () => {
      void quit(true);
    });
    return panel;
  }
  function closePanel() {
    panel?.destroy();
    panel = null;
  }
  function clearOverlay() {
    abort.abort();
    abort = new AbortController();
    overlay?.destroy();
    overlay = null;
  }
  function destroy() {
    destroyed = true;
    clearOverlay();
    closePanel();
  }

  // ── catalogue ──
  async function catalogue() {
    clearOverlay();
    const p = ensurePanel();
    p.body.replaceChildren(h('p', { class: styles.muted }, t('common.loading')));
    try {
      const entries = (await api.GET('/catalogue', { params: { query: { url: location.href } } })).data ?? [];
      const list = h('ul', { class: styles.list, 'aria-label': t('catalogue.title') });
      for (const entry of entries) {
        list.append(
          h(
            'li',
            { class: styles.item },
            h('span', { class: styles.itemTitle }, entry.title),
            entry.description ? h('span', {}, entry.description) : null,
            h(
              'span',
              { class: styles.muted },
              `${t('catalogue.duration', { min: entry.minDuration, max: entry.maxDuration })} · ${t('catalogue.steps', { n: entry.stepCount })}`,
            ),
            h(
              'div',
              { class: styles.row },
              h(
                'button',
                {
                  type: 'button',
                  class: buttons.primary,
                  'aria-label': `${t('catalogue.launch')} : ${entry.title}`,
                  onclick: () => void open(entry.id),
                },
                t('catalogue.launch'),
              ),
            ),
          ),
        );
      }
      p.body.replaceChildren(
        assistant(),
        h('h2', { class: styles.heading }, t('catalogue.title')),
        entries.length ? list : h('p', { class: styles.muted }, t('catalogue.empty')),
      );
    } catch (error) {
      p.body.replaceChildren();
      p.alert(`${t('common.loadError')} ${errorText(error, t('common.network'))}`);
    }
  }

  // ── the assistant: "Décrivez ce que vous voulez faire" → the site's guides that answer it ──
  function assistant(): HTMLElement {
    const query = h('textarea', { name: 'query', rows: 2, maxlength: 500 });
    const prompt = field(uid('assistant'), t('assistant.prompt'), query);
    const submit = h('button', { type: 'submit', class: buttons.primary }, t('assistant.submit'));
    const answer = h('div', { class: styles.form, 'aria-live': 'polite' });
    const ask = async () => {
      const text = query.value.trim();
      prompt.setError(text ? null : t('assistant.required'));
      if (!text) return;
      submit.disabled = true;
      submit.textContent = t('assistant.pending');
      answer.setAttribute('aria-busy', 'true');
      try {
        const result = (
          await api.POST('/assistant', { body: { query: text, url: location.href.slice(0, 2048) } })
        ).data;
        const guides = result?.guides ?? [];
        const notes = [
          result?.fallback ? h('p', { class: styles.muted }, t('assistant.fallback')) : null,
          result?.guidance ? h('p', {}, result.guidance) : null,
        ].filter((n): n is HTMLParagraphElement => n !== null);
        answer.replaceChildren(
          ...notes,
          guides.length
            ? h(
                'ul',
                { class: styles.list, 'aria-label': t('assistant.results') },
                ...guides.map((guide) =>
                  h(
                    'li',
                    { class: styles.item },
                    h('span', { class: styles.itemTitle }, guide.title),
                    h('span', { class: styles.muted }, guide.reason),
                    h(
                      'div',
                      { class: styles.row },
                      h(
                        'button',
                        {
                          type: 'button',
                          class: buttons.primary,
                          'aria-label': `${t('catalogue.launch')} : ${guide.title}`,
                          onclick: () => void open(guide.scenarioId),
                        },
                        t('catalogue.launch'),
                      ),
                    ),
                  ),
                ),
              )
            : h('p', { class: styles.muted }, t('assistant.empty')),
        );
      } catch (error) {
        answer.replaceChildren(
          h(
            'p',
            { role: 'alert', class: styles.alert },
            `${t('common.error')} : ${errorText(error, t('common.network'))}`,
          ),
        );
      } finally {
        submit.disabled = false;
        submit.textContent = t('assistant.submit');
        answer.removeAttribute('aria-busy');
      }
    };
    // Enter asks, Shift+Enter adds a line (as in the back-office's assistant)
    query.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        if (!submit.disabled) void ask();
      }
    });
    return h(
      'form',
      {
        class: styles.form,
        novalidate: true,
        onsubmit: (event: Event) => {
          event.preventDefault();
          void ask();
        },
      },
      prompt.wrap,
      h('div', { class: styles.row }, submit),
      answer,
    );
  }

  async function loadScenario(id: string): Promise<Scenario | null> {
    try {
      return (await api.GET('/scenarios/{id}', { params: { path: { id } } })).data ?? null;
    } catch (error) {
      ensurePanel().alert(`${t('runner.loadError')} : ${errorText(error, t('common.network'))}`);
      return null;
    }
  }

  // ── a guide chosen: prerequisites, then the run ──
  async function open(id: string) {
    scenario = await loadScenario(id);
    if (!scenario) return;
    if (scenario.steps.length === 0) {
      ensurePanel().alert(t('runner.noSteps'));
      await save({ mode: 'reader' });
      return;
    }
    const guide = scenario;
    if (guide.prerequisites.length === 0) return start(guide);
    const p = ensurePanel();
    p.body.replaceChildren(
      h('h2', { class: styles.heading }, guide.title),
      h('p', {}, t('prereq.prompt')),
      h(
        'ul',
        { class: styles.list },
        ...guide.prerequisites.map((pr) =>
          h(
            'li',
            { class: styles.item },
            pr.text,
            pr.scenario ? h('span', { class: styles.muted }, pr.scenario.title) : null,
          ),
        ),
      ),
      h(
        'div',
        { class: styles.row },
        h(
          'button',
          { type: 'button', class: buttons.primary, onclick: () => void start(guide) },
          t('prereq.start'),
        ),
        h(
          'button',
          { type: 'button', class: buttons.secondary, onclick: () => void home() },
          t('runner.home'),
        ),
      ),
    );
  }

  async function start(guide: Scenario) {
    let runId: string | null = null;
    try {
      runId =
        (
          await api.POST('/scenarios/{id}/runs', {
            params: { path: { id: guide.id } },
            body: { status: 'started', url: location.href.slice(0, 2048), stepsCompleted: 0 },
          })
        ).data?.id ?? null;
    } catch {
      // the guide still plays when the run cannot be recorded
    }
    await save({
      mode: 'reader',
      scenarioId: guide.id,
      run: { runId, index: 0, completed: 0, reported: [] },
    });
    await play();
  }

  async function updateRun(body: Schemas['RunUpdate']): Promise<Schemas['Run'] | null> {
    const run = state.run;
    if (!run?.runId || !state.scenarioId) return null;
    try {
      return (
        (
          await api.PATCH('/scenarios/{id}/runs/{runId}', {
            params: { path: { id: state.scenarioId, runId: run.runId } },
            body,
          })
        ).data ?? null
      );
    } catch {
      // losing a progress record must not stop the guide
      return null;
    }
  }

  async function report(step: Step, issue: Omit<StepIssue, 'stepId'>) {
    const run = state.run as RunProgress;
    if (run.reported.includes(step.id)) return;
    await save({ ...state, run: { ...run, reported: [...run.reported, step.id] } });
    const recorded = await updateRun({
      stepIssues: [{ stepId: step.id, ...issue }],
      stepsCompleted: run.completed,
    });
    // the page as the user sees it now, for the author to compare with the step's own screenshot
    const added = recorded?.stepIssues.filter((i) => i.stepId === step.id).at(-1);
    if (recorded && added && state.scenarioId)
      void send({
        kind: 'issue-screenshot:put',
        scenarioId: state.scenarioId,
        runId: recorded.id,
        issueId: added.id,
      }).catch(() => undefined);
  }

  async function go(index: number, direction: 1 | -1 = 1) {
    const run = state.run as RunProgress;
    await save({ ...state, run: moved(run, index) });
    await play(direction);
  }

  // ── the runner ──
  async function play(direction: 1 | -1 = 1) {
    clearOverlay();
    if (!state.scenarioId || !state.run) return catalogue();
    if (!scenario || scenario.id !== state.scenarioId) scenario = await loadScenario(state.scenarioId);
    if (!scenario || destroyed) return;
    const guide = scenario;
    const run = state.run;
    if (guide.steps.length === 0) {
      ensurePanel().alert(t('runner.noSteps'));
      return;
    }
    if (run.index >= guide.steps.length) return finish(guide);
    const step = guide.steps[run.index] as Step;
    // a step on another page: go there; this content script ends and the next page's resumes the run
    // (once per step: when that page redirects, e.g. to a login, the step is looked for where the user is)
    if (step.url && !samePage(step.url, location.href) && run.navigated !== run.index) {
      await save({ ...state, run: { ...run, navigated: run.index } });
      location.assign(step.url);
      return;
    }
    closePanel();
    const total = guide.steps.length;
    const signal = abort.signal;
    const content = stepCard(guide, step, run.index, total);
    if (!step.target) {
      overlay = highlight(null, content.card, { onEscape: () => void quit(true), styles: PANEL_CSS });
      content.note(t('runner.noTarget'));
      return;
    }
    content.note(t('common.loading'));
    overlay = highlight(null, content.card, {
      onEscape: () => void quit(true),
      styles: PANEL_CSS,
      focus: false,
    });
    let placement: Awaited<ReturnType<typeof placeStep>>;
    try {
      placement = await placeStep(
        step.target as unknown as TargetDescriptor,
        { wait: step.onMissingTarget.waitSeconds, otherwise: step.onMissingTarget.fallback },
        { signal },
      );
    } catch {
      return; // aborted: the user moved on
    }
    if (signal.aborted) return;
    const { report: found } = placement;
    if (placement.kind !== 'anchored') {
      await report(step, {
        outcome: 'not-found',
        confidence: found.candidates.length ? found.confidence : null,
        url: location.href.slice(0, 2048),
      });
      if (placement.kind === 'skip') {
        const next = run.index + direction;
        // skipping backwards past the first step lands on it going forwards
        if (next < 0) return go(0);
        if (next >= guide.steps.length) return finish(guide);
        return go(next, direction);
      }
      content.note(t('runner.notFound'));
      overlay.update(content.card, null);
      const shot = step.hasScreenshot
        ? await send<{ dataUrl: string | null }>({
            kind: 'screenshot:get',
            scenarioId: guide.id,
            stepId: step.id,
          }).catch(() => null)
        : null;
      if (signal.aborted) return;
      content.screenshot(shot?.dataUrl ?? null);
      overlay.reposition();
      return;
    }
    if (found.confidence < DEGRADED_CONFIDENCE)
      await report(step, {
        outcome: 'low-confidence',
        confidence: found.confidence,
        url: location.href.slice(0, 2048),
      });
    const element = placement.element;
    content.note('');
    try {
      overlay.update(content.card, element);
    } catch (error) {
      // the page's own code can break anchoring (e.g. a node removed mid-layout): the step still shows
      content.note(`${t('runner.highlightError')} ${error instanceof Error ? error.message : String(error)}`);
      overlay.update(content.card, null);
    }
    const next = async () => {
      const last = run.index + 1 >= total;
      await save({
        ...state,
        run: moved(run, run.index + 1),
      });
      if (last) await finish(guide);
      else await play();
    };
    // the user doing the step themselves moves the guide on; the state is saved before a link navigates away
    if (element.matches(CLICKABLE)) {
      element.addEventListener(
        'click',
        (event) => {
          if (!event.isTrusted) return;
          void save({
            ...state,
            run: moved(run, run.index + 1),
          });
          window.setTimeout(() => {
            if (!signal.aborted && location.href) void next();
          }, 300);
        },
        { once: true, signal },
      );
    }
    if (step.autoClick) {
      content.setBusy(true);
      await save({
        ...state,
        run: moved(run, run.index + 1),
      });
      const result = await autoClick(element, {
        signal,
        delay: 600,
        onState: (s) => content.note(s === 'clicking' ? t('runner.clicking') : ''),
      }).catch(() => 'failed' as const);
      if (signal.aborted) return;
      if (result === 'failed') {
        content.setBusy(false);
        await save({ ...state, run });
        return;
      }
      // a click that navigates ends this page; otherwise the next step shows here
      window.setTimeout(() => {
        if (!signal.aborted) void (run.index + 1 >= total ? finish(guide) : play());
      }, 300);
    }

    function stepCard(guide: Scenario, step: Step, index: number, total: number) {
      const done = percent(index + 1, total);
      const note = h('p', { role: 'status', class: styles.muted });
      const shot = h('div');
      const previous = h(
        'button',
        {
          type: 'button',
          class: buttons.secondary,
          disabled: index === 0,
          onclick: () => void go(index - 1, -1),
        },
        t('runner.previous'),
      );
      const last = index + 1 >= total;
      const nextButton = h(
        'button',
        {
          type: 'button',
          class: buttons.primary,
          onclick: () => {
            void (async () => {
              await save({
                ...state,
                run: moved(run, index + 1),
              });
              if (last) await finish(guide);
              else await play();
            })();
          },
        },
        last ? t('runner.finish') : t('runner.next'),
      );
      const card = h(
        'div',
        { class: styles.card },
        h('p', { class: styles.brand }, guide.title),
        h('p', { class: styles.muted }, t('runner.progress', { n: index + 1, total })),
        h(
          'div',
          {
            class: styles.progress,
            role: 'progressbar',
            'aria-valuemin': 0,
            'aria-valuemax': 100,
            'aria-valuenow': done,
            'aria-label': t('runner.percent', { p: done }),
          },
          h('div', { class: styles.progressBar, style: `width:${done}%` }),
        ),
        h('p', { class: styles.muted }, t('runner.percent', { p: done })),
        h('h2', { class: styles.heading }, step.name),
        h('p', {}, step.text),
        step.extra ? h('p', { class: styles.muted }, step.extra) : null,
        note,
        shot,
        h(
          'div',
          { class: styles.row },
          previous,
          nextButton,
          h(
            'button',
            { type: 'button', class: buttons.plain, onclick: () => void quit(true) },
            t('runner.quit'),
          ),
        ),
      );
      return {
        card,
        note(text: string) {
          note.textContent = text;
        },
        setBusy(busy: boolean) {
          previous.disabled = busy || index === 0;
          nextButton.disabled = busy;
          card.setAttribute('aria-busy', String(busy));
        },
        screenshot(dataUrl: string | null) {
          shot.replaceChildren(
            dataUrl
              ? h('img', { src: dataUrl, alt: t('runner.screenshotAlt'), class: styles.screenshot })
              : h('p', { class: styles.muted }, t('runner.noScreenshot')),
          );
        },
      };
    }
  }

  async function finish(guide: Scenario, record = true) {
    clearOverlay();
    const total = guide.steps.length;
    if (record) await updateRun({ status: 'completed', stepsCompleted: total });
    await save({ mode: 'reader', scenarioId: guide.id, finished: true });
    const p = ensurePanel();
    const back = h(
      'button',
      { type: 'button', class: buttons.primary, onclick: () => void home() },
      t('runner.home'),
    );
    p.body.replaceChildren(
      h('h2', { class: styles.heading }, t('runner.congrats')),
      h('p', {}, t('runner.done', { title: guide.title })),
      h(
        'div',
        {
          class: styles.progress,
          role: 'progressbar',
          'aria-valuemin': 0,
          'aria-valuemax': 100,
          'aria-valuenow': 100,
          'aria-label': t('runner.percent', { p: 100 }),
        },
        h('div', { class: styles.progressBar, style: 'width:100%' }),
      ),
      h('p', { class: styles.muted }, t('runner.percent', { p: 100 })),
      back,
    );
    back.focus();
  }

  async function home() {
    scenario = null;
    await save({ mode: 'reader' });
    await catalogue();
  }

  /** Leaves the guide (Escape, "Quitter", closing the panel): the run is recorded as abandoned. */
  async function quit(toCatalogue: boolean) {
    const run = state.run;
    if (run && !state.finished) await updateRun({ status: 'abandoned', stepsCompleted: run.completed });
    clearOverlay();
    if (toCatalogue && state.scenarioId) return home();
    await tabState.set(null);
    destroy();
  }

  if (state.finished && state.scenarioId) {
    void loadScenario(state.scenarioId).then((s) => (s ? finish(s, false) : catalogue()));
  } else if (state.scenarioId && state.run) void play();
  else if (state.scenarioId) void open(state.scenarioId);
  else void catalogue();
  return destroy;
}
