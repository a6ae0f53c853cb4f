import type { Meta, StoryObj } from '@storybook/react-vite';
import { FolderKanban } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { StatCard } from './stat-card';

const meta = {
  title: 'Fragments/Dashboard/StatCard',
  component: StatCard,
  args: { label: 'Projets', value: 1234, helpText: '3 modifiés cette semaine', icon: <FolderKanban /> },
} satisfies Meta<typeof StatCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A description list as Chakra's stat: term, figure (formatted for the locale), help. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const dl = canvasElement.querySelector('dl');
    await expect(dl?.querySelector('dt')).toHaveTextContent('Projets');
    const [value, help] = [...(dl?.querySelectorAll('dd') ?? [])];
    await expect(value?.textContent?.replace(/\s/g, ' ')).toBe('1 234');
    await expect(help).toHaveTextContent('3 modifiés cette semaine');
    await expect(within(canvasElement).queryByRole('img')).toBeNull();
  },
};

export const Loading: Story = {
  args: { loading: true, value: undefined },
  play: async ({ canvasElement }) => {
    const dl = canvasElement.querySelector('dl');
    await expect(dl).toHaveAttribute('aria-busy', 'true');
    await expect(dl?.querySelector('[data-skeleton]')).not.toBeNull();
  },
};
