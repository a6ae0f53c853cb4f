import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { firstArg } from '../../stories-support/calls';
import { CategoryDialog, CategoryForm } from './category-form';

const meta = {
  title: 'Content/CategoryForm',
  component: CategoryForm,
  args: { mode: 'create', onSubmit: fn(), onCancel: fn() },
  decorators: [(Story) => <div style={{ maxWidth: '32rem' }}>{Story()}</div>],
} satisfies Meta<typeof CategoryForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NameRequiredOnBlur: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByRole('textbox', { name: /Nom de la catégorie/ });
    await userEvent.click(name);
    await userEvent.tab();
    await expect(await canvas.findByText('Le nom de la catégorie est requis')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Créer la catégorie' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(name, ' Commande ');
    await waitFor(() => expect(canvas.queryByText('Le nom de la catégorie est requis')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Créer la catégorie' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(firstArg(args.onSubmit)).toEqual({ name: 'Commande', description: '' });
  },
};

export const Pending: Story = {
  args: { pending: true, defaultValues: { name: 'Commande' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Création...' })).toBeDisabled();
  },
};

export const EditDialog: Story = {
  render: (args) => (
    <CategoryDialog
      open
      onOpenChange={args.onCancel ?? (() => {})}
      mode="edit"
      defaultValues={{ name: 'Commande', description: 'Passer commande' }}
      onSubmit={args.onSubmit}
      error="Une erreur est survenue"
    />
  ),
  play: async ({ canvasElement, args }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: 'Modifier la catégorie',
    });
    await expect(within(dialog).getByRole('textbox', { name: /Nom de la catégorie/ })).toHaveValue(
      'Commande',
    );
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Une erreur est survenue');
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledWith(false);
  },
};
