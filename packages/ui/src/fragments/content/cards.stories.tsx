import { Grid } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CategoryCard, ProjectCard, ScenarioCard } from './cards';

interface Args {
  onEdit: () => void;
  onDelete: () => void;
}

const meta: Meta<Args> = {
  title: 'Content/Cards',
  args: { onEdit: fn(), onDelete: fn() },
};
export default meta;
type Story = StoryObj<Args>;

const body = (el: HTMLElement) => within(el.ownerDocument.body);

/**
 * Opens a card's ⋯ menu from the keyboard and picks an item (Enter opens on the first item, arrows move),
 * waiting for each menu to be gone so that no stale one is used.
 */
async function choose(canvasElement: HTMLElement, name: string, item: 'Modifier' | 'Supprimer') {
  await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
  within(canvasElement)
    .getByRole('button', { name: `Actions pour ${name}` })
    .focus();
  await userEvent.keyboard('{Enter}');
  const menu = await body(canvasElement).findByRole('menu');
  const first = within(menu).getByRole('menuitem', { name: 'Modifier' });
  await waitFor(() => expect(first).toHaveAttribute('data-highlighted'));
  if (item === 'Supprimer') {
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Supprimer' })).toHaveAttribute('data-highlighted'),
    );
  }
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
  (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
}

export const Project: Story = {
  render: (args) => (
    <Grid columns={2} gap="4" maxW="3xl">
      <ProjectCard
        href="/app/projects/p1"
        project={{
          name: 'Boutique en ligne',
          description: 'Guides du parcours de commande et du compte client.',
          sites: ['https://shop.exemple.fr'],
          categoryCount: 2,
          scenarioCount: 5,
          updatedAt: '2026-11-21T08:00:00Z',
        }}
        {...args}
      />
      <ProjectCard
        href="/app/projects/p2"
        project={{
          name: 'Intranet',
          description: '',
          sites: [],
          categoryCount: 0,
          scenarioCount: 0,
          updatedAt: '2026-03-02T08:00:00Z',
        }}
        onEdit={fn()}
        onDelete={fn()}
      />
    </Grid>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Boutique en ligne' })).toHaveAttribute(
      'href',
      '/app/projects/p1',
    );
    await expect(canvas.getByText('Actif')).toBeVisible();
    await expect(canvas.getByText('En préparation')).toBeVisible();
    // The badge sits above the card's link: a pointer on it reaches the badge (and its tooltip), not the link.
    const badge = canvas.getByRole('button', { name: 'Actif' }).getBoundingClientRect();
    const hit = canvasElement.ownerDocument.elementFromPoint(
      badge.x + badge.width / 2,
      badge.y + badge.height / 2,
    );
    await expect(hit?.closest('button')?.textContent).toBe('Actif');
    await expect(canvas.getByText('2 catégories')).toBeVisible();
    await expect(canvas.getByText('5 scénarios')).toBeVisible();
    await expect(canvas.getByText('Modifié le 21/11/2026')).toBeVisible();
    await choose(canvasElement, 'Boutique en ligne', 'Modifier');
    await expect(args.onEdit).toHaveBeenCalledOnce();
    await choose(canvasElement, 'Boutique en ligne', 'Supprimer');
    await expect(args.onDelete).toHaveBeenCalledOnce();
  },
};

export const Category: Story = {
  render: (args) => (
    <Grid columns={2} gap="4" maxW="3xl">
      <CategoryCard
        href="/app/projects/p1/categories/c1"
        category={{
          name: 'Commande',
          description: 'Passer et suivre une commande.',
          scenarioCount: 2,
          createdAt: '2026-10-05T08:00:00Z',
        }}
        {...args}
      />
      <CategoryCard
        href="/app/projects/p1/categories/c2"
        category={{ name: 'Compte', description: '', scenarioCount: 0, createdAt: '2026-10-06T08:00:00Z' }}
        onEdit={fn()}
        onDelete={fn()}
      />
    </Grid>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Commande' })).toHaveAttribute(
      'href',
      '/app/projects/p1/categories/c1',
    );
    await expect(canvas.getByText('En cours')).toBeVisible();
    await expect(canvas.getByText('Vide')).toBeVisible();
    await expect(canvas.getByText('Créé le 05/10/2026')).toBeVisible();
    await choose(canvasElement, 'Commande', 'Supprimer');
    await expect(args.onDelete).toHaveBeenCalledOnce();
    await expect(args.onEdit).not.toHaveBeenCalled();
  },
};

export const Scenario: Story = {
  render: (args) => (
    <Grid columns={2} gap="4" maxW="3xl">
      <ScenarioCard
        href="/app/projects/p1/scenarios/s1"
        scenario={{
          title: 'Passer une commande',
          description: 'Du panier au paiement.',
          status: 'published',
          stepCount: 6,
          minDuration: 5,
          maxDuration: 10,
          createdAt: '2026-11-02T08:00:00Z',
        }}
        {...args}
      />
      <ScenarioCard
        href="/app/projects/p1/scenarios/s2"
        scenario={{
          title: 'Retourner un article',
          description: '',
          status: 'draft',
          stepCount: 1,
          minDuration: 2,
          maxDuration: 3,
          createdAt: '2026-11-03T08:00:00Z',
        }}
        onEdit={fn()}
        onDelete={fn()}
      />
    </Grid>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Publié')).toBeVisible();
    await expect(canvas.getByText('Brouillon')).toBeVisible();
    await expect(canvas.getByText('6 étapes')).toBeVisible();
    await expect(canvas.getByText('1 étape')).toBeVisible();
    await expect(canvas.getByText('5-10 min')).toBeVisible();
    await expect(canvas.getByText('Créé le 02/11/2026')).toBeVisible();
    await choose(canvasElement, 'Passer une commande', 'Modifier');
    await expect(args.onEdit).toHaveBeenCalledOnce();
  },
};
