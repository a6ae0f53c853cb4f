import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { problem, refuse, reply } from '#stories/api.ts';
import { category, project, scenario, scenarioHealth } from '#stories/fixtures.ts';
import { page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/App/Scenario',
  ...routeMeta(`/app/projects/${project.id}/scenarios/${scenario.id}`, {
    api: [
      reply('get', '/scenarios/{id}', scenario),
      reply('get', '/scenarios/{id}/health', scenarioHealth),
      reply('get', '/projects/{id}/categories/{categoryId}', category),
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
