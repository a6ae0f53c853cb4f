import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { emptyWeek, health, statistics } from './fixtures';
import { FUNNEL_HEIGHT } from './funnel-constants';
import { GuideStatistics, type GuideStatisticsProps } from './guide-statistics';
import type { StatisticsPeriod } from './types';

/** The card as its page holds it: the period it is given is the one last chosen. */
function Stateful(props: GuideStatisticsProps) {
  const [days, setDays] = useState<StatisticsPeriod>(props.days);
  return (
    <GuideStatistics
      {...props}
      days={days}
      onDaysChange={(next) => {
        setDays(next);
        props.onDaysChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Fragments/Statistics/GuideStatistics',
  component: GuideStatistics,
  args: { days: 30, onDaysChange: fn(), onRetry: fn(), statistics, health },
  render: (args) => <Stateful {...args} />,
  decorators: [(Story) => <div style={{ maxWidth: '64rem' }}>{Story()}</div>],
  // The baseline shows what the test's viewport renders, and the whole card (figures, origins, funnel, its table)
  // is taller than the default 900 px: shot in a viewport tall enough to hold it, at the usual widths.
  parameters: {
    viewport: {
      options: {
        desktopCard: { name: 'Desktop, whole card', styles: { width: '1200px', height: '1500px' } },
        phoneCard: { name: 'Phone 390, whole card', styles: { width: '390px', height: '2300px' } },
      },
    },
  },
  globals: { viewport: { value: 'desktopCard', isRotated: false } },
} satisfies Meta<typeof GuideStatistics>;
export default meta;
type Story = StoryObj<typeof meta>;

const SUMMARY =
  "128 exécutions lancées, 72 terminées sur 30 jours. Le plus de départs : à l'étape 3 (31 exécutions).";

const card = (canvasElement: HTMLElement) => {
  const found = canvasElement.querySelector('section[data-statistics]');
  if (!(found instanceof HTMLElement)) throw new Error('no statistics card');
  return found;
};
const chart = (canvasElement: HTMLElement) => {
  const svg = canvasElement.querySelector('svg[aria-label]');
  if (!(svg instanceof SVGSVGElement)) throw new Error('no chart');
  return svg;
};
// The chart is a lazily loaded module: the card shows at once, the bars a moment later (seconds, cold, on a loaded
// machine): waited for up to the 15 s of .storybook/preview.tsx.
const drawn = (canvasElement: HTMLElement) =>
  waitFor(() => {
    const svg = chart(canvasElement);
    if (!svg.querySelector('[data-tick]') || !svg.querySelector('rect.visx-bar')) {
      throw new Error('funnel not drawn yet');
    }
    return svg;
  });
/** The bars of a series, in step order: those that went on are primary, those that left secondary. */
const bars = (canvasElement: HTMLElement, series: 'continued' | 'left') =>
  [...chart(canvasElement).querySelectorAll<SVGRectElement>('rect.visx-bar')].filter((bar) =>
    (bar.getAttribute('fill') ?? '').includes(series === 'continued' ? 'primary' : 'secondary'),
  );
const height = (bar: SVGRectElement | undefined) => Number(bar?.getAttribute('height'));
const top = (bar: SVGRectElement | undefined) => Number(bar?.getAttribute('y'));

/** The figure of a stat card ("Lancés" → its `dd`) and the line under it. */
function stat(canvasElement: HTMLElement, label: string) {
  const dt = within(canvasElement).getByText(label, { selector: 'dt' });
  const [value, help] = dt.parentElement?.querySelectorAll('dd') ?? [];
  return { value, help };
}

/**
 * Issue 42's layout invariants: the funnel has a visible area, and nothing of the card (figures, tables, chart,
 * legend) reaches past its edges, which hide what overflows.
 */
async function laidOut(canvasElement: HTMLElement) {
  const svg = await drawn(canvasElement);
  const box = svg.getBoundingClientRect();
  await expect(box.height).toBe(FUNNEL_HEIGHT);
  await expect(box.width).toBeGreaterThan(250);
  const drawnBars = [...svg.querySelectorAll('rect.visx-bar')].filter(
    (bar) => height(bar as SVGRectElement) > 0,
  );
  await expect(drawnBars.length).toBeGreaterThan(0);
  const inside = (inner: DOMRect, outer: DOMRect) =>
    inner.left >= outer.left - 0.5 &&
    inner.right <= outer.right + 0.5 &&
    inner.top >= outer.top - 0.5 &&
    inner.bottom <= outer.bottom + 0.5;
  for (const part of [...drawnBars, ...svg.querySelectorAll('[data-tick]')]) {
    await expect(inside(part.getBoundingClientRect(), box), 'bar or label inside the chart').toBe(true);
  }
  const frame = card(canvasElement).getBoundingClientRect();
  const parts = card(canvasElement).querySelectorAll('dl, table, svg[aria-label], [role="group"], h2, h3');
  for (const part of parts) {
    const rect = part.getBoundingClientRect();
    await expect(rect.left, `${part.tagName} starts inside the card`).toBeGreaterThanOrEqual(frame.left);
    await expect(rect.right, `${part.tagName} ends inside the card`).toBeLessThanOrEqual(frame.right);
  }
  for (const table of card(canvasElement).querySelectorAll('table')) {
    await expect(table.scrollWidth).toBeLessThanOrEqual(table.clientWidth);
  }
}

/** A month of a five-step guide: the figures, by origin, the funnel and its table with each step's health. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Statistiques' })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: '30 jours' })).toBeChecked();
    await expect(stat(canvasElement, 'Lancés').value).toHaveTextContent('128');
    await expect(stat(canvasElement, 'Lancés').help).toHaveTextContent('sur 30 jours');
    await expect(stat(canvasElement, 'Terminés').value).toHaveTextContent('72');
    await expect(stat(canvasElement, 'Terminés').help).toHaveTextContent('51 abandons');
    await expect(stat(canvasElement, 'Taux de complétion').value).toHaveTextContent('56 %');
    await expect(stat(canvasElement, 'Durée médiane').value).toHaveTextContent('4 min 12 s');
    await expect(stat(canvasElement, 'Durée médiane').help).toHaveTextContent("Dans l'estimation (3-5 min)");

    const sources = within(canvas.getByRole('table', { name: 'Par origine' }));
    const cells = (name: RegExp) =>
      within(sources.getByRole('row', { name }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    await expect(cells(/^Membres/)).toEqual(['12', '9']);
    await expect(cells(/^Utilisateurs via l'extrait/)).toEqual(['98', '55']);
    await expect(cells(/^Utilisateurs via l'extension/)).toEqual(['18', '8']);

    const funnel = within(canvas.getByRole('table', { name: 'Entonnoir des étapes' }));
    const rows = funnel.getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(5);
    const third = within(funnel.getByRole('row', { name: /^Étape 3 : Choisir les dates/ }));
    const [reached, left, stepHealth] = third.getAllByRole('cell');
    await expect(reached).toHaveTextContent('112 88 %');
    await expect(left).toHaveTextContent('31');
    await expect(stepHealth).toHaveTextContent(
      "Santé de l'étape : En échec Plusieurs éléments correspondent presque autant : impossible de choisir.",
    );
    const fourth = within(funnel.getByRole('row', { name: /^Étape 4 : Indiquer le motif/ }));
    await expect(fourth.getAllByRole('cell')[2]).toHaveTextContent(
      "Santé de l'étape : Dégradée Élément trouvé avec peu de certitude.",
    );
    const first = within(funnel.getByRole('row', { name: /^Étape 1 :/ }));
    await expect(first.getAllByRole('cell')[2]).toHaveTextContent("Santé de l'étape : Fonctionne");
    await expect(rows[0]?.querySelector('[data-health-reason]')).toBeNull();

    await laidOut(canvasElement);
    await expect(chart(canvasElement)).toHaveAccessibleName(SUMMARY);
    // One bar per step and series, stacked: each step's "left" sits on its "continued", and the whole bar is as
    // tall, against the first step's, as the runs that reached it.
    const continued = bars(canvasElement, 'continued');
    const leftBars = bars(canvasElement, 'left');
    await expect(continued).toHaveLength(5);
    await expect(leftBars).toHaveLength(5);
    await expect(continued[0]?.getAttribute('fill')).toBe('var(--colors-primary-solid-bg)');
    await expect(leftBars[0]?.getAttribute('fill')).toBe('var(--colors-secondary-solid-bg)');
    const whole = (i: number) => height(continued[i]) + height(leftBars[i]);
    for (const [i, step] of statistics.funnel.entries()) {
      await expect(top(leftBars[i]) + height(leftBars[i])).toBeCloseTo(top(continued[i]), 5);
      await expect(whole(i) / whole(0)).toBeCloseTo(step.reached / 128, 2);
    }
  },
};

/** Spec §4, as on the dashboard: a legend item isolates its series (the other at 0.2); pressed again, all return. */
export const LegendIsolatesASeries: Story = {
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    const canvas = within(canvasElement);
    const leftItem = canvas.getByRole('button', { name: 'Partis à cette étape' });
    await userEvent.click(leftItem);
    await expect(leftItem).toHaveAttribute('aria-pressed', 'true');
    const alpha = (bar: SVGRectElement | undefined) =>
      bar ? (getComputedStyle(bar).fill.match(/\/ ([\d.]+)\)$/)?.[1] ?? '1') : 'no bar';
    await waitFor(() => expect(alpha(bars(canvasElement, 'continued')[0])).toBe('0.2'));
    await expect(alpha(bars(canvasElement, 'left')[0])).toBe('1');
    await userEvent.click(leftItem);
    await expect(leftItem).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(bars(canvasElement, 'continued')[0]?.getAttribute('fill')).toBe(
        'var(--colors-primary-solid-bg)',
      ),
    );
  },
};

/**
 * Without a pointer: Tab reaches the period, then the chart; the arrows walk the steps from the first (tooltip and
 * shaded band as for the pointer, the figures read out), End goes to the last, Escape hides.
 */
export const StepsFromKeyboard: Story = {
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    const canvas = within(canvasElement);
    const doc = canvasElement.ownerDocument;
    const tooltip = () => doc.querySelector<HTMLElement>('[data-chart-tooltip]');
    const spoken = () => canvasElement.querySelector('[aria-live="polite"]');
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: '30 jours' })).toHaveFocus();
    await userEvent.tab();
    const figure = canvas.getByRole('img', { name: SUMMARY });
    await expect(figure).toHaveFocus();
    await expect(figure).toHaveAccessibleDescription(
      'Flèches gauche et droite : les chiffres de chaque étape.',
    );
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(tooltip()).toHaveTextContent('Étape 1 : Ouvrir le menu Congés'));
    await expect(spoken()).toHaveTextContent(
      "Étape 1 : Ouvrir le menu Congés, Ont atteint l'étape 128, Partis à cette étape 10",
    );
    await expect(doc.querySelector('[data-chart-band]')).not.toBeNull();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() =>
      expect(tooltip()).toHaveTextContent('Étape 3 : Choisir les dates de début et de fin'),
    );
    await expect(tooltip()).toHaveTextContent("Ont atteint l'étape112Ont continué81Partis à cette étape31");
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(tooltip()).toHaveTextContent('Étape 5 : Envoyer la demande'));
    // the last step's tooltip would run past the chart's right edge: it stays inside
    const box = figure.getBoundingClientRect();
    const tip = tooltip()?.getBoundingClientRect();
    await expect(tip?.right).toBeLessThanOrEqual(box.right);
    await expect(tip?.left).toBeGreaterThanOrEqual(box.left);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(tooltip()).toBeNull());
    await expect(spoken()).toHaveTextContent('');
  },
};

/** Pointing at a step's bar shows its figures beside it. */
export const StepUnderThePointer: Story = {
  play: async ({ canvasElement }) => {
    const svg = await drawn(canvasElement);
    const bar = bars(canvasElement, 'left')[2];
    if (!bar) throw new Error('no bar for step 3');
    const rect = bar.getBoundingClientRect();
    await userEvent.pointer({
      target: svg.querySelector(':scope > rect') ?? svg,
      coords: { clientX: rect.left + rect.width / 2, clientY: rect.top + 4 },
    });
    const tooltip = await waitFor(() => {
      const found = canvasElement.ownerDocument.querySelector<HTMLElement>('[data-chart-tooltip]');
      if (!found) throw new Error('no tooltip yet');
      return found;
    });
    await expect(tooltip).toHaveTextContent('Étape 3 : Choisir les dates de début et de fin');
    await expect(tooltip.getBoundingClientRect().left).toBeGreaterThanOrEqual(rect.right);
  },
};

/** The period is a radio group: the arrows change it, and the card asks for the new one's figures. */
export const PeriodFromKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('radio', { name: '7 jours' })).toBeChecked();
    await expect(args.onDaysChange).toHaveBeenLastCalledWith(7);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: '90 jours' })).toBeChecked();
    await expect(args.onDaysChange).toHaveBeenLastCalledWith(90);
    await userEvent.click(canvas.getByText('30 jours'));
    await expect(args.onDaysChange).toHaveBeenLastCalledWith(30);
  },
};

export const Loading: Story = {
  args: { statistics: undefined, loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(card(canvasElement)).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status', { name: 'Chargement des statistiques...' })).toBeVisible();
    // the period can be changed while the figures load
    await expect(canvas.getByRole('radio', { name: '30 jours' })).toBeChecked();
    await expect(canvasElement.querySelector('svg[aria-label]')).toBeNull();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** A week without any run: said so, rather than zeros and an empty funnel. */
export const Empty: Story = {
  args: { days: 7, statistics: emptyWeek },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Aucune exécution sur cette période' })).toBeVisible();
    await expect(
      canvas.getByText("Les chiffres s'afficheront dès qu'un membre ou un utilisateur lancera ce guide."),
    ).toBeVisible();
    await expect(canvas.getByRole('radio', { name: '7 jours' })).toBeChecked();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvasElement.querySelector('svg[aria-label]')).toBeNull();
  },
};

export const Failed: Story = {
  args: { statistics: undefined, error: 'Veuillez vérifier votre connexion et réessayer.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(
      'Impossible de charger les statistiques.Veuillez vérifier votre connexion et réessayer.',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** The figures of the last period stay while the new one's arrive: the card says it is busy. */
export const Refreshing: Story = {
  args: { refreshing: true },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement)).toHaveAttribute('aria-busy', 'true');
    await expect(stat(canvasElement, 'Lancés').value).toHaveTextContent('128');
  },
};

/** Longer than the author estimated: said beside the median. */
export const SlowerThanEstimated: Story = {
  args: { statistics: { ...statistics, medianDuration: 420 } },
  play: async ({ canvasElement }) => {
    await expect(stat(canvasElement, 'Durée médiane').value).toHaveTextContent('7 min');
    await expect(stat(canvasElement, 'Durée médiane').help).toHaveTextContent(
      "Plus longue que l'estimation (3-5 min)",
    );
  },
};

/** No run reached the steps in the health's 30 days: their health is not measured, not "Fonctionne". */
export const HealthNotMeasured: Story = {
  args: { health: health.map((step) => ({ ...step, runs: 0 })) },
  play: async ({ canvasElement }) => {
    const funnel = within(within(canvasElement).getByRole('table', { name: 'Entonnoir des étapes' }));
    const rows = funnel.getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(5);
    for (const row of rows)
      await expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('Non mesurée');
    await expect(funnel.queryByText(/Santé de l'étape/)).toBeNull();
  },
};

export const WithoutSteps: Story = {
  args: { statistics: { ...statistics, funnel: [] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Ce guide ne contient pas d'étapes configurées.")).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Entonnoir des étapes' })).toBeNull();
  },
};

/** On a 390 px phone: figures two per row, the funnel and both tables within the card, nothing cut off. */
export const Phone: Story = {
  globals: { viewport: { value: 'phoneCard', isRotated: false } },
  play: async ({ canvasElement }) => {
    await laidOut(canvasElement);
    const started = stat(canvasElement, 'Lancés').value?.closest('dl')?.getBoundingClientRect();
    const completed = stat(canvasElement, 'Terminés').value?.closest('dl')?.getBoundingClientRect();
    await expect(started?.top).toBe(completed?.top);
    await expect(card(canvasElement).getBoundingClientRect().right).toBeLessThanOrEqual(390);
    // the health goes under the step's name, which keeps most of the row rather than a word's width
    const funnel = within(canvasElement).getByRole('table', { name: 'Entonnoir des étapes' });
    const third = within(funnel).getByRole('rowheader', { name: /^Étape 3 : Choisir les dates/ });
    await expect(within(third).getByText('En échec')).toBeVisible();
    await expect(within(funnel).queryByRole('columnheader', { name: 'Santé' })).toBeNull();
    await expect(third.getBoundingClientRect().width).toBeGreaterThan(
      funnel.getBoundingClientRect().width / 2,
    );
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Statistics' })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: '30 days' })).toBeChecked();
    await expect(stat(canvasElement, 'Completion rate').value).toHaveTextContent('56%');
    await expect(stat(canvasElement, 'Median duration').help).toHaveTextContent(
      'Within the estimate (3-5 min)',
    );
    await expect(canvas.getByRole('rowheader', { name: 'Users via the snippet' })).toBeVisible();
    await laidOut(canvasElement);
    await expect(chart(canvasElement)).toHaveAccessibleName(
      '128 runs started, 72 completed over 30 days. Most departures: at step 3 (31 runs).',
    );
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await laidOut(canvasElement);
    // the chart's colours are the theme's tokens: its labels change with it, as the text around them does
    const label = chart(canvasElement).querySelector('[data-axis="y"] [data-tick]') as SVGElement;
    const dark = getComputedStyle(label).fill;
    document.documentElement.dataset.theme = 'light';
    const light = getComputedStyle(label).fill;
    document.documentElement.dataset.theme = 'dark';
    await expect(dark).not.toBe(light);
  },
};
