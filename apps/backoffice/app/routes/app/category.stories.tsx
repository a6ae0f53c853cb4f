import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { problem, refuse, reply } from '#stories/api.ts';
import { category, project, scenarioSummaries } from '#stories/fixtures.ts';
import { page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/App/Category',
  ...routeMeta(`/app/projects/${project.id}/categories/${category.id}`, {
    api: [reply('get', '/projects/{id}/categories/{categoryId}', category)],
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
        scenarios: [],
        scenarioCount: 0,
      }),
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
    const title = category.scenarios[0]?.title ?? '';
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
      scenarios: scenarioSummaries.map((s, n) => (n === 0 ? { ...s, title: longName('Guide') } : s)),
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
