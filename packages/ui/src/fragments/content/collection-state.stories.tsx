import type { Meta, StoryObj } from '@storybook/react-vite';
import { FolderPlus } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../../components/button/button';
import { CollectionState, type CollectionStateProps } from './collection-state';

const meta = {
  title: 'Content/Collection states',
  component: CollectionState,
  args: {
    loadingLabel: 'Chargement des projets',
    empty: false,
    noResult: false,
    emptyTitle: 'Aucun projet',
    emptyDescription: 'Créez votre premier projet pour commencer.',
    emptyIcon: <FolderPlus />,
    onClearSearch: fn(),
    onRetry: fn(),
    children: <p>Cartes</p>,
  },
} satisfies Meta<CollectionStateProps>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('status', { name: 'Chargement des projets' });
    await expect(region).toHaveAttribute('aria-busy', 'true');
    await expect(within(canvasElement).queryByText('Cartes')).toBeNull();
  },
};

export const Empty: Story = {
  args: { empty: true, emptyAction: <Button>Nouveau projet</Button> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Aucun projet' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Nouveau projet' })).toBeVisible();
  },
};

export const NoResult: Story = {
  args: { noResult: true, search: 'zzz' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Aucun résultat' })).toBeVisible();
    await expect(canvas.getByText('Aucun élément ne correspond à « zzz ».')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Effacer la recherche' }));
    await expect(args.onClearSearch).toHaveBeenCalledOnce();
  },
};

export const LoadError: Story = {
  args: { error: 'Failed to fetch' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Une erreur est survenue');
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Veuillez vérifier votre connexion et réessayer.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Réessayer' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** A refusal (4xx) is the same on every attempt: no retry button, no word about the connection. */
export const Refused: Story = {
  args: { error: 'Accès refusé.', retryable: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Accès refusé.');
    await expect(canvas.getByRole('alert')).not.toHaveTextContent('connexion');
    await expect(canvas.queryByRole('button', { name: 'Réessayer' })).toBeNull();
  },
};

export const WithItems: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Cartes')).toBeVisible();
  },
};
