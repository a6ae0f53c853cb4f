import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { hang, problem, refuse, reply } from '#stories/api.ts';
import { projects } from '#stories/fixtures.ts';
import { page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/App/Projects',
  ...routeMeta('/app/projects', {
    api: [reply('get', '/projects', projects)],
  }),
};
export default meta;
type Story = StoryObj<typeof meta>;

/** Nine projects, one with a name that wraps over three lines and two sites. */
export const Loaded: Story = {
  play: async () => {
    const screen = page();
    await expect(await screen.findByRole('heading', { level: 1, name: 'Vos projets' })).toBeVisible();
    await expect(screen.getByRole('link', { name: /^Portail RH — intégration/ })).toBeVisible();
    await expect(screen.getAllByRole('link', { name: /Intranet|Support|Site vitrine/ })).toHaveLength(3);
  },
};

export const Loading: Story = {
  parameters: route({ withoutLoader: true, api: [hang('get', '/projects')] }),
  play: async () => {
    await expect(await page().findByRole('status', { name: 'Chargement des projets' })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: route({ api: [reply('get', '/projects', [])] }),
  play: async () => {
    const screen = page();
    await expect(await screen.findByText('Aucun projet')).toBeVisible();
    await expect(screen.getAllByRole('button', { name: 'Nouveau projet' })).toHaveLength(2);
  },
};

export const Failed: Story = {
  parameters: route({
    api: [refuse('get', '/projects', problem(503, 'Le service est momentanément indisponible.'))],
  }),
  play: async () => {
    const screen = page();
    await expect(await screen.findByText(/Le service est momentanément indisponible\./)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Réessayer' })).toBeVisible();
    // Not "0 projects": the figures of a list that did not load are not shown.
    await expect(screen.queryByText('Total des projets')).toBeNull();
  },
};

/** The journey: "Nouveau projet", name and site, "Créer le projet"; the dialog closes and the project is listed. */
export const CreateProject: Story = {
  parameters: route({
    api: (() => {
      const list = projects.slice(0, 2);
      return [
        reply('get', '/projects', () => list),
        reply('post', '/projects', ({ body }) => {
          const created = {
            ...(projects[0] as (typeof projects)[number]),
            id: '0b6f3f1e-5f4c-4a55-9b53-00ff00000001',
            name: body.name,
            description: body.description ?? '',
            sites: body.sites.map((site) => `https://${site.replace(/^https?:\/\//, '')}`),
            categoryCount: 0,
            scenarioCount: 0,
          };
          list.push(created);
          return created;
        }),
      ];
    })(),
  }),
  play: async () => {
    const screen = page();
    await userEvent.click(await screen.findByRole('button', { name: 'Nouveau projet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau projet' });
    const form = within(dialog);
    await userEvent.type(form.getByRole('textbox', { name: /Nom du projet/ }), 'Portail des adhérents');
    await userEvent.type(form.getByRole('textbox', { name: /Site/ }), 'adherents.example.com{Enter}');
    await userEvent.click(form.getByRole('button', { name: 'Créer le projet' }));
    await expect(await screen.findByRole('link', { name: /^Portail des adhérents/ })).toBeVisible();
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** The form refuses an empty name with the spec's message, and the dialog stays open over the list. */
export const RefusedForm: Story = {
  play: async () => {
    const screen = page();
    await userEvent.click(await screen.findByRole('button', { name: 'Nouveau projet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau projet' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer le projet' }));
    await expect(await within(dialog).findByText('Le nom du projet est requis')).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: 'Your projects' })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: 'Vos projets' })).toBeVisible();
  },
};
