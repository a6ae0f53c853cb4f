import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { hang, problem, refuse, reply } from '#stories/api.ts';
import { categories, categoryPage, project, projectWithCategories } from '#stories/fixtures.ts';
import { page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/App/Project',
  ...routeMeta(`/app/projects/${project.id}`, {
    api: [
      reply('get', '/projects/{id}', projectWithCategories),
      reply('get', '/projects/{id}/categories', ({ request }) => categoryPage(categories, request)),
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
