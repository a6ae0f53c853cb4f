import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { problem, refuse, reply } from '#stories/api.ts';
import { category, project, scenarioPage, scenarioSummaries } from '#stories/fixtures.ts';
import { page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/App/Category',
  ...routeMeta(`/app/projects/${project.id}/categories/${category.id}`, {
    api: [
      reply('get', '/projects/{id}/categories/{categoryId}', category),
      reply('get', '/projects/{id}/categories/{categoryId}/scenarios', ({ request }) =>
        scenarioPage(scenarioSummaries, request),
      ),
    ],
  }),
};
export default meta;
type Story = StoryObj<typeof meta>;

/** Five guides, drafts and published, one with a long title and one without steps. */
export const Loaded: Story = {
  play: async () => {
    const screen = page();
    await expect(await screen.findByRole('heading', { level: 1, name: category.name })).toBeVisible();
    await expect(screen.getByRole('link', { name: /^Déclarer un arrêt maladie/ })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: route({
    api: [
      reply('get', '/projects/{id}/categories/{categoryId}', {
        ...category,
        scenarioCount: 0,
        publishedCount: 0,
      }),
      reply('get', '/projects/{id}/categories/{categoryId}/scenarios', { items: [], nextCursor: null }),
    ],
  }),
  play: async () => {
    await expect(await page().findByText('Aucun guide')).toBeVisible();
  },
};

export const NotFound: Story = {
  parameters: route({
    api: [
      refuse('get', '/projects/{id}/categories/{categoryId}', problem(404, "Cette catégorie n'existe pas.")),
    ],
  }),
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Catégorie introuvable' })).toBeVisible();
  },
};

/** "Supprimer" from a guide's menu: the confirmation, over the list (nothing of the page painted above it). */
export const DeleteGuideDialog: Story = {
  play: async () => {
    const screen = page();
    const title = scenarioSummaries[0]?.title ?? '';
    // By keyboard: once a tooltip (the category's badge) tracks input modality, Ark's menu ignores the synthetic
    // pointer moves of testing-library's clicks, which a real mouse does not produce.
    (await screen.findByRole('button', { name: `Actions pour ${title}` })).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: 'Modifier' });
    await userEvent.keyboard('{ArrowDown}');
    const item = await screen.findByRole('menuitem', { name: 'Supprimer' });
    await waitFor(() => expect(item).toHaveAttribute('data-highlighted'));
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: `Supprimer le guide « ${title} » ?` });
    await expect(within(dialog).getByRole('button', { name: 'Supprimer' })).toBeVisible();
  },
};

// Issue 40: a 200-character name without a space ran under the card's "⋯" and out of the page.
const longName = (word: string) => word.repeat(Math.ceil(200 / word.length)).slice(0, 200);
const longNames = route({
  api: [
    reply('get', '/projects/{id}/categories/{categoryId}', {
      ...category,
      name: longName('Catégorie'),
      project: { ...category.project, name: longName('Projet') },
    }),
    reply('get', '/projects/{id}/categories/{categoryId}/scenarios', {
      items: scenarioSummaries.map((s, n) => (n === 0 ? { ...s, title: longName('Guide') } : s)),
      nextCursor: null,
    }),
  ],
});

/** Every long name ends in an ellipsis inside its box, and the whole name stays on hover and for screen readers. */
async function longNamesHold() {
  const screen = page();
  const heading = await screen.findByRole('heading', { level: 1, name: longName('Catégorie') });
  await expect(heading).toHaveAttribute('title', longName('Catégorie'));
  const doc = heading.ownerDocument.documentElement;
  await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
  const crumb = screen.getByRole('link', { name: longName('Projet') });
  await expect(crumb).toHaveAttribute('title', longName('Projet'));
  await expect(crumb.scrollWidth).toBeGreaterThan(crumb.clientWidth);
  const card = screen.getByRole('link', { name: longName('Guide') });
  const menu = screen.getByRole('button', { name: `Actions pour ${longName('Guide')}` });
  await expect(card.getBoundingClientRect().right).toBeLessThanOrEqual(menu.getBoundingClientRect().left);
}

export const LongNames: Story = { parameters: longNames, play: longNamesHold };

export const LongNamesPhone: Story = {
  parameters: longNames,
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: longNamesHold,
};

/** The guide requests the story's server received, over forty guides. */
const forty = (() => {
  const seen: URL[] = [];
  const list = Array.from({ length: 40 }, (_, n) => ({
    ...(scenarioSummaries[n % scenarioSummaries.length] as (typeof scenarioSummaries)[number]),
    id: `0b6f3f1e-5f4c-4a55-9b53-0000000040${String(n).padStart(2, '0')}`,
    title: `Guide ${String(n + 1).padStart(2, '0')}`,
  }));
  return {
    seen,
    api: [
      reply('get', '/projects/{id}/categories/{categoryId}', {
        ...category,
        scenarioCount: 40,
        publishedCount: 20,
      }),
      reply('get', '/projects/{id}/categories/{categoryId}/scenarios', ({ request }) => {
        seen.push(new URL(request.url));
        return scenarioPage(list, request);
      }),
    ],
  };
})();

/**
 * Forty guides: the first 24, then "Voir plus" for the rest; the figures are the category's own counts. The search
 * is the server's, once the typing pauses.
 */
export const ManyGuides: Story = {
  parameters: route({ api: forty.api }),
  play: async () => {
    forty.seen.length = 0;
    const screen = page();
    await expect(await screen.findByRole('link', { name: /^Guide 01/ })).toBeVisible();
    await expect(screen.getAllByRole('link', { name: /^Guide \d\d/ })).toHaveLength(24);
    await expect(within(screen.getByLabelText('Statistiques de la catégorie')).getByText('40')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Voir plus' }));
    await expect(await screen.findByRole('link', { name: /^Guide 40/ })).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Voir plus' })).toBeNull();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un guide' }), 'guide 3');
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Guide \d\d/ })).toHaveLength(10));
    // one request for the whole words, not one per key (a busy machine may pause mid-word: one more, at most)
    const queries = forty.seen.map((url) => url.searchParams.get('q')).filter(Boolean);
    await expect(queries.at(-1)).toBe('guide 3');
    await expect(queries.length).toBeLessThan(3);
  },
};
