import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { members } from './fixtures';
import { TeamStats } from './team-stats';

const meta = {
  title: 'Fragments/Team/TeamStats',
  component: TeamStats,
  args: { members },
} satisfies Meta<typeof TeamStats>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each counter is a description list: its term, its figure, then what it means. */
function stat(canvasElement: HTMLElement, term: string) {
  const dt = within(canvasElement).getByText(term, { selector: 'dt' });
  return [...(dt.parentElement?.querySelectorAll('dd') ?? [])].map((dd) => dd.textContent);
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(stat(canvasElement, 'Membres')).toEqual(['4', 'Équipe active']);
    await expect(stat(canvasElement, 'Administrateurs')).toEqual(['1', 'Accès complet']);
    await expect(stat(canvasElement, 'Contributeurs')).toEqual(['3', 'Création de contenu']);
  },
};

export const Empty: Story = {
  args: { members: [] },
  play: async ({ canvasElement }) => {
    await expect(stat(canvasElement, 'Membres')).toEqual(['0', 'Équipe active']);
    await expect(stat(canvasElement, 'Contributeurs')).toEqual(['0', 'Création de contenu']);
  },
};

export const Loading: Story = {
  args: { members: [], loading: true },
  play: async ({ canvasElement }) => {
    const lists = canvasElement.querySelectorAll('dl');
    await expect(lists).toHaveLength(3);
    for (const dl of lists) await expect(dl).toHaveAttribute('aria-busy', 'true');
    // No figure is claimed while loading: a "0" would be a false statement.
    await expect(within(canvasElement).queryByText('0')).toBeNull();
  },
};
