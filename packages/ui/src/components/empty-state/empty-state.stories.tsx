import type { Meta, StoryObj } from '@storybook/react-vite';
import { SearchX, Users } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { EmptyState } from './empty-state';

const meta = { title: 'Primitives/EmptyState', component: EmptyState } satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

const invite = fn();

export const WithAction: Story = {
  args: {
    icon: <Users />,
    title: "Aucun membre dans l'équipe",
    description: 'Commencez par inviter vos premiers collaborateurs',
    action: <Button onClick={invite}>Inviter le premier membre</Button>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: "Aucun membre dans l'équipe" })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Inviter le premier membre' }));
    await expect(invite).toHaveBeenCalledOnce();
  },
};

export const TextOnly: Story = {
  args: { icon: <SearchX />, title: 'Aucun résultat', headingLevel: 'h2' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 2, name: 'Aucun résultat' }),
    ).toBeVisible();
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};
