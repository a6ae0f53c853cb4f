import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { reply } from '#stories/api.ts';
import { category, project, projectPage, projects } from '#stories/fixtures.ts';
import { page, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/App/ScenarioNew',
  ...routeMeta(`/app/projects/${project.id}/categories/${category.id}/scenarios/new`, {
    api: [
      reply('get', '/projects', ({ request }) => projectPage(projects, request)),
      reply('get', '/projects/{id}/categories/{categoryId}', category),
    ],
  }),
};
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened from a category: its project and category are already chosen. */
export const Default: Story = {
  play: async () => {
    const screen = page();
    await expect(await screen.findByRole('button', { name: 'Créer et passer aux étapes' })).toBeVisible();
    await expect(screen.getByRole('combobox', { name: /Catégorie/ })).toHaveTextContent(category.name);
  },
};

/** Sent empty: every required field says so, in the spec's words. */
export const RefusedForm: Story = {
  play: async () => {
    const screen = page();
    await userEvent.click(await screen.findByRole('button', { name: 'Créer et passer aux étapes' }));
    await expect(await screen.findByText('Le titre est requis')).toBeVisible();
    await expect(screen.getByText('La description est requise')).toBeVisible();
  },
};
