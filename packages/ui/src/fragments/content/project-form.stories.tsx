import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { firstArg } from '../../stories-support/calls';
import { ProjectDialog, ProjectForm } from './project-form';

const meta = {
  title: 'Content/ProjectForm',
  component: ProjectForm,
  args: { mode: 'create', onSubmit: fn(), onCancel: fn() },
  decorators: [(Story) => <div style={{ maxWidth: '32rem' }}>{Story()}</div>],
} satisfies Meta<typeof ProjectForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NameRequiredOnBlur: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByRole('textbox', { name: /Nom du projet/ });
    await expect(canvas.queryByText('Le nom du projet est requis')).toBeNull();
    await userEvent.click(name);
    await userEvent.tab();
    await expect(await canvas.findByText('Le nom du projet est requis')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(name, 'Boutique');
    await waitFor(() => expect(canvas.queryByText('Le nom du projet est requis')).toBeNull());
    // Whitespace alone is no name.
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    await expect(await canvas.findByText('Le nom du projet est requis')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Créer le projet' }));
    await expect(await canvas.findByText('Ajoutez au moins un site')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const SitesTrimmedAndDeduplicated: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Nom du projet/ }), '  Boutique  ');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Description' }), 'Parcours de commande');
    const site = canvas.getByRole('textbox', { name: /Sites/ });
    await userEvent.type(site, '  https://shop.exemple.fr  {Enter}');
    await expect(site).toHaveValue('');
    const list = canvas.getByRole('list', { name: 'Sites du projet' });
    await expect(within(list).getByText('https://shop.exemple.fr')).toBeVisible();
    await userEvent.type(site, 'https://shop.exemple.fr');
    await userEvent.click(canvas.getByRole('button', { name: 'Ajouter' }));
    await expect(canvas.getByText('Ce site est déjà dans la liste')).toBeVisible();
    await expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.clear(site);
    // A site typed but not added yet is added on submit.
    await userEvent.type(site, 'blog.exemple.fr');
    await userEvent.click(canvas.getByRole('button', { name: 'Créer le projet' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(firstArg(args.onSubmit)).toEqual({
      name: 'Boutique',
      description: 'Parcours de commande',
      sites: ['https://shop.exemple.fr', 'blog.exemple.fr'],
    });
  },
};

export const RemoveSite: Story = {
  args: {
    mode: 'edit',
    defaultValues: { name: 'Boutique', description: '', sites: ['a.exemple.fr', 'b.exemple.fr'] },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Retirer a.exemple.fr' }));
    await expect(canvas.queryByText('a.exemple.fr')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(firstArg(args.onSubmit)).toEqual({
      name: 'Boutique',
      description: '',
      sites: ['b.exemple.fr'],
    });
  },
};

export const Pending: Story = {
  args: { pending: true, defaultValues: { name: 'Boutique', sites: ['shop.exemple.fr'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const submit = canvas.getByRole('button', { name: 'Création...' });
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Annuler' })).toBeDisabled();
  },
};

export const SaveFailed: Story = {
  args: { mode: 'edit', error: 'Projet introuvable.', defaultValues: { name: 'Boutique', sites: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Projet introuvable.');
  },
};

export const EditDialog: Story = {
  render: (args) => (
    <ProjectDialog
      open
      onOpenChange={args.onCancel ?? (() => {})}
      mode="edit"
      defaultValues={{ name: 'Boutique', description: 'Commande', sites: ['shop.exemple.fr'] }}
      onSubmit={args.onSubmit}
    />
  ),
  play: async ({ canvasElement, args }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: 'Modifier le projet',
    });
    const name = within(dialog).getByRole('textbox', { name: /Nom du projet/ });
    await expect(name).toHaveValue('Boutique');
    await userEvent.clear(name);
    await userEvent.type(name, 'Boutique v2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(firstArg(args.onSubmit)).toEqual({
      name: 'Boutique v2',
      description: 'Commande',
      sites: ['shop.exemple.fr'],
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await expect(args.onCancel).toHaveBeenCalledWith(false);
  },
};
