import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { problem, refuse, reply } from '#stories/api.ts';
import { category, project } from '#stories/fixtures.ts';
import { page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/App/Category',
  ...routeMeta(`/app/projects/${project.id}/categories/${category.id}`, {
    api: [reply('get', '/projects/{id}/categories/{categoryId}', category)],
  }),
};
export default meta;
type Story = StoryObj<typeof meta>;

/** Five guides, drafts and published, one with a long title and one without steps. */
export const Loaded: Story = {
  play: async () => {
    const screen = page();
    await expect(await screen.findByRole('heading', { level: 1, name: category.name })).toBeVisible();
    await expect(screen.getByRole('link', { name: /^Déclarer un arrêt maladie/ })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: route({
    api: [
      reply('get', '/projects/{id}/categories/{categoryId}', {
        ...category,
        scenarios: [],
        scenarioCount: 0,
      }),
    ],
  }),
  play: async () => {
    await expect(await page().findByText('Aucun guide')).toBeVisible();
  },
};

export const NotFound: Story = {
  parameters: route({
    api: [
      refuse('get', '/projects/{id}/categories/{categoryId}', problem(404, "Cette catégorie n'existe pas.")),
    ],
  }),
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Catégorie introuvable' })).toBeVisible();
  },
};

/** "Supprimer" from a guide's menu: the confirmation, over the list (nothing of the page painted above it). */
export const DeleteGuideDialog: Story = {
  play: async () => {
    const screen = page();
    const title = category.scenarios[0]?.title ?? '';
    await userEvent.click(await screen.findByRole('button', { name: `Actions pour ${title}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('alertdialog', { name: `Supprimer le guide « ${title} » ?` });
    await expect(within(dialog).getByRole('button', { name: 'Supprimer' })).toBeVisible();
  },
};
