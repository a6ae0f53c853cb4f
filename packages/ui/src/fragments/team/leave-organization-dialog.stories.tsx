import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LeaveOrganizationDialog } from './leave-organization-dialog';

const meta = {
  title: 'Fragments/Team/LeaveOrganizationDialog',
  component: LeaveOrganizationDialog,
  args: { open: true, organizationName: 'Boutique Lumière', onOpenChange: fn(), onConfirm: fn() },
} satisfies Meta<typeof LeaveOrganizationDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const screen = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Issue 37: a member can leave, once confirmed. */
export const Confirm: Story = {
  play: async ({ canvasElement, args }) => {
    const body = screen(canvasElement);
    const dialog = await body.findByRole('alertdialog', { name: "Quitter l'organisation" });
    await expect(dialog).toHaveAccessibleDescription(
      'Voulez-vous vraiment quitter Boutique Lumière ? Vous perdrez l’accès à ses projets et à ses guides, jusqu’à une nouvelle invitation.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: "Quitter l'organisation" }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

export const Cancel: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(await screen(canvasElement).findByRole('button', { name: 'Annuler' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** The last Admin is refused, with the server's reason in the dialog. */
export const LastAdmin: Story = {
  args: {
    error: {
      message:
        "Vous êtes le dernier administrateur de cette organisation : nommez d'abord un autre administrateur.",
    },
  },
  play: async ({ canvasElement }) => {
    const body = screen(canvasElement);
    await expect(await body.findByRole('alert')).toHaveTextContent(
      "Vous êtes le dernier administrateur de cette organisation : nommez d'abord un autre administrateur.",
    );
  },
};
