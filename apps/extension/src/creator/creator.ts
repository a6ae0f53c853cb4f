import { basedOn, errorText, isStale, type Schemas } from '@mulot/api-client';
import { capture, parseTarget, type StepTarget, storedTarget } from '@mulot/player';
import { createStepSchema } from '@mulot/ui/fragments/runner/schemas';
import { h, uid } from '../dom';
import { type MessageKey, type Translate, toLocale, translator } from '../intl';
import type { CreatorState } from '../messages';
import { buttons, createPanel, field, type Panel } from '../panel';
import type { Context } from '../panels';
import { send, tabState } from '../runtime';
import { styles } from '../styles';
import { pickElement } from './picker';

type Scenario = Schemas['Scenario'];
type Step = Schemas['Step'];

/** Creator mode: the guide creation form, then the steps editor, in a panel on the customer's page. */
export function mountCreator(context: Context, initial: CreatorState): () => void {
  const t = translator(toLocale(context.session.locale));
  let state = initial;
  let stopPicking: (() => void) | null = null;
  const panel = createPanel(t('panel.creator'), t, () => {
    void tabState.set(null);
    destroy();
  });
  const { api } = context;

  function destroy() {
    stopPicking?.();
    panel.setPassThrough(false);
    panel.destroy();
  }

  async function saveState(next: CreatorState) {
    state = next;
    await tabState.set(next);
  }

  function show(...nodes: Node[]) {
    stopPicking?.();
    stopPicking = null;
    panel.setPassThrough(false);
    panel.clearMessages();
    panel.body.replaceChildren(...nodes);
  }

  // ── guide creation form (spec §2 / §5) ──
  async function guideForm() {
    show(h('p', { class: styles.muted }, t('common.loading')));
    let projects: Schemas['Project'][] = [];
    let loadError: string | null = null;
    try {
      projects = (await api.GET('/projects')).data ?? [];
    } catch (error) {
      loadError = errorText(error, t('common.error'));
    }
    const project = h('select', { name: 'project' }, h('option', { value: '' }, t('form.choose')));
    for (const p of projects)
      project.append(h('option', { value: p.id, selected: p.id === state.projectId }, p.name));
    const category = h('select', { name: 'category' });
    const fillCategories = () => {
      const chosen = projects.find((p) => p.id === project.value);
      category.replaceChildren(h('option', { value: '' }, t('form.choose')));
      for (const c of chosen?.categories ?? [])
        category.append(h('option', { value: c.id, selected: c.id === state.categoryId }, c.name));
    };
    fillCategories();
    const title = h('input', { name: 'title', type: 'text', maxlength: 200 });
    const description = h('textarea', { name: 'description', rows: 3, maxlength: 5000 });
    const summary = h('textarea', { name: 'summary', rows: 3, maxlength: 5000 });
    const minDuration = h('input', {
      name: 'minDuration',
      type: 'number',
      min: 0,
      max: 1440,
      inputmode: 'numeric',
    });
    const maxDuration = h('input', {
      name: 'maxDuration',
      type: 'number',
      min: 0,
      max: 1440,
      inputmode: 'numeric',
    });

    const fields = {
      project: field(uid('project'), t('form.project'), project),
      category: field(uid('category'), t('form.category'), category),
      title: field(uid('title'), t('form.guideTitle'), title),
      description: field(uid('description'), t('form.description'), description),
      summary: field(uid('summary'), t('form.summary'), summary),
      minDuration: field(uid('min'), t('form.minDuration'), minDuration),
      maxDuration: field(uid('max'), t('form.maxDuration'), maxDuration),
    };
    type Name = keyof typeof fields;
    const rules: Record<Name, () => string | null> = {
      project: () => (project.value ? null : t('form.projectRequired')),
      category: () => (category.value ? null : t('form.categoryRequired')),
      title: () => (title.value.trim() ? null : t('form.titleRequired')),
      description: () => (description.value.trim() ? null : t('form.descriptionRequired')),
      summary: () => (summary.value.trim() ? null : t('form.summaryRequired')),
      minDuration: () => (minDuration.value.trim() === '' ? t('form.minRequired') : null),
      maxDuration: () => {
        if (maxDuration.value.trim() === '') return t('form.maxRequired');
        if (minDuration.value.trim() !== '' && Number(maxDuration.value) < Number(minDuration.value))
          return t('form.maxBelowMin');
        return null;
      },
    };
    const validate = (name: Name) => {
      const message = rules[name]();
      fields[name].setError(message);
      return !message;
    };
    // spec §5: validation runs on blur and on change, not on input
    const controls: Record<Name, HTMLElement> = {
      project,
      category,
      title,
      description,
      summary,
      minDuration,
      maxDuration,
    };
    for (const name of Object.keys(controls) as Name[]) {
      controls[name].addEventListener('blur', () => validate(name));
      controls[name].addEventListener('change', () => validate(name));
    }
    project.addEventListener('change', fillCategories);

    const submit = h('button', { type: 'submit', class: buttons.primary }, t('form.create'));
    const form = h(
      'form',
      { class: styles.form, novalidate: true },
      h('h2', { class: styles.heading }, t('form.title')),
      ...Object.values(fields).map((f) => f.wrap),
      submit,
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const results = (Object.keys(rules) as Name[]).map(validate);
      if (results.includes(false)) {
        const first = (Object.keys(rules) as Name[]).find((name) => rules[name]());
        if (first) controls[first].focus();
        return;
      }
      submit.disabled = true;
      submit.textContent = t('form.creating');
      try {
        const { data } = await api.POST('/projects/{id}/categories/{categoryId}/scenarios', {
          params: { path: { id: project.value, categoryId: category.value } },
          body: {
            title: title.value.trim(),
            description: description.value.trim(),
            summary: summary.value.trim(),
            minDuration: Number(minDuration.value),
            maxDuration: Number(maxDuration.value),
          },
        });
        if (!data) throw new Error('empty answer');
        await saveState({
          mode: 'creator',
          projectId: project.value,
          categoryId: category.value,
          scenarioId: data.id,
        });
        await stepsView();
      } catch (error) {
        panel.alert(errorText(error, t('common.error')));
        submit.disabled = false;
        submit.textContent = t('form.create');
      }
    });
    show(form);
    if (loadError) panel.alert(loadError);
  }

  async function loadScenario(): Promise<Scenario | null> {
    if (!state.scenarioId) return null;
    try {
      return (await api.GET('/scenarios/{id}', { params: { path: { id: state.scenarioId } } })).data ?? null;
    } catch (error) {
      panel.alert(`${t('creator.scenarioError')} ${errorText(error, t('common.network'))}`);
      return null;
    }
  }

  /** A write refused because the guide changed meanwhile: show the guide as it now is, then say why. */
  async function reloadStale() {
    await stepsView();
    panel.alert(t('steps.stale'));
  }

  // ── steps editor ──
  async function stepsView() {
    show(h('p', { class: styles.muted }, t('common.loading')));
    const scenario = await loadScenario();
    if (!scenario) return;
    if (state.stepId) {
      const step = scenario.steps.find((s) => s.id === state.stepId);
      const recapture = Boolean(state.recapture);
      await saveState({ ...state, stepId: undefined, recapture: undefined } as CreatorState);
      delete state.stepId;
      delete state.recapture;
      if (step) return stepEditor(scenario, step, recapture);
    }
    const list = h('ol', { class: styles.list, 'aria-label': t('steps.title') });
    scenario.steps.forEach((step, index) => {
      const move = async (delta: number) => {
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
          if (isStale(error)) await reloadStale();
          else panel.alert(errorText(error, t('common.error')));
        }
      };
      const remove = async () => {
        if (!window.confirm(t('steps.confirmDelete'))) return;
        try {
          await api.DELETE('/scenarios/{id}/steps/{stepId}', {
            params: { path: { id: scenario.id, stepId: step.id }, header: basedOn(step.version) },
          });
          await stepsView();
          panel.status(t('steps.deleted'));
        } catch (error) {
          if (isStale(error)) await reloadStale();
          else panel.alert(errorText(error, t('common.error')));
        }
      };
      list.append(
        h(
          'li',
          { class: styles.item },
          h('span', { class: styles.itemTitle }, `${index + 1}. ${step.name}`),
          h('span', { class: styles.muted }, step.target ? step.url : t('runner.noTarget')),
          h(
            'div',
            { class: styles.row },
            h(
              'button',
              {
                type: 'button',
                class: buttons.secondary,
                'aria-label': `${t('steps.edit')} : ${step.name}`,
                onclick: () => void stepEditor(scenario, step),
              },
              t('steps.edit'),
            ),
            h(
              'button',
              {
                type: 'button',
                class: buttons.plain,
                disabled: index === 0,
                'aria-label': `${t('steps.up')} : ${step.name}`,
                onclick: () => void move(-1),
              },
              '↑',
            ),
            h(
              'button',
              {
                type: 'button',
                class: buttons.plain,
                disabled: index === scenario.steps.length - 1,
                'aria-label': `${t('steps.down')} : ${step.name}`,
                onclick: () => void move(1),
              },
              '↓',
            ),
            h(
              'button',
              {
                type: 'button',
                class: buttons.plain,
                'aria-label': `${t('common.delete')} : ${step.name}`,
                onclick: () => void remove(),
              },
              t('common.delete'),
            ),
          ),
        ),
      );
    });
    show(
      h('h2', { class: styles.heading }, scenario.title),
      h('h3', { class: styles.subheading }, t('steps.title')),
      scenario.steps.length ? list : h('p', { class: styles.muted }, t('steps.empty')),
      h(
        'button',
        { type: 'button', class: buttons.primary, onclick: () => void stepEditor(scenario, null) },
        t('steps.add'),
      ),
      await prerequisites(scenario),
      h(
        'button',
        {
          type: 'button',
          class: buttons.secondary,
          onclick: () => {
            void tabState.set(null);
            destroy();
          },
        },
        t('steps.finish'),
      ),
    );
  }

  // ── add / modify a step ──
  async function stepEditor(scenario: Scenario, step: Step | null, recapture = false) {
    let target = parseTarget(step?.target);
    const name = h('input', { name: 'name', type: 'text', maxlength: 200, value: step?.name ?? '' });
    const text = h('textarea', { name: 'text', rows: 3, maxlength: 5000 });
    text.value = step?.text ?? '';
    const extra = h('textarea', { name: 'extra', rows: 2, maxlength: 5000 });
    extra.value = step?.extra ?? '';
    const url = h('input', { name: 'url', type: 'url', maxlength: 2048, value: step?.url ?? location.href });
    const autoClick = h('input', {
      type: 'checkbox',
      name: 'autoClick',
      checked: step?.autoClick ?? false,
      id: uid('auto'),
    });
    const wait = h('input', {
      type: 'number',
      name: 'waitSeconds',
      min: 0,
      max: 120,
      value: step?.onMissingTarget.waitSeconds ?? 6,
    });
    const fallback = h(
      'select',
      { name: 'fallback' },
      h('option', { value: 'unanchored' }, t('step.fallbackUnanchored')),
      h(
        'option',
        { value: 'skip', selected: step?.onMissingTarget.fallback === 'skip' },
        t('step.fallbackSkip'),
      ),
    );
    const fields = {
      name: field(uid('name'), t('step.name'), name),
      text: field(uid('text'), t('step.text'), text),
      extra: field(uid('extra'), t('step.extra'), extra),
      url: field(uid('url'), t('step.url'), url),
    };
    // the same rules as the back-office's step editor (one schema); the messages are the extension's
    const schema = createStepSchema({
      formatMessage: ({ id }, values) => t(id.replace(/^runner\./, '') as MessageKey, values),
    });
    const values = () => ({
      name: name.value,
      text: text.value,
      extra: extra.value,
      url: url.value,
      autoClick: autoClick.checked,
    });
    const problem = (key: 'name' | 'text' | 'url') => () =>
      schema.shape[key].safeParse(values()[key]).error?.issues[0]?.message ?? null;
    const rules = { name: problem('name'), text: problem('text'), url: problem('url') };
    type Rule = keyof typeof rules;
    const validate = (key: Rule) => {
      const message = rules[key]();
      fields[key].setError(message);
      return !message;
    };
    for (const key of Object.keys(rules) as Rule[]) {
      const control = { name, text, url }[key];
      control.addEventListener('blur', () => validate(key));
      control.addEventListener('change', () => validate(key));
    }

    const targetInfo = h('p', { class: styles.target, id: uid('target') });
    const captureButton = h('button', { type: 'button', class: buttons.secondary });
    const detecting = h('p', { class: styles.detecting, hidden: true }, t('step.detecting'));
    const renderTarget = () => {
      targetInfo.textContent = target ? describe(target) : t('step.noCapture');
      captureButton.textContent = target ? t('step.recapture') : t('step.capture');
    };
    renderTarget();
    captureButton.addEventListener('click', () => {
      stopPicking?.();
      detecting.hidden = false;
      captureButton.disabled = true;
      // elements under the panel can be picked too; Escape cancels
      panel.setPassThrough(true);
      stopPicking = pickElement(
        (element) => {
          stopPicking = null;
          panel.setPassThrough(false);
          target = capture(element);
          detecting.hidden = true;
          captureButton.disabled = false;
          // the page the element was picked on is the step's page
          url.value = location.href;
          renderTarget();
          captureButton.focus();
        },
        () => {
          stopPicking = null;
          panel.setPassThrough(false);
          detecting.hidden = true;
          captureButton.disabled = false;
          captureButton.focus();
        },
      );
    });

    const submit = h('button', { type: 'submit', class: buttons.primary }, t('common.save'));
    const form = h(
      'form',
      { class: styles.form, novalidate: true },
      h('h2', { class: styles.heading }, step ? t('step.edit', { n: step.position }) : t('step.new')),
      fields.name.wrap,
      fields.text.wrap,
      fields.extra.wrap,
      fields.url.wrap,
      h(
        'div',
        { class: styles.field, role: 'group', 'aria-labelledby': `${targetInfo.id}-label` },
        h('span', { class: styles.label, id: `${targetInfo.id}-label` }, t('step.target')),
        targetInfo,
        detecting,
        h('div', { class: styles.row }, captureButton),
      ),
      h('label', { class: styles.check, for: autoClick.id }, autoClick, t('step.autoClick')),
      field(uid('wait'), t('step.wait'), wait).wrap,
      field(uid('fallback'), t('step.fallback'), fallback).wrap,
      h(
        'div',
        { class: styles.row },
        submit,
        h(
          'button',
          { type: 'button', class: buttons.secondary, onclick: () => void stepsView() },
          t('common.cancel'),
        ),
      ),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const ok = (Object.keys(rules) as Rule[]).map(validate);
      if (ok.includes(false)) return;
      submit.disabled = true;
      submit.textContent = t('common.saving');
      const body = {
        name: name.value.trim(),
        text: text.value.trim(),
        extra: extra.value.trim() || null,
        url: url.value.trim(),
        target: storedTarget(target),
        autoClick: autoClick.checked,
        onMissingTarget: {
          waitSeconds: Math.min(120, Math.max(0, Math.round(Number(wait.value) || 0))),
          fallback: fallback.value === 'skip' ? ('skip' as const) : ('unanchored' as const),
        },
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
        const shot = await screenshot(panel, scenario.id, saved.id);
        await stepsView();
        if (!shot) panel.alert(t('step.screenshotFailed'));
        else panel.status(step ? t('step.updated') : t('step.created'));
      } catch (error) {
        if (isStale(error)) return reloadStale();
        panel.alert(errorText(error, t('common.error')));
        submit.disabled = false;
        submit.textContent = t('common.save');
      }
    });
    show(form);
    name.focus();
    // repairing a failing step (launched from "Réparer"): the author clicks the element straight away
    if (recapture) captureButton.click();
  }

  // ── prerequisites ──
  async function prerequisites(scenario: Scenario): Promise<HTMLElement> {
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
    const rows = h('div', { class: styles.list });
    const addRow = (text = '', scenarioId: string | null = null) => {
      const input = h('input', { type: 'text', maxlength: 1000, value: text, name: 'prerequisite' });
      const select = h(
        'select',
        { name: 'prerequisiteScenario' },
        h('option', { value: '' }, t('prereq.none')),
      );
      for (const s of others)
        select.append(h('option', { value: s.id, selected: s.id === scenarioId }, s.title));
      const textField = field(uid('prereq'), t('prereq.text'), input);
      const row = h(
        'div',
        { class: styles.item },
        textField.wrap,
        field(uid('prereq-scenario'), t('prereq.scenario'), select).wrap,
        h(
          'button',
          { type: 'button', class: buttons.plain, onclick: () => row.remove() },
          t('prereq.remove'),
        ),
      );
      input.addEventListener('blur', () =>
        textField.setError(input.value.trim() ? null : t('prereq.textRequired')),
      );
      rows.append(row);
    };
    for (const p of scenario.prerequisites) addRow(p.text, p.scenarioId);
    const save = h('button', { type: 'button', class: buttons.secondary }, t('common.save'));
    save.addEventListener('click', async () => {
      const items = Array.from(rows.children).map((row) => ({
        text: (row.querySelector('input') as HTMLInputElement).value.trim(),
        scenarioId: (row.querySelector('select') as HTMLSelectElement).value || null,
      }));
      if (items.some((i) => !i.text)) {
        panel.alert(t('prereq.textRequired'));
        return;
      }
      save.disabled = true;
      try {
        await api.PUT('/scenarios/{id}/prerequisites', {
          params: { path: { id: scenario.id } },
          body: items,
        });
        panel.status(t('prereq.saved'));
      } catch (error) {
        panel.alert(errorText(error, t('common.error')));
      } finally {
        save.disabled = false;
      }
    });
    return h(
      'section',
      { class: styles.form, 'aria-label': t('prereq.title') },
      h('h3', { class: styles.subheading }, t('prereq.title')),
      rows,
      h(
        'div',
        { class: styles.row },
        h('button', { type: 'button', class: buttons.plain, onclick: () => addRow() }, t('prereq.add')),
        save,
      ),
    );
  }

  if (state.scenarioId) void stepsView();
  else void guideForm();
  return destroy;
}

function describe(target: StepTarget): string {
  const label = target.name || target.text || target.attributes['aria-label'] || target.attributes.id || '';
  return label ? `<${target.tag}> « ${label} »` : `<${target.tag}> ${target.css}`;
}

/** Screenshot of the visible tab as the end user will see it: the panel is hidden while the tab is captured. */
async function screenshot(panel: Panel, scenarioId: string, stepId: string): Promise<boolean> {
  panel.setHidden(true);
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  try {
    const answer = await send<{ ok: boolean }>({ kind: 'screenshot:put', scenarioId, stepId });
    return answer?.ok === true;
  } catch {
    return false;
  } finally {
    panel.setHidden(false);
  }
}

export type { Translate };
