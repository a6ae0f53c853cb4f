import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { firstArg } from '../../stories-support/calls';
import { GuideForm } from './guide-form';

const projects = [
  {
    id: 'p1',
    name: 'Boutique',
    categories: [
      { id: 'c1', name: 'Commande' },
      { id: 'c2', name: 'Compte' },
    ],
  },
  { id: 'p2', name: 'Intranet', categories: [{ id: 'c3', name: 'RH' }] },
];

const meta = {
  title: 'Guide/GuideForm',
  component: GuideForm,
  args: { mode: 'create', projects, onSubmit: fn(), onCancel: fn() },
  decorators: [(Story) => <div style={{ maxWidth: '40rem' }}>{Story()}</div>],
} satisfies Meta<typeof GuideForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every spec §5 message appears when its field is left empty. */
export const MessagesOnBlur: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    for (const [name, message] of [
      [/Titre/, 'Le titre est requis'],
      [/Description pour l'utilisateur/, 'La description est requise'],
      [/Résumé pour le modèle/, 'Le résumé est requis'],
    ] as const) {
      await userEvent.click(canvas.getByRole('textbox', { name }));
      await userEvent.tab();
      await expect(await canvas.findByText(message)).toBeVisible();
    }
    for (const [name, message] of [
      [/Durée minimale/, 'La durée minimale est requise'],
      [/Durée maximale/, 'La durée maximale est requise'],
    ] as const) {
      await userEvent.click(canvas.getByRole('spinbutton', { name }));
      await userEvent.tab();
      await expect(await canvas.findByText(message)).toBeVisible();
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Créer et passer aux étapes' }));
    await expect(await canvas.findByText('Le projet est requis')).toBeVisible();
    await expect(canvas.getByText('La catégorie est requise')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const CreateInCategory: Story = {
  args: { defaultValues: { projectId: 'p1', categoryId: 'c1' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Titre/ }), 'Passer une commande');
    await userEvent.type(canvas.getByRole('textbox', { name: /Description pour/ }), 'Du panier au paiement');
    await userEvent.type(canvas.getByRole('textbox', { name: /Résumé/ }), 'Commande en ligne');
    await userEvent.type(canvas.getByRole('spinbutton', { name: /Durée minimale/ }), '10');
    await userEvent.type(canvas.getByRole('spinbutton', { name: /Durée maximale/ }), '5');
    await expect(
      await canvas.findByText('La durée maximale doit être supérieure ou égale à la durée minimale'),
    ).toBeVisible();
    await userEvent.clear(canvas.getByRole('spinbutton', { name: /Durée maximale/ }));
    await userEvent.type(canvas.getByRole('spinbutton', { name: /Durée maximale/ }), '15');
    await userEvent.click(canvas.getByRole('button', { name: 'Créer et passer aux étapes' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(firstArg(args.onSubmit)).toEqual({
      projectId: 'p1',
      categoryId: 'c1',
      title: 'Passer une commande',
      description: 'Du panier au paiement',
      summary: 'Commande en ligne',
      minDuration: 10,
      maxDuration: 15,
    });
  },
};

export const ChooseProjectThenCategory: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('combobox', { name: /Projet/ }));
    await userEvent.click(await body.findByRole('option', { name: 'Intranet' }));
    await expect(canvas.getByRole('combobox', { name: /Projet/ })).toHaveTextContent('Intranet');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    await userEvent.click(canvas.getByRole('combobox', { name: /Catégorie/ }));
    const options = await body.findAllByRole('option');
    await expect(options.map((o) => o.textContent)).toEqual(['RH']);
    await userEvent.click(options[0] as HTMLElement);
    await expect(canvas.getByRole('combobox', { name: /Catégorie/ })).toHaveTextContent('RH');
  },
};

export const Creating: Story = {
  args: {
    pending: true,
    defaultValues: {
      projectId: 'p1',
      categoryId: 'c1',
      title: 'Passer une commande',
      description: 'Du panier au paiement',
      summary: 'Commande en ligne',
      minDuration: 5,
      maxDuration: 10,
    },
  },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Création...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const Edit: Story = {
  args: {
    mode: 'edit',
    error: 'Une erreur est survenue',
    defaultValues: {
      projectId: 'p1',
      categoryId: 'c2',
      title: 'Modifier son adresse',
      description: 'Mettre à jour son adresse de livraison',
      summary: 'Adresse',
      minDuration: 1,
      maxDuration: 2,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // A guide stays in its category.
    await expect(canvas.getByRole('combobox', { name: /Projet/ })).toBeDisabled();
    await expect(canvas.getByRole('combobox', { name: /Catégorie/ })).toHaveTextContent('Compte');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Une erreur est survenue');
    await expect(canvas.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
  },
};
