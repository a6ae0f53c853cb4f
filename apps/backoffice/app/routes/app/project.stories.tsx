import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { hang, problem, refuse, reply } from '#stories/api.ts';
import {
  categories,
  categoryPage,
  me,
  project,
  projectDiffusion,
  projectWithCategories,
} from '#stories/fixtures.ts';
import { findToast, page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/App/Project',
  ...routeMeta(`/app/projects/${project.id}`, {
    api: [
      reply('get', '/projects/{id}', projectWithCategories),
      reply('get', '/projects/{id}/categories', ({ request }) => categoryPage(categories, request)),
      reply('get', '/projects/{id}/diffusion', projectDiffusion),
    ],
  }),
};
export default meta;
type Story = StoryObj<typeof meta>;

/** A project with a long name, two sites and six categories. */
export const Loaded: Story = {
  play: async () => {
    const screen = page();
    await expect(await screen.findByRole('heading', { level: 1, name: project.name })).toBeVisible();
    await expect(screen.getByRole('link', { name: /^Paie, notes de frais/ })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: route({
    withoutLoader: true,
    api: [hang('get', '/projects/{id}'), hang('get', '/projects/{id}/categories')],
  }),
  play: async () => {
    await expect(await page().findByRole('status', { name: 'Chargement des catégories' })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: route({
    api: [
      reply('get', '/projects/{id}', {
        ...projectWithCategories,
        categories: [],
        categoryCount: 0,
        scenarioCount: 0,
      }),
      reply('get', '/projects/{id}/categories', { items: [], nextCursor: null }),
    ],
  }),
  play: async () => {
    await expect(
      await page().findByText('Créez une catégorie pour y ranger les guides de ce projet.'),
    ).toBeVisible();
  },
};

/** A deleted project (or another organization's): its own state, with the way back. */
export const NotFound: Story = {
  parameters: route({
    api: [
      refuse('get', '/projects/{id}', problem(404, "Ce projet n'existe pas.", { code: 'project-not-found' })),
    ],
  }),
  play: async () => {
    const screen = page();
    await expect(await screen.findByRole('heading', { name: 'Projet introuvable' })).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Retour aux projets' })).toBeVisible();
  },
};

/** The journey: "Nouvelle catégorie", a name, "Créer"; the category is listed. */
export const CreateCategory: Story = {
  parameters: route({
    api: (() => {
      const list = categories.slice(0, 2);
      return [
        // The project's figures count the categories the list holds, as the API's do.
        reply('get', '/projects/{id}', () => ({
          ...projectWithCategories,
          categories: list.map((c) => ({ id: c.id, name: c.name, scenarioCount: c.scenarioCount })),
          categoryCount: list.length,
          scenarioCount: list.reduce((sum, c) => sum + c.scenarioCount, 0),
        })),
        reply('get', '/projects/{id}/categories', ({ request }) => categoryPage(list, request)),
        reply('post', '/projects/{id}/categories', ({ body }) => {
          const created = {
            ...(categories[2] as (typeof categories)[number]),
            id: '0b6f3f1e-5f4c-4a55-9b53-00ff00000003',
            name: body.name,
            description: body.description ?? '',
          };
          list.push(created);
          return created;
        }),
      ];
    })(),
  }),
  play: async () => {
    const screen = page();
    await userEvent.click(await screen.findByRole('button', { name: 'Nouvelle catégorie' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouvelle catégorie' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Nom/ }), 'Télétravail');
    await userEvent.click(dialog.getByRole('button', { name: /Créer/ }));
    await expect(await screen.findByRole('link', { name: /^Télétravail/ })).toBeVisible();
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** The category dialog refuses an empty name with the spec's message, open over the list. */
export const RefusedForm: Story = {
  play: async () => {
    const screen = page();
    await userEvent.click(await screen.findByRole('button', { name: 'Nouvelle catégorie' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouvelle catégorie' }));
    await userEvent.click(dialog.getByRole('button', { name: /Créer/ }));
    await expect(await dialog.findByText('Le nom de la catégorie est requis')).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: project.name })).toBeVisible();
  },
};

const newKey = `mlt_pk_${'9b1e4d7a2c5f8e03'.repeat(3)}`;

/**
 * Issue 39: the "Diffusion" card shows the snippet with the server's public address and each site's status; an
 * Admin changes the key after a confirmation saying the old one stops at once, and the card shows the new one.
 */
export const ChangeSiteKey: Story = {
  parameters: route({
    api: (() => {
      let current = projectWithCategories;
      return [
        reply('get', '/projects/{id}', () => current),
        reply('post', '/projects/{id}/site-key', () => {
          current = { ...projectWithCategories, siteKey: newKey };
          return current;
        }),
      ];
    })(),
  }),
  play: async () => {
    const screen = page();
    const card = within(await screen.findByRole('region', { name: 'Diffusion' }));
    await expect(
      await card.findByText(
        `<script async src="https://mulot.example.com/embed.js" data-site-key="${project.siteKey}"></script>`,
      ),
    ).toBeVisible();
    await expect(
      await card.findByText('Extrait détecté sur https://rh.example.com il y a 3 min'),
    ).toBeVisible();
    await expect(card.getByText("Pas encore détecté : collez l'extrait dans vos pages")).toBeVisible();

    await userEvent.click(card.getByRole('button', { name: 'Changer la clé' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Changer la clé de site ?' }));
    await expect(dialog.getByText(/L'ancienne clé cesse de fonctionner immédiatement/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Changer la clé' }));
    await findToast('Clé de site changée : collez le nouvel extrait dans vos pages');
    await expect(await card.findByText(newKey)).toBeVisible();
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};

/** A Contributor sees the card and copies from it, without the key's change. */
export const DiffusionForContributor: Story = {
  parameters: route({ api: [reply('get', '/users/me', { ...me, role: 'Contributor' })] }),
  play: async () => {
    const card = within(await page().findByRole('region', { name: 'Diffusion' }));
    await expect(
      await card.findByText('Extrait détecté sur https://rh.example.com il y a 3 min'),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: "Copier l'extrait" })).toBeVisible();
    await expect(card.queryByRole('button', { name: 'Changer la clé' })).toBeNull();
  },
};
