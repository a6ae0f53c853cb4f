import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Catalogue } from './catalogue';

const guides = [
  {
    id: 'g1',
    title: 'Passer une commande',
    description: 'Du panier au paiement, en quatre étapes.',
    minDuration: 3,
    maxDuration: 5,
  },
  {
    id: 'g2',
    title: 'Modifier son adresse de livraison',
    description: 'Mettre à jour son adresse depuis son compte.',
    minDuration: 2,
    maxDuration: 2,
  },
];

const meta = {
  title: 'Runner/Catalogue',
  component: Catalogue,
  args: { domain: 'boutique.example.com', guides, onLaunch: fn(), onRetry: fn() },
  decorators: [(Story) => <div style={{ maxWidth: '24rem' }}>{Story()}</div>],
} satisfies Meta<typeof Catalogue>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Guides: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Guides disponibles' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getByText('3 à 5 min')).toBeVisible();
    await expect(canvas.getByText('2 min')).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Lancer le guide « Modifier son adresse de livraison »' }),
    );
    await expect(args.onLaunch).toHaveBeenCalledWith(guides[1]);
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

export const Loading: Story = {
  args: { guides: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Chargement des guides...' })).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const NoGuideForDomain: Story = {
  args: { guides: [] },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', {
        name: 'Aucun guide disponible pour boutique.example.com',
      }),
    ).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { guides: undefined, error: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Impossible de charger les guides');
    await userEvent.click(canvas.getByRole('button', { name: 'Réessayer' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};
