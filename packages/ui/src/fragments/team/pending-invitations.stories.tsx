import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NOW } from './fixtures';
import { type PendingInvitation, PendingInvitations } from './pending-invitations';

const invitations: PendingInvitation[] = [
  {
    id: '0b6f3f1e-5f4c-4a55-9b53-1c1f0c6c0101',
    email: 'louise@mulot.fr',
    role: 'Contributor',
    invitedAt: '2026-11-17T10:00:00',
    expired: false,
    invitedBy: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@mulot.fr' },
  },
  {
    id: '0b6f3f1e-5f4c-4a55-9b53-1c1f0c6c0102',
    email: 'marie@mulot.fr',
    role: 'Admin',
    invitedAt: '2026-10-01T10:00:00',
    expired: true,
    invitedBy: null,
  },
];

const meta = {
  title: 'Fragments/Team/PendingInvitations',
  component: PendingInvitations,
  args: { invitations, now: NOW, canManage: true, onResend: fn(), onCancel: fn() },
} satisfies Meta<typeof PendingInvitations>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Apart from the members: who was invited, by whom, when; an Admin can resend or cancel. */
export const AdminView: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Invitations en attente (2)' })).toBeVisible();
    await expect(canvasElement).toHaveTextContent('Invitation envoyée il y a 3 jours par Ada Lovelace');
    await expect(canvas.getByText('Lien expiré')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: "Renvoyer l'invitation à marie@mulot.fr" }));
    await expect(args.onResend).toHaveBeenCalledWith(invitations[1]);
    await userEvent.click(canvas.getByRole('button', { name: "Annuler l'invitation de louise@mulot.fr" }));
    await expect(args.onCancel).toHaveBeenCalledWith(invitations[0]);
  },
};

/** A Contributor sees who is invited, without the Admin's actions. */
export const ContributorView: Story = {
  args: { canManage: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('louise@mulot.fr')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const None: Story = {
  args: { invitations: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('heading')).toBeNull();
  },
};

/**
 * On a 390 px phone with a long address: the actions go under the address rather than squeeze it to one letter per
 * line (as the assembled team page once showed).
 */
export const OnAPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  args: {
    invitations: [
      { ...(invitations[0] as PendingInvitation), email: 'marie-charlotte.de-la-fontaine@example.com' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const address = canvas.getByText('marie-charlotte.de-la-fontaine@example.com');
    const row = address.closest('li') as HTMLElement;
    await expect(address.getBoundingClientRect().width).toBeGreaterThan(
      row.getBoundingClientRect().width / 2,
    );
    const resend = canvas.getByRole('button', { name: /^Renvoyer l'invitation/ }).getBoundingClientRect();
    await expect(resend.top).toBeGreaterThanOrEqual(address.getBoundingClientRect().bottom);
  },
};
