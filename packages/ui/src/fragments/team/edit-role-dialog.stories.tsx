import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { EditRoleDialog } from './edit-role-dialog';
import { contributor } from './fixtures';

const meta = {
  title: 'Fragments/Team/EditRoleDialog',
  component: EditRoleDialog,
  args: { open: true, member: contributor, onOpenChange: fn(), onSubmit: fn() },
} satisfies Meta<typeof EditRoleDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const screen = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Pre-filled with the current role; "Mettre à jour le rôle" only once a different role is chosen. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const body = screen(canvasElement);
    const dialog = await body.findByRole('dialog', { name: 'Modifier le rôle' });
    await expect(within(dialog).getByText('grace@mulot.fr')).toBeVisible();
    const update = body.getByRole('button', { name: 'Mettre à jour le rôle' });
    await expect(body.getByRole('radio', { name: /Contributeur/ })).toBeChecked();
    await expect(update).toBeDisabled();
    await userEvent.click(body.getByRole('radio', { name: /Administrateur/ }));
    await expect(update).toBeEnabled();
    await userEvent.click(body.getByRole('radio', { name: /Contributeur/ }));
    await expect(update).toBeDisabled();
    await userEvent.click(body.getByRole('radio', { name: /Administrateur/ }));
    await userEvent.click(update);
    await expect(args.onSubmit).toHaveBeenCalledWith(contributor, 'Admin');
  },
};

export const Pending: Story = {
  args: { pending: true },
  play: async ({ canvasElement, args }) => {
    const body = screen(canvasElement);
    const update = await body.findByRole('button', { name: 'Mettre à jour le rôle' });
    await expect(update).toBeDisabled();
    await expect(update).toHaveAttribute('aria-busy', 'true');
    await expect(update.querySelector('.spinner')).not.toBeNull();
    await userEvent.click(update, { pointerEventsCheck: 0 });
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Spec §8: the server's message, in red, in the dialog, which stays open. */
export const Failure: Story = {
  args: { error: { message: "L'organisation doit garder au moins un administrateur." } },
  play: async ({ canvasElement }) => {
    const body = screen(canvasElement);
    const alert = await body.findByRole('alert');
    await expect(alert).toHaveTextContent("L'organisation doit garder au moins un administrateur.");
    await expect(body.getByRole('dialog')).toBeVisible();
  },
};

export const FailureWithoutMessage: Story = {
  args: { error: new Error('') },
  play: async ({ canvasElement }) => {
    await expect(await screen(canvasElement).findByRole('alert')).toHaveTextContent(
      'Une erreur est survenue.',
    );
  },
};

export const NoMember: Story = {
  args: { member: null },
  play: async ({ canvasElement }) => {
    const body = screen(canvasElement);
    const dialog = await body.findByRole('dialog', { name: 'Modifier le rôle' });
    await expect(dialog).toHaveAccessibleDescription('Aucun membre sélectionné.');
    await expect(body.queryByRole('button', { name: 'Mettre à jour le rôle' })).toBeNull();
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvasElement, args }) => {
    const body = screen(canvasElement);
    await body.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const OutsideClickCloses: Story = {
  play: async ({ canvasElement, args }) => {
    await screen(canvasElement).findByRole('dialog');
    // A modal makes the page behind it inert to the pointer: the press lands on the document outside the
    // dialog. Ark starts listening for outside presses a frame after opening, hence the retry.
    await waitFor(async () => {
      await userEvent.pointer({
        keys: '[MouseLeft]',
        target: canvasElement.ownerDocument.documentElement,
        coords: { x: 5, y: 5 },
      });
      await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    });
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
