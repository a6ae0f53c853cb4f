import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProfileHeader } from './profile-header';

const meta = {
  title: 'Fragments/Profile/ProfileHeader',
  component: ProfileHeader,
  args: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@mulot.fr', role: 'Admin' },
} satisfies Meta<typeof ProfileHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Admin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeVisible();
    await expect(canvas.getByText('Administrateur')).toHaveAttribute('data-role', 'Admin');
    await expect(canvas.getByText('ada@mulot.fr')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Ada Lovelace' })).toBeVisible();
  },
};

export const Contributor: Story = {
  args: { firstname: 'Grace', lastname: 'Hopper', email: 'grace@mulot.fr', role: 'Contributor' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Contributeur')).toHaveAttribute('data-role', 'Contributor');
  },
};

/** A new account has no name yet and may belong to no organization: nothing is invented. */
export const NoNameNoRole: Story = {
  args: { firstname: '', lastname: '', email: 'nouveau@mulot.fr', role: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Nom non renseigné' })).toBeVisible();
    await expect(canvas.queryByText(/Administrateur|Contributeur/)).toBeNull();
  },
};
