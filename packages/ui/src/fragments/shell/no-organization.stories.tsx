import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { NoOrganization } from './no-organization';

const boutique = {
  organizationId: 'b1f1c2d4-0000-4000-8000-000000000001',
  organizationName: 'Boutique Lumière',
};

const meta = {
  title: 'Fragments/Shell/NoOrganization',
  component: NoOrganization,
  args: {
    invitations: { invitations: [boutique], onAccept: fn(), onRefuse: fn() },
    onCreate: fn(),
    onLogout: fn(),
  },
} satisfies Meta<typeof NoOrganization>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Issue 40: a member removed from their only organization is told so, in words, with every way on. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: "Vous n'êtes membre d'aucune organisation" }),
    ).toBeVisible();
    await expect(canvasElement).not.toHaveTextContent(/x-organization-id|en-tête/);
    await userEvent.click(canvas.getByRole('button', { name: 'Accepter' }));
    await expect(args.invitations.onAccept).toHaveBeenCalledWith(boutique);
    await userEvent.click(canvas.getByRole('button', { name: "Créer l'organisation" }));
    await expect(await canvas.findByText('Le nom est requis')).toBeVisible();
    await expect(args.onCreate).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByRole('textbox', { name: "Nom de l'organisation" }), '  Mon atelier ');
    await userEvent.click(canvas.getByRole('button', { name: "Créer l'organisation" }));
    await waitFor(() => expect(args.onCreate).toHaveBeenCalledWith('Mon atelier'));
    await userEvent.click(canvas.getByRole('button', { name: 'Se déconnecter' }));
    await expect(args.onLogout).toHaveBeenCalled();
  },
};

/** Without invitations, and the server's refusal shown on the name. */
export const CreateRefused: Story = {
  args: {
    invitations: { invitations: [], onAccept: fn(), onRefuse: fn() },
    error: 'Doit contenir au moins 1 caractère(s).',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('region')).toBeNull();
    await expect(canvas.getByText('Doit contenir au moins 1 caractère(s).')).toBeVisible();
  },
};
