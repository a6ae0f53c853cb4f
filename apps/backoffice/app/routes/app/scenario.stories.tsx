import type { StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { problem, refuse, reply } from '#stories/api.ts';
import {
  project,
  scenario,
  scenarioHealth,
  scenarioPage,
  scenarioStatistics,
  scenarioSummaries,
  startRuleState,
} from '#stories/fixtures.ts';
import { findToast, page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/App/Scenario',
  ...routeMeta(`/app/projects/${project.id}/scenarios/${scenario.id}`, {
    api: [
      reply('get', '/scenarios/{id}', scenario),
      reply('get', '/scenarios/{id}/health', scenarioHealth),
      // The figures of the period the card asks for (30 days unless another is chosen).
      reply('get', '/scenarios/{id}/statistics', ({ request }) =>
        scenarioStatistics(Number(new URL(request.url).searchParams.get('days') ?? 30)),
      ),
      reply('get', '/scenarios/{id}/start-rule', startRuleState),
      // The guides a prerequisite may name.
      reply('get', '/projects/{id}/categories/{categoryId}/scenarios', ({ request }) =>
        scenarioPage(scenarioSummaries, request),
      ),
    ],
  }),
};
export default meta;
type Story = StoryObj<typeof meta>;

/** A published guide: five steps (one failing for end users), a prerequisite. */
export const Loaded: Story = {
  play: async () => {
    const screen = page();
    await expect(await screen.findByRole('heading', { level: 1, name: scenario.title })).toBeVisible();
    await expect(screen.getByText(/^Indiquer les dates de début et de fin/)).toBeVisible();
  },
};

export const NoSteps: Story = {
  parameters: route({
    api: [
      reply('get', '/scenarios/{id}', { ...scenario, steps: [], stepCount: 0, status: 'draft' }),
      reply('get', '/scenarios/{id}/health', { scenarioId: scenario.id, steps: [] }),
      reply('get', '/scenarios/{id}/statistics', {
        ...scenarioStatistics(30),
        started: 0,
        completed: 0,
        abandoned: 0,
        completionRate: null,
        medianDuration: null,
        bySource: scenarioStatistics(30).bySource.map((row) => ({ ...row, started: 0, completed: 0 })),
        funnel: [],
      }),
    ],
  }),
  play: async () => {
    await expect(await page().findByRole('button', { name: 'Ajouter des étapes' })).toBeVisible();
  },
};

export const NotFound: Story = {
  parameters: route({ api: [refuse('get', '/scenarios/{id}', problem(404, "Ce guide n'existe pas."))] }),
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Guide introuvable' })).toBeVisible();
  },
};

/** "Supprimer": the confirmation, over the guide. */
export const DeleteDialog: Story = {
  play: async () => {
    const screen = page();
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: `Supprimer le guide « ${scenario.title} » ?`,
    });
    await expect(within(dialog).getByText(/Cette action est irréversible\./)).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: scenario.title })).toBeVisible();
  },
};

/** A stand-in for a captured page (the API answers the image's bytes; the back-office shows them as they arrive). */
const capture = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="#f4f4f5"/><rect width="640" height="48" fill="#27272a"/><rect x="48" y="96" width="544" height="200" rx="12" fill="#fff" stroke="#d4d4d8"/><rect x="420" y="240" width="140" height="36" rx="8" fill="#2563eb"/></svg>`;

/**
 * Recorded steps are reviewed here: each step's capture as a thumbnail, opening full size; a step recorded without
 * one says so.
 */
export const StepScreenshots: Story = {
  parameters: route({
    api: [
      reply('get', '/scenarios/{id}', {
        ...scenario,
        steps: scenario.steps.map((step) => ({ ...step, hasScreenshot: step.position !== 2 })),
      }),
      http.get(
        '/api/scenarios/:id/steps/:stepId/screenshot',
        () => new HttpResponse(capture, { headers: { 'content-type': 'image/svg+xml' } }),
      ),
    ],
  }),
  play: async () => {
    const screen = page();
    const first = scenario.steps[0]?.name ?? '';
    const enlarge = await screen.findByRole('button', { name: `Agrandir la capture d'écran : ${first}` });
    await expect(screen.getAllByText("Aucune capture d'écran associée à cette étape.")).toHaveLength(1);
    await userEvent.click(enlarge);
    const dialog = await screen.findByRole('dialog', { name: `Étape 1 : ${first}` });
    await expect(
      within(dialog).getByRole('img', { name: "Capture d'écran de la page au moment de la capture" }),
    ).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the screenshot shows the steps with their thumbnails
    enlarge.scrollIntoView({ block: 'center' });
  },
};

/** The figure of a stat card of the statistics ("Lancés" → "214"). */
const figure = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd');

/**
 * Issue 42's invariants for the statistics card: the funnel is drawn with a visible area, inside the screen (the
 * shot), and nothing of the card (figures, tables, chart, legend) runs past its edges, which hide what overflows.
 */
async function funnelInView() {
  const card = await page().findByRole('region', { name: 'Statistiques' });
  // The chart is a lazily loaded chunk: cold, on a loaded machine, it takes seconds (the 15 s of preview.tsx).
  const chart = await waitFor(() => {
    const svg = card.querySelector('svg[aria-label]');
    if (!svg?.querySelector('rect.visx-bar')) throw new Error('funnel not drawn yet');
    return svg;
  });
  const box = chart.getBoundingClientRect();
  await expect(box.height).toBeGreaterThanOrEqual(300);
  await expect(box.width).toBeGreaterThan(250);
  await expect(box.top).toBeGreaterThanOrEqual(0);
  await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
  const bars = [...chart.querySelectorAll('rect.visx-bar')].filter(
    (bar) => Number(bar.getAttribute('height')) > 0,
  );
  await expect(bars.length).toBeGreaterThanOrEqual(scenario.steps.length);
  for (const bar of bars) {
    const rect = bar.getBoundingClientRect();
    await expect(rect.top >= box.top && rect.bottom <= box.bottom, 'a bar inside the chart').toBe(true);
  }
  const frame = card.getBoundingClientRect();
  await expect(frame.bottom, 'the whole card in the shot').toBeLessThanOrEqual(window.innerHeight);
  for (const part of card.querySelectorAll('dl, table, svg[aria-label], [role="group"]')) {
    const rect = part.getBoundingClientRect();
    await expect(rect.left, `${part.tagName} inside the card`).toBeGreaterThanOrEqual(frame.left);
    await expect(rect.right, `${part.tagName} inside the card`).toBeLessThanOrEqual(frame.right);
  }
  return card;
}

/**
 * The statistics card lies below the first screen, and a page's baseline is what its viewport holds (the shot
 * does not scroll): these stories are shot in a viewport as tall as the page, at the usual widths.
 */
const wholePage = {
  viewport: {
    options: {
      desktopPage: { name: 'Desktop, whole page', styles: { width: '1200px', height: '3260px' } },
      phonePage: { name: 'Phone 390, whole page', styles: { width: '390px', height: '5260px' } },
    },
  },
};

/**
 * Issue 42: "Statistiques" on the guide's page — the last 30 days' figures and funnel, each step's health beside
 * its row; choosing 7 days from the keyboard brings that week's figures.
 */
export const Statistics: Story = {
  parameters: wholePage,
  globals: { viewport: { value: 'desktopPage', isRotated: false } },
  play: async () => {
    const card = await funnelInView();
    const inCard = within(card);
    await expect(figure(card, 'Lancés')).toHaveTextContent('214');
    await expect(figure(card, 'Taux de complétion')).toHaveTextContent('66 %');
    await expect(figure(card, 'Durée médiane')).toHaveTextContent('4 min 21 s');
    const funnel = within(inCard.getByRole('table', { name: 'Entonnoir des étapes' }));
    const third = within(funnel.getByRole('row', { name: /^Étape 3 :/ }));
    await expect(third.getAllByRole('cell')[2]).toHaveTextContent(
      "Santé de l'étape : En échec Élément introuvable chez vos utilisateurs.",
    );
    inCard.getByRole('radio', { name: '30 jours' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(inCard.getByRole('radio', { name: '7 jours' })).toBeChecked();
    await waitFor(() => expect(figure(card, 'Lancés')).toHaveTextContent('52'));
    await waitFor(() => expect(card).not.toHaveAttribute('aria-busy'));
    await expect(
      inCard.getByRole('img', { name: /^52 exécutions lancées, 34 terminées sur 7 jours\./ }),
    ).toBeVisible();
    await funnelInView();
    // the screenshot is of the funnel, not of a focus ring left on the period
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

export const StatisticsPhone: Story = {
  parameters: wholePage,
  globals: { viewport: { value: 'phonePage', isRotated: false } },
  play: async () => {
    await funnelInView();
  },
};

let statisticsCalls = 0;

/** The figures could not be read: said in the card, which offers to try again (the rest of the page stands). */
export const StatisticsFailed: Story = {
  globals: { viewport: { value: 'desktopPage', isRotated: false } },
  parameters: {
    ...wholePage,
    ...route({
      api: [
        refuse('get', '/scenarios/{id}/statistics', () => {
          statisticsCalls++;
          return problem(500, 'Une erreur inattendue est survenue.');
        }),
      ],
    }),
  },
  play: async () => {
    const card = await page().findByRole('region', { name: 'Statistiques' });
    const alert = await within(card).findByRole('alert');
    await expect(alert).toHaveTextContent('Impossible de charger les statistiques.');
    await expect(alert).toHaveTextContent('Une erreur inattendue est survenue.');
    const before = statisticsCalls;
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(statisticsCalls).toBe(before + 1));
    await expect(page().getByRole('heading', { level: 1, name: scenario.title })).toBeInTheDocument();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/**
 * "Démarrage": the guide made to start by itself on a step's page ("Page actuelle"), saved with the guide's version;
 * the server's answer is the rule now in force.
 */
let savedWith: { ifMatch: string | null; rule: unknown } | null = null;
export const StartRule: Story = {
  parameters: route({
    api: [
      reply('put', '/scenarios/{id}/start-rule', ({ body, request }) => {
        savedWith = { ifMatch: request.headers.get('if-match'), rule: body };
        return { startRule: body, identifySeenAt: startRuleState.identifySeenAt };
      }),
    ],
  }),
  play: async () => {
    const screen = page();
    const card = within(await screen.findByRole('region', { name: 'Démarrage' }));
    // the rule is read apart from the guide: the card fills in once it is in
    await userEvent.click(await card.findByText('Automatique', {}, { timeout: 10_000 }));
    await userEvent.click(card.getByRole('button', { name: 'Ajouter une page' }));
    await userEvent.click(card.getByRole('combobox', { name: 'Page actuelle' }));
    await userEvent.click(await screen.findByRole('option', { name: /Étape 1 :/ }));
    await expect(card.getByRole('textbox', { name: 'Page 1' })).toHaveValue('/conges');
    await userEvent.click(card.getByRole('button', { name: 'Enregistrer le démarrage' }));
    await findToast('Démarrage du guide enregistré');
    await expect(savedWith).toEqual({
      ifMatch: `"${scenario.version}"`,
      rule: { mode: 'automatic', pages: ['/conges'], frequency: 'once', delaySeconds: 0, audience: [] },
    });
  },
};
