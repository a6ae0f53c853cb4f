import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ActivityChart } from './activity-chart';
import { CHART_HEIGHT, CHART_MARGIN, DIMMED_OPACITY, PX_PER_X_TICK } from './chart-constants';
import { activity, fewProjects, quietMonth } from './fixtures';

const WIDTH = 1000;

const meta = {
  title: 'Fragments/Dashboard/ActivityChart',
  component: ActivityChart,
  args: { activity, width: WIDTH },
} satisfies Meta<typeof ActivityChart>;
export default meta;
type Story = StoryObj<typeof meta>;

const chart = (canvasElement: HTMLElement) => {
  const svg = canvasElement.querySelector('svg[aria-label]');
  if (!(svg instanceof SVGSVGElement)) throw new Error('no chart');
  return svg;
};
// The chart itself is a lazily loaded module: the card shows at once, the chart a moment later (over 5 s later,
// loaded cold with the renderer throttled 4× on a loaded machine): waited for up to the 15 s of .storybook/preview.tsx.
const drawn = (canvasElement: HTMLElement) =>
  waitFor(() => {
    const svg = chart(canvasElement);
    if (!svg.querySelector('[data-tick]') || !svg.querySelector('path[data-series]')) {
      throw new Error('chart not drawn yet');
    }
    return svg;
  });
const line = (canvasElement: HTMLElement, key: string) => {
  const path = canvasElement.querySelector(`path[data-series="${key}"]`);
  if (!(path instanceof SVGPathElement)) throw new Error(`no ${key} line`);
  return path;
};
const opacity = (path: SVGPathElement) => Number(getComputedStyle(path).strokeOpacity);

/** Spec §9: 400 px high, one x label per 175 px, two series in the theme's primary and secondary colours. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Activité des 30 derniers jours' })).toBeVisible();
    await expect(canvas.getByText('14 projets créés et 391 guides lancés sur 30 jours.')).toBeVisible();
    const svg = chart(canvasElement);
    await expect(svg).toHaveAttribute('height', String(CHART_HEIGHT));
    await expect(svg).toHaveAccessibleName('14 projets créés et 391 guides lancés sur 30 jours.');
    const xLabels = [...svg.querySelectorAll('[data-axis="x"] [data-tick]')].filter((tick) =>
      /^\d+ (oct|nov)\.$/.test(tick.textContent ?? ''),
    );
    await expect(xLabels).toHaveLength(Math.floor(WIDTH / PX_PER_X_TICK));
    await expect(xLabels[0]).toHaveTextContent('22 oct.');
    await expect(xLabels[xLabels.length - 1]).toHaveTextContent('20 nov.');
    const projects = line(canvasElement, 'projectsCreated');
    const guides = line(canvasElement, 'guidesLaunched');
    await expect(projects.style.stroke).toBe('var(--colors-primary-solid-bg)');
    await expect(guides.style.stroke).toBe('var(--colors-secondary-solid-bg)');
    await expect(projects.getAttribute('d')).toContain('C'); // monotone-X draws cubic curves
    await expect(opacity(projects)).toBe(1);
    await expect(opacity(guides)).toBe(1);
  },
};

/** Spec §4: a legend item isolates its series (others at 0.2); pressing it again restores all. */
export const LegendIsolatesAndRestores: Story = {
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    const canvas = within(canvasElement);
    const projectsItem = canvas.getByRole('button', { name: 'Projets créés' });
    const guidesItem = canvas.getByRole('button', { name: 'Guides lancés' });
    await userEvent.click(guidesItem);
    await expect(guidesItem).toHaveAttribute('aria-pressed', 'true');
    await expect(opacity(line(canvasElement, 'projectsCreated'))).toBe(DIMMED_OPACITY);
    await expect(opacity(line(canvasElement, 'guidesLaunched'))).toBe(1);
    // Another item moves the isolation to its own series.
    await userEvent.click(projectsItem);
    await expect(opacity(line(canvasElement, 'guidesLaunched'))).toBe(DIMMED_OPACITY);
    await expect(opacity(line(canvasElement, 'projectsCreated'))).toBe(1);
    await userEvent.click(projectsItem);
    await expect(projectsItem).toHaveAttribute('aria-pressed', 'false');
    await expect(opacity(line(canvasElement, 'guidesLaunched'))).toBe(1);
    await expect(opacity(line(canvasElement, 'projectsCreated'))).toBe(1);
  },
};

export const LegendFromKeyboard: Story = {
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    const canvas = within(canvasElement);
    const projectsItem = canvas.getByRole('button', { name: 'Projets créés' });
    projectsItem.focus();
    await userEvent.keyboard('{Enter}');
    await expect(opacity(line(canvasElement, 'guidesLaunched'))).toBe(DIMMED_OPACITY);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Guides lancés' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(opacity(line(canvasElement, 'projectsCreated'))).toBe(DIMMED_OPACITY);
    await userEvent.keyboard(' ');
    await expect(opacity(line(canvasElement, 'projectsCreated'))).toBe(1);
  },
};

async function pointAt(svg: SVGSVGElement, x: number, y: number) {
  const rect = svg.getBoundingClientRect();
  const target = svg.querySelector(':scope > rect') ?? svg;
  await userEvent.pointer({
    target,
    coords: { clientX: rect.left + x, clientY: rect.top + y },
  });
}

/** Where a line's last point is drawn (the end of its path), in the chart's own coordinates. */
function lastPoint(path: SVGPathElement): [number, number] {
  const numbers = (path.getAttribute('d') ?? '').match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
  return [numbers[numbers.length - 2] ?? 0, numbers[numbers.length - 1] ?? 0];
}

/** Where a line's `i`-th point is drawn: the ends of its path's segments (a move, then one curve per day). */
function pointOf(path: SVGPathElement, i: number): [number, number] {
  const numbers = (path.getAttribute('d') ?? '').match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
  const at = i === 0 ? 0 : 2 + 6 * (i - 1) + 4;
  return [numbers[at] ?? 0, numbers[at + 1] ?? 0];
}

/** Hovering shows the crosshair and the day's figures for both series. */
export const CrosshairTooltip: Story = {
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const svg = chart(canvasElement);
    // Just beside the last day's point of the guides line.
    const [x, y] = lastPoint(line(canvasElement, 'guidesLaunched'));
    await pointAt(svg, x - 3, y + 5);
    const tooltip = await waitFor(() => {
      const found = canvasElement.ownerDocument.querySelector('[data-chart-tooltip]');
      if (!found) throw new Error('no tooltip yet');
      return found as HTMLElement;
    });
    await expect(tooltip).toHaveTextContent('20 nov.');
    await expect(within(tooltip).getByText('Guides lancés').nextElementSibling).toHaveTextContent('27');
    await expect(within(tooltip).getByText('Projets créés').nextElementSibling).toHaveTextContent('1');
    await expect(body.getByText('20 nov.', { selector: 'strong' })).toBeVisible();
    await expect(canvasElement.ownerDocument.querySelector('[data-chart-crosshair]')).not.toBeNull();
    // The last day's tooltip would run past the card's edge, which hides overflow: it goes left of the crosshair.
    const [crosshairX] = lastPoint(line(canvasElement, 'guidesLaunched'));
    const box = svg.getBoundingClientRect();
    await expect(tooltip.getBoundingClientRect().right).toBeLessThanOrEqual(box.left + crosshairX);
  },
};

/**
 * On a phone-wide chart the tooltip is wider than either side of the crosshair in mid-month: it stays inside the
 * chart's box, since the card around it hides what overflows.
 */
export const TooltipInsideANarrowChart: Story = {
  args: { width: 320 },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    const svg = chart(canvasElement);
    const [x, y] = pointOf(line(canvasElement, 'guidesLaunched'), 15);
    await pointAt(svg, x, y + 5);
    const tooltip = await waitFor(() => {
      const found = canvasElement.ownerDocument.querySelector('[data-chart-tooltip]');
      if (!found) throw new Error('no tooltip yet');
      return found as HTMLElement;
    });
    await expect(tooltip).toHaveTextContent('6 nov.');
    const box = svg.getBoundingClientRect();
    const tip = tooltip.getBoundingClientRect();
    await expect(tip.left).toBeGreaterThanOrEqual(box.left);
    await expect(tip.right).toBeLessThanOrEqual(box.right);
  },
};

/**
 * Without a pointer: Tab reaches the chart, the arrows walk the days from the newest (tooltip and crosshair as for
 * the pointer, the figures read out by a live region), Home goes to the first, Escape hides.
 */
export const DaysFromKeyboard: Story = {
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    const figure = within(canvasElement).getByRole('img', {
      name: '14 projets créés et 391 guides lancés sur 30 jours.',
    });
    const doc = canvasElement.ownerDocument;
    const tooltip = () => doc.querySelector<HTMLElement>('[data-chart-tooltip]');
    const spoken = () => canvasElement.querySelector('[aria-live="polite"]');
    await userEvent.tab();
    await expect(figure).toHaveFocus();
    await expect(figure).toHaveAccessibleDescription(
      'Flèches gauche et droite : les chiffres de chaque jour.',
    );
    await expect(tooltip()).toBeNull();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(tooltip()).toHaveTextContent('20 nov.'));
    await expect(doc.querySelector('[data-chart-crosshair]')).not.toBeNull();
    await expect(spoken()).toHaveTextContent('20 nov., Projets créés 1, Guides lancés 27');
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(tooltip()).toHaveTextContent('19 nov.'));
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(tooltip()).toHaveTextContent('22 oct.'));
    const box = figure.getBoundingClientRect();
    const tip = tooltip()?.getBoundingClientRect();
    await expect(tip?.left).toBeGreaterThanOrEqual(box.left);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(tooltip()).toBeNull());
    await expect(spoken()).toHaveTextContent('');
  },
};

/** Far (> 100 px) from any point, neither tooltip nor crosshair shows. */
export const TooltipHiddenFarFromData: Story = {
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    const doc = canvasElement.ownerDocument;
    const svg = chart(canvasElement);
    const [x, y] = lastPoint(line(canvasElement, 'guidesLaunched'));
    await pointAt(svg, x - 3, y + 5);
    await waitFor(() => expect(doc.querySelector('[data-chart-tooltip]')).not.toBeNull());
    // The top-left corner: the first days' points are all low (few launches), hundreds of pixels below.
    await pointAt(svg, 25, 30);
    await waitFor(() => expect(doc.querySelector('[data-chart-tooltip]')).toBeNull());
    await expect(doc.querySelector('[data-chart-crosshair]')).toBeNull();
  },
};

const yLabels = (canvasElement: HTMLElement) =>
  [...chart(canvasElement).querySelectorAll('[data-axis="y"] [data-tick]')].map((tick) => tick.textContent);

/** A month without activity: both lines lie on the zero line, at the bottom of the chart. */
export const NoActivity: Story = {
  args: { activity: quietMonth },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    await expect(
      within(canvasElement).getByText('Aucun projet créé et aucun guide lancé sur 30 jours.'),
    ).toBeVisible();
    await expect(chart(canvasElement)).toBeVisible();
    const bottom = CHART_HEIGHT - CHART_MARGIN.bottom;
    for (const key of ['projectsCreated', 'guidesLaunched']) {
      await expect(pointOf(line(canvasElement, key), 0)[1]).toBe(bottom);
      await expect(lastPoint(line(canvasElement, key))[1]).toBe(bottom);
    }
    await expect(yLabels(canvasElement).length).toBeGreaterThan(0);
    await expect(yLabels(canvasElement).every((label) => /^\d+$/.test(label ?? ''))).toBe(true);
  },
};

/** Counts are whole: a month of at most 2 a day is marked in whole numbers, never 0,5 or 1,5. */
export const FewCountsInWholeNumbers: Story = {
  args: { activity: fewProjects },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    const labels = yLabels(canvasElement);
    await expect(labels.length).toBeGreaterThan(1);
    await expect(labels.filter((label) => !/^\d+$/.test(label ?? ''))).toEqual([]);
  },
};

/** A phone-wide chart still says which days it spans: the first and the last, not the first alone. */
export const AxisOnAPhone: Story = {
  args: { width: 340 },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    const dates = [...chart(canvasElement).querySelectorAll('[data-axis="x"] [data-tick]')].map(
      (tick) => tick.textContent,
    );
    await expect(dates).toEqual(['22 oct.', '20 nov.']);
  },
};

export const Loading: Story = {
  args: { activity: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
    await expect(canvasElement.querySelector('svg[aria-label]')).toBeNull();
  },
};

export const LoadError: Story = {
  args: { activity: [], error: { message: 'Veuillez vérifier votre connexion et réessayer.' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      "Impossible de charger l'activité. Veuillez vérifier votre connexion et réessayer.",
    );
  },
};
