import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { RenameOrganizationDialog } from './rename-organization-dialog';

const meta = {
  title: 'Fragments/Team/RenameOrganizationDialog',
  component: RenameOrganizationDialog,
  args: {
    open: true,
    organizationName: "Organisation d'Alice Martin",
    onOpenChange: fn(),
    onRename: fn(),
  },
} satisfies Meta<typeof RenameOrganizationDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const screen = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Issue 40: an Admin renames the organization, starting from its current name; the name is sent trimmed. */
export const Rename: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await screen(canvasElement).findByRole('dialog', { name: "Renommer l'organisation" });
    const field = within(dialog).getByRole('textbox', { name: "Nom de l'organisation" });
    await expect(field).toHaveValue("Organisation d'Alice Martin");
    await userEvent.clear(field);
    await userEvent.type(field, '  Atelier Martin ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer le nom' }));
    await waitFor(() => expect(args.onRename).toHaveBeenCalledWith('Atelier Martin'));
  },
};

/** An empty name is said on the field, and nothing is sent. */
export const EmptyName: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await screen(canvasElement).findByRole('dialog', { name: "Renommer l'organisation" });
    const field = within(dialog).getByRole('textbox', { name: "Nom de l'organisation" });
    await userEvent.clear(field);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer le nom' }));
    await waitFor(() => expect(field).toHaveAccessibleErrorMessage('Le nom est requis'));
    await expect(args.onRename).not.toHaveBeenCalled();
  },
};

/** The server's refusal shows on the field; the dialog stays open. */
export const Refused: Story = {
  args: { error: 'Doit contenir au plus 200 caractère(s).' },
  play: async ({ canvasElement }) => {
    const dialog = await screen(canvasElement).findByRole('dialog', { name: "Renommer l'organisation" });
    await expect(
      within(dialog).getByRole('textbox', { name: "Nom de l'organisation" }),
    ).toHaveAccessibleErrorMessage('Doit contenir au plus 200 caractère(s).');
  },
};
