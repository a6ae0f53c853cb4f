import { errorText, type Schemas } from '@mulot/api-client';
import { type HighlightHandle, highlight, percentDone, RunEngine, type RunState } from '@mulot/player';
import { browser } from 'wxt/browser';
import { h, uid } from '../dom';
import { toLocale, translator } from '../intl';
import { samePage } from '../launch';
import type { ReaderState } from '../messages';
import { buttons, createPanel, field, PANEL_CSS, type Panel } from '../panel';
import type { Context } from '../panels';
import { send, tabState } from '../runtime';
import { styles } from '../styles';

type Scenario = Schemas['Scenario'];

export { samePage };

const COMPLETED_KEY = 'completedGuides';

/** The guides played to the end in this browser (their prerequisite prompt is not shown again). */
async function completedGuides(): Promise<string[]> {
  try {
    const stored = await browser.storage.local.get(COMPLETED_KEY);
    const list: unknown = stored[COMPLETED_KEY];
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

async function markCompleted(id: string): Promise<void> {
  const list = await completedGuides();
  if (list.includes(id)) return;
  await browser.storage.local.set({ [COMPLETED_KEY]: [...list, id].slice(-500) }).catch(() => undefined);
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
  let engine: RunEngine | null = null;
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
    engine?.destroy();
    engine = null;
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
    // a prerequisite guide this browser has completed is done: only what is left is asked
    const done = await completedGuides();
    const pending = guide.prerequisites.filter((pr) => !(pr.scenarioId && done.includes(pr.scenarioId)));
    if (pending.length === 0) return start(guide);
    const p = ensurePanel();
    p.body.replaceChildren(
      h('h2', { class: styles.heading }, guide.title),
      h('p', {}, t('prereq.prompt')),
      h(
        'ul',
        { class: styles.list },
        ...pending.map((pr) => {
          const linked = pr.scenario;
          return h(
            'li',
            { class: styles.item },
            pr.text,
            linked ? h('span', { class: styles.muted }, linked.title) : null,
            linked
              ? h(
                  'div',
                  { class: styles.row },
                  h(
                    'button',
                    {
                      type: 'button',
                      class: buttons.secondary,
                      'aria-label': `${t('catalogue.launch')} : ${linked.title}`,
                      onclick: () => void open(linked.id),
                    },
                    t('catalogue.launch'),
                  ),
                )
              : null,
          );
        }),
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

  // ── the runner: the run engine moves through the steps, this draws its states ──
  async function play() {
    clearOverlay();
    if (!state.scenarioId || !state.run) return catalogue();
    if (!scenario || scenario.id !== state.scenarioId) scenario = await loadScenario(state.scenarioId);
    if (!scenario || destroyed) return;
    const guide = scenario;
    if (guide.steps.length === 0) {
      ensurePanel().alert(t('runner.noSteps'));
      return;
    }
    const runId = state.run.runId;
    const run = new RunEngine({
      steps: guide.steps,
      store: {
        load: () => state.run ?? null,
        save: async (progress) => {
          if (progress) await save({ ...state, run: { ...progress, runId } });
        },
      },
      onIssue: async (step, issue) => {
        const recorded = await updateRun({
          stepIssues: [{ stepId: step.id, ...issue }],
          stepsCompleted: state.run?.completed ?? 0,
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
      },
      samePage,
    });
    engine = run;
    let card: ReturnType<typeof stepCard> | null = null;
    const draw = (now: RunState) => {
      if (engine !== run) return;
      if (now.status === 'finished') return void finish(guide);
      if (!('index' in now) || now.status === 'navigating') return;
      if (!card || card.index !== now.index) {
        overlay?.destroy();
        closePanel();
        card = stepCard(guide, now.index);
        overlay = highlight(null, card.card, {
          onEscape: () => void quit(true),
          styles: PANEL_CSS,
          focus: now.status === 'unanchored',
        });
      }
      const current = card;
      current.setBusy(now.status === 'anchored' && now.click === 'clicking');
      if (now.status === 'waiting') current.note(t('common.loading'));
      else if (now.status === 'unanchored' && now.reason === 'no-target') current.note(t('runner.noTarget'));
      else if (now.status === 'unanchored') {
        current.note(t('runner.notFound'));
        overlay?.update(current.card, null);
        const step = guide.steps[now.index];
        if (!step) return;
        void (
          step.hasScreenshot
            ? send<{ dataUrl: string | null }>({
                kind: 'screenshot:get',
                scenarioId: guide.id,
                stepId: step.id,
              })
            : Promise.resolve(null)
        )
          .catch(() => null)
          .then((shot) => {
            if (card !== current || engine !== run) return;
            current.screenshot(shot?.dataUrl ?? null);
            overlay?.reposition();
          });
      } else if (now.status === 'anchored') {
        current.note(now.click === 'clicking' ? t('runner.clicking') : '');
        if (now.click) return;
        try {
          overlay?.update(current.card, now.element);
        } catch (error) {
          // the page's own code can break anchoring (e.g. a node removed mid-layout): the step still shows
          current.note(
            `${t('runner.highlightError')} ${error instanceof Error ? error.message : String(error)}`,
          );
          overlay?.update(current.card, null);
        }
      }
    };
    run.on('change', draw);
    await run.resume();

    function stepCard(guide: Scenario, index: number) {
      const total = guide.steps.length;
      const step = guide.steps[index] as Schemas['Step'];
      // the steps done before this one: 0 % on the first step, 100 % only on the congratulations screen
      const done = percentDone({ index }, total);
      const note = h('p', { role: 'status', class: styles.muted });
      const shot = h('div');
      const previous = h(
        'button',
        { type: 'button', class: buttons.secondary, disabled: index === 0, onclick: () => void run.back() },
        t('runner.previous'),
      );
      const last = index + 1 >= total;
      const nextButton = h(
        'button',
        { type: 'button', class: buttons.primary, onclick: () => void run.next() },
        last ? t('runner.finish') : t('runner.next'),
      );
      const card = h(
        'div',
        { class: styles.card },
        h('p', { class: styles.brand }, guide.title),
        h('p', { class: styles.muted }, t('runner.progress', { current: index + 1, total })),
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
        index,
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
    if (record) {
      await updateRun({ status: 'completed', stepsCompleted: total });
      await markCompleted(guide.id);
    }
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
