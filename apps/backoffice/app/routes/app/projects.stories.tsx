import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { hang, problem, refuse, reply } from '#stories/api.ts';
import { manyProjects, projectPage, projects } from '#stories/fixtures.ts';
import { page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/App/Projects',
  ...routeMeta('/app/projects', {
    api: [reply('get', '/projects', ({ request }) => projectPage(projects, request))],
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
  parameters: route({ api: [reply('get', '/projects', ({ request }) => projectPage([], request))] }),
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
        reply('get', '/projects', ({ request }) => projectPage(list, request)),
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

/** The GET /projects requests a story's server received, in order. */
function recorder() {
  const seen: URL[] = [];
  const list = manyProjects(60);
  return {
    seen,
    api: [
      reply('get', '/projects', ({ request }) => {
        seen.push(new URL(request.url));
        return projectPage(list, request);
      }),
    ],
  };
}

const many = recorder();

/**
 * Sixty projects: the first 24 by name, once (the loader's answer is not asked again when the screen mounts),
 * then "Voir plus" adds the next ones until there are none left; the figures count all sixty.
 */
export const ManyProjects: Story = {
  parameters: route({ api: many.api }),
  play: async () => {
    many.seen.length = 0;
    const screen = page();
    const list = await screen.findByRole('region', { name: 'Liste des projets' });
    await expect(await within(list).findByRole('link', { name: /^Projet 001/ })).toBeVisible();
    await expect(within(list).getAllByRole('link', { name: /^Projet/ })).toHaveLength(24);
    await expect(many.seen).toHaveLength(1);
    await expect(within(screen.getByLabelText('Statistiques des projets')).getByText('60')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Voir plus' }));
    await expect(await within(list).findByRole('link', { name: /^Projet 048/ })).toBeVisible();
    await expect(within(list).getAllByRole('link', { name: /^Projet/ })).toHaveLength(48);
    await userEvent.click(screen.getByRole('button', { name: 'Voir plus' }));
    await expect(await within(list).findByRole('link', { name: /^Projet 060/ })).toBeVisible();
    await expect(within(list).getAllByRole('link', { name: /^Projet/ })).toHaveLength(60);
    await expect(screen.queryByRole('button', { name: 'Voir plus' })).toBeNull();
    // Each page asked once, each after the previous one's cursor.
    await expect(many.seen.map((url) => url.searchParams.get('cursor'))).toEqual([null, '24', '48']);
  },
};

const searched = recorder();

/**
 * The search is the server's: once the typing pauses, one request with the words typed (not one per key), and
 * the cards it answers — ignoring case and accents — with "Voir plus" only when more match.
 */
export const ServerSearch: Story = {
  parameters: route({ api: searched.api }),
  play: async () => {
    searched.seen.length = 0;
    const screen = page();
    const list = await screen.findByRole('region', { name: 'Liste des projets' });
    await within(list).findByRole('link', { name: /^Projet 001/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un projet' }), 'PROJET 05');
    await expect(await within(list).findByRole('link', { name: /^Projet 059/ })).toBeVisible();
    await expect(within(list).getAllByRole('link', { name: /^Projet/ })).toHaveLength(10);
    await expect(screen.queryByRole('button', { name: 'Voir plus' })).toBeNull();
    const queries = searched.seen.map((url) => url.searchParams.get('q'));
    await expect(queries.at(-1)).toBe('PROJET 05');
    await expect(queries.length).toBeLessThan(4);
    // Nothing matches: the spec's no-result state, whose button clears the search.
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Rechercher un projet' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un projet' }), 'zèbre');
    await expect(await screen.findByText('Aucun élément ne correspond à « zèbre ».')).toBeVisible();
    // The no-result state's own button (the search box has a clear button of the same name).
    const noResult = screen.getByText('Aucun résultat').closest('[data-empty-state]') as HTMLElement;
    await userEvent.click(within(noResult).getByRole('button', { name: 'Effacer la recherche' }));
    await expect(await within(list).findByRole('link', { name: /^Projet 001/ })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Voir plus' })).toBeVisible();
  },
};
