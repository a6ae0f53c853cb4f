import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { NOW, recentProjects } from './fixtures';
import { RecentProjects } from './recent-projects';

const meta = {
  title: 'Fragments/Dashboard/RecentProjects',
  component: RecentProjects,
  args: { projects: recentProjects, now: NOW },
} satisfies Meta<typeof RecentProjects>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Projets récents' })).toBeVisible();
    const links = canvas.getAllByRole('link');
    await expect(links).toHaveLength(3);
    await expect(links[0]).toHaveAttribute('href', '/app/projects/7d1c1f6e-0000-4000-8000-000000000001');
    await expect(links[0]).toHaveTextContent('Portail client');
    await expect(links[0]).toHaveTextContent('Modifié aujourd’hui');
    await expect(links[0]).toHaveTextContent('4 guides');
    await expect(links[1]).toHaveTextContent('Modifié avant-hier');
    await expect(links[1]).toHaveTextContent('1 guide');
    await expect(links[2]).toHaveTextContent('Modifié le mois dernier');
    await expect(links[2]).toHaveTextContent('Aucun guide');
  },
};

export const Empty: Story = {
  args: { projects: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Aucun projet pour le moment' })).toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

export const Loading: Story = {
  args: { projects: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
    await expect(within(canvasElement).queryByText('Aucun projet pour le moment')).toBeNull();
  },
};
