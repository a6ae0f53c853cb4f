import { Grid, Stack } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { ActivityChart } from './activity-chart';
import { DashboardStats } from './dashboard-stats';
import { activity, counts, NOW, recentProjects } from './fixtures';
import { QuickActions } from './quick-actions';
import { RecentProjects } from './recent-projects';
import { TipOfTheDay, tipIndex } from './tip-of-the-day';
import { Welcome } from './welcome';

const meta = { title: 'Fragments/Dashboard/Page', parameters: { layout: 'fullscreen' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The activity chart once drawn: it is a lazily loaded module, so the chart comes a moment after the rest of
 * the page (later on a loaded machine, longer than the screenshot's quiet period), its lines after its frame.
 * Loaded cold it took over 5 s with the renderer throttled 4× on a loaded machine: waited for up to the 15 s of
 * .storybook/preview.tsx.
 */
const chartDrawn = (canvasElement: HTMLElement) =>
  waitFor(() => {
    const svg = canvasElement.querySelector('svg[aria-label]');
    if (!svg?.querySelector('[data-tick]') || !svg.querySelector('path[data-series]')) {
      throw new Error('chart not drawn yet');
    }
    return svg;
  });

/** The whole dashboard as the app assembles it. */
export const Dashboard: Story = {
  render: () => (
    <Stack gap="6" p="6">
      <Welcome firstname="Ada" />
      <DashboardStats counts={counts} />
      <ActivityChart activity={activity} width={1100} />
      <Grid gridTemplateColumns="2fr 1fr" gap="4" alignItems="start">
        <RecentProjects projects={recentProjects} now={NOW} />
        <Stack gap="4">
          <QuickActions canInvite />
          <TipOfTheDay date={NOW} />
        </Stack>
      </Grid>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    await expect(canvas.getByText("Bonjour Ada, voici l'activité de votre organisation.")).toBeVisible();
    const guides = canvas.getByText('Guides', { selector: 'dt' }).parentElement;
    await expect(guides).toHaveTextContent('5');
    await expect(guides).toHaveTextContent('2 publiés, 17 étapes');
    await expect(canvas.getByText('Projets', { selector: 'dt' }).parentElement).toHaveTextContent(
      '1 catégorie',
    );
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Activité des 30 derniers jours',
      'Projets récents',
      'Actions rapides',
      'Astuce du jour',
    ]);
    await chartDrawn(canvasElement);
  },
};

/**
 * On a 390 px phone, as the app assembles it (the chart at its container's width): the stat cards go two per
 * row so the activity starts on the first screen, and the chart has a visible, non-zero box.
 */
export const DashboardOnAPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  render: () => (
    <Stack gap="6" p="4">
      <Welcome firstname="Ada" />
      <DashboardStats counts={counts} />
      <ActivityChart activity={activity} />
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = [...canvasElement.querySelectorAll('dl[data-stat]')].map((dl) =>
      dl.getBoundingClientRect(),
    );
    await expect(new Set(cards.map((r) => Math.round(r.top))).size).toBe(2);
    const activityTitle = canvas.getByRole('heading', { name: 'Activité des 30 derniers jours' });
    await expect(activityTitle.getBoundingClientRect().top).toBeLessThan(window.innerHeight);
    const chart = await chartDrawn(canvasElement);
    // The chart's card shows it: its box is inside the card's, not clipped away by a 0 px container.
    const card = chart.closest('[class*="card"]') ?? chart.parentElement;
    const box = chart.getBoundingClientRect();
    const container = chart.closest('[role="img"]')?.parentElement?.parentElement?.getBoundingClientRect();
    await expect(box.width).toBeGreaterThan(300);
    // The axis says which days the month spans: more than one date, however narrow.
    const dates = [...chart.querySelectorAll('[data-axis="x"] [data-tick]')].map((tick) => tick.textContent);
    await expect(dates).toEqual(['22 oct.', '20 nov.']);
    await expect(container?.height ?? 0).toBeGreaterThanOrEqual(300);
    await expect(card?.getBoundingClientRect().bottom ?? 0).toBeGreaterThanOrEqual(box.bottom);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const WelcomeWithoutName: Story = {
  render: () => <Welcome firstname="" />,
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText("Bonjour, voici l'activité de votre organisation."),
    ).toBeVisible();
  },
};

export const QuickActionsForAdmins: Story = {
  render: () => <QuickActions canInvite />,
  play: async ({ canvasElement }) => {
    const links = within(canvasElement).getAllByRole('link');
    await expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/app/projects',
      '/app/team',
      '/app/profile',
    ]);
    await expect(within(canvasElement).getByRole('link', { name: 'Inviter un membre' })).toBeVisible();
  },
};

export const QuickActionsForContributors: Story = {
  render: () => <QuickActions />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link', { name: 'Inviter un membre' })).toBeNull();
    await expect(within(canvasElement).getAllByRole('link')).toHaveLength(2);
  },
};

/** The tip stays the same all day and changes the next day. */
export const Tip: Story = {
  render: () => <TipOfTheDay date={NOW} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Astuce du jour' })).toBeVisible();
    const later = new Date(NOW);
    later.setHours(23, 59);
    await expect(tipIndex(later)).toBe(tipIndex(NOW));
    const tomorrow = new Date(NOW);
    tomorrow.setDate(NOW.getDate() + 1);
    await expect(tipIndex(tomorrow)).not.toBe(tipIndex(NOW));
  },
};

export const StatsLoading: Story = {
  render: () => <DashboardStats loading />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('dl[aria-busy="true"]')).toHaveLength(4);
  },
};
