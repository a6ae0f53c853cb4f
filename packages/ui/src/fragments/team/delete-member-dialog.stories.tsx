import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DeleteMemberDialog } from './delete-member-dialog';
import { contributor } from './fixtures';

const meta = {
  title: 'Fragments/Team/DeleteMemberDialog',
  component: DeleteMemberDialog,
  args: { open: true, member: contributor, onOpenChange: fn(), onConfirm: fn() },
} satisfies Meta<typeof DeleteMemberDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const screen = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const body = screen(canvasElement);
    const dialog = await body.findByRole('alertdialog', { name: 'Supprimer le rôle' });
    await expect(dialog).toHaveAccessibleDescription(
      'Êtes-vous sûr de vouloir supprimer grace@mulot.fr de cette organisation ? Cette action est irréversible.',
    );
    await expect(
      body.getByText("Cette action supprimera définitivement le membre de l'organisation."),
    ).toBeVisible();
    await userEvent.click(body.getByRole('button', { name: 'Supprimer le membre' }));
    await expect(args.onConfirm).toHaveBeenCalledWith(contributor);
  },
};

export const Cancel: Story = {
  play: async ({ canvasElement, args }) => {
    const body = screen(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Annuler' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvasElement, args }) => {
    await screen(canvasElement).findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const Pending: Story = {
  args: { pending: true },
  play: async ({ canvasElement, args }) => {
    const remove = await screen(canvasElement).findByRole('button', { name: 'Supprimer le membre' });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(remove, { pointerEventsCheck: 0 });
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const Failure: Story = {
  args: { error: { message: "L'organisation doit garder au moins un administrateur." } },
  play: async ({ canvasElement }) => {
    await expect(await screen(canvasElement).findByRole('alert')).toHaveTextContent(
      "L'organisation doit garder au moins un administrateur.",
    );
  },
};

export const FailureWithoutMessage: Story = {
  args: { error: {} },
  play: async ({ canvasElement }) => {
    await expect(await screen(canvasElement).findByRole('alert')).toHaveTextContent(
      'Une erreur est survenue.',
    );
  },
};
