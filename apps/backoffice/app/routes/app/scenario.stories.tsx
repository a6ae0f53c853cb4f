import type { StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { problem, refuse, reply } from '#stories/api.ts';
import {
  project,
  scenario,
  scenarioHealth,
  scenarioPage,
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
