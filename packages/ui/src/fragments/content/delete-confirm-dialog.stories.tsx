import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DeleteConfirmDialog } from './delete-confirm-dialog';

const meta = {
  title: 'Content/DeleteConfirmDialog',
  component: DeleteConfirmDialog,
  args: { open: true, onOpenChange: fn(), onConfirm: fn(), kind: 'project', name: 'Boutique' },
} satisfies Meta<typeof DeleteConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialogOf = (el: HTMLElement) => within(el.ownerDocument.body).findByRole('alertdialog');

export const Project: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog).toHaveAccessibleName('Supprimer le projet « Boutique » ?');
    await expect(dialog).toHaveAccessibleDescription(
      'Toutes ses catégories, leurs scénarios et leurs étapes seront également supprimés. Cette action est irréversible.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const Category: Story = {
  args: { kind: 'category', name: 'Commande' },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog).toHaveAccessibleName('Supprimer la catégorie « Commande » ?');
    await expect(dialog).toHaveTextContent('Tous ses scénarios et leurs étapes seront également supprimés.');
  },
};

export const Scenario: Story = {
  args: { kind: 'scenario', name: 'Passer une commande' },
  play: async ({ canvasElement, args }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog).toHaveAccessibleName('Supprimer le guide « Passer une commande » ?');
    await expect(dialog).toHaveTextContent('Toutes ses étapes et leurs médias seront également supprimés.');
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const Pending: Story = {
  args: { pending: true },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(within(dialog).getByRole('button', { name: 'Supprimer' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeDisabled();
  },
};

export const Failed: Story = {
  args: { error: 'Une erreur est survenue' },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Une erreur est survenue');
  },
};

/** A step, deleted from the extension's creator panel: its screenshot goes with it. */
export const Step: Story = {
  args: { kind: 'step', name: 'Nous contacter' },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog).toHaveAccessibleName("Supprimer l'étape « Nous contacter » ?");
    await expect(dialog).toHaveAccessibleDescription(
      "Sa capture d'écran sera également supprimée. Cette action est irréversible.",
    );
  },
};
