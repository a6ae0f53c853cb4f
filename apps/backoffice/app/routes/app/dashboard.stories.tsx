import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { hang, problem, refuse, reply } from '#stories/api.ts';
import {
  category,
  dashboard,
  emptyDashboard,
  guidesToRepair,
  manyGuidesToRepair,
  noGuideToRepair,
  noUnansweredQuestion,
  project,
  projectPage,
  projects,
  projectWithCategories,
  unansweredQuestions,
} from '#stories/fixtures.ts';
import { findToast, page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/App/Dashboard',
  ...routeMeta('/app/dashboard', {
    api: [
      reply('get', '/dashboard', dashboard),
      reply('get', '/dashboard/guides-to-repair', guidesToRepair),
      reply('get', '/dashboard/unanswered-questions', unansweredQuestions),
    ],
  }),
};
export default meta;
type Story = StoryObj<typeof meta>;

/** The chart's drawing has an area: it once rendered inside a container of height 0 (issue 13). */
async function chartDrawn() {
  const chart = await page().findByLabelText(
    /sur 30 jours|over 30 days/,
    // The chart is a lazily loaded chunk: cold, on a loaded machine, it takes seconds (the 15 s of preview.tsx).
    { selector: 'svg' },
  );
  await expect(chart.getBoundingClientRect().height).toBeGreaterThan(100);
  // The screenshot is of the lines drawn, not of the chart's frame alone.
  await waitFor(() => expect(chart.querySelector('path[data-series]')).not.toBeNull());
}

/** A month of activity, nine projects, a guide to repair. */
export const Loaded: Story = {
  play: async () => {
    const screen = page();
    await expect(await screen.findByText('1 485')).toBeVisible();
    await expect(screen.getByRole('heading', { name: 'Projets récents' })).toBeVisible();
    await expect(await screen.findByRole('heading', { level: 2, name: 'Guides à réparer' })).toBeVisible();
    // one page holds every guide: nothing more to ask for
    await expect(screen.queryByRole('button', { name: 'Voir plus' })).toBeNull();
    const questions = await screen.findByRole('region', { name: 'Questions sans guide' });
    await expect(await within(questions).findAllByRole('listitem')).toHaveLength(3);
    await expect(within(questions).getAllByRole('listitem')[0]).toHaveTextContent(
      'Comment poser un jour de télétravail ?',
    );
    await expect(within(questions).getByRole('button', { name: 'Effacer' })).toBeVisible();
    await chartDrawn();
  },
};

/**
 * Issue 43: 435 guides to repair were all rendered at once. They come 20 at a time, the worst first; "Voir plus"
 * brings the next ones below them, and goes once there are no more.
 */
export const ManyGuidesToRepair: Story = {
  parameters: route({
    api: [
      reply('get', '/dashboard/guides-to-repair', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return cursor === 'page-2'
          ? { guides: manyGuidesToRepair.slice(20), next: null }
          : { guides: manyGuidesToRepair.slice(0, 20), next: 'page-2' };
      }),
    ],
  }),
  play: async () => {
    const screen = page();
    const more = await screen.findByRole('button', { name: 'Voir plus' });
    const titles = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'));
    await expect(screen.getAllByRole('article')).toHaveLength(20);
    await expect(screen.getByRole('article', { name: 'Guide à réparer 1' })).toBeVisible();
    await expect(screen.queryByRole('article', { name: 'Guide à réparer 21' })).toBeNull();
    await userEvent.click(more);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(23));
    // the next ones below the first, in order, none twice
    await expect(titles()).toEqual(manyGuidesToRepair.map((g) => `repair-${g.scenarioId}`));
    await expect(screen.queryByRole('button', { name: 'Voir plus' })).toBeNull();
    await chartDrawn();
  },
};

/** The dashboard has no loader: this is what every visit shows until GET /dashboard answers. */
export const Loading: Story = {
  parameters: route({ api: [hang('get', '/dashboard')] }),
  play: async () => {
    await expect(
      await page().findByRole('heading', { name: 'Activité des 30 derniers jours' }),
    ).toBeVisible();
  },
};

/** A new organization: zeros, a flat chart, no recent project. */
export const Empty: Story = {
  parameters: route({
    api: [
      reply('get', '/dashboard', emptyDashboard),
      reply('get', '/dashboard/guides-to-repair', noGuideToRepair),
      reply('get', '/dashboard/unanswered-questions', noUnansweredQuestion),
    ],
  }),
  play: async () => {
    await expect(await page().findByText('Aucun projet pour le moment')).toBeVisible();
    await expect(await page().findByText('Aucune question sans guide')).toBeVisible();
    await chartDrawn();
  },
};

export const Failed: Story = {
  parameters: route({
    api: [
      refuse('get', '/dashboard', problem(500, 'Une erreur inattendue est survenue.')),
      refuse('get', '/dashboard/guides-to-repair', problem(500, 'Une erreur inattendue est survenue.')),
      refuse('get', '/dashboard/unanswered-questions', problem(500, 'Une erreur inattendue est survenue.')),
    ],
  }),
  play: async () => {
    const screen = page();
    await expect(await screen.findByText(/^Impossible de charger l'activité\./)).toBeVisible();
    await expect(
      await screen.findByText(
        'Impossible de charger les questions sans guide. Une erreur inattendue est survenue.',
      ),
    ).toBeVisible();
    // Said once: no figure left loading for ever, no "no project yet" that is not true.
    await expect(screen.queryByText('Aucun projet pour le moment')).toBeNull();
    await expect(screen.queryByText('Guides lancés')).toBeNull();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Recent projects' })).toBeVisible();
    await chartDrawn();
  },
};

/** On a 390 px phone the stat cards go two per row, so the chart starts within the first screen. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async () => {
    await chartDrawn();
  },
};

let questionsCleared = false;

/**
 * Issue 42: an Admin clears the questions without a guide, after a confirmation; the list is read again, empty, and a
 * toast says so.
 */
export const ClearQuestions: Story = {
  parameters: route({
    api: [
      reply('get', '/dashboard/unanswered-questions', () =>
        questionsCleared ? noUnansweredQuestion : unansweredQuestions,
      ),
      reply('delete', '/dashboard/unanswered-questions', () => {
        questionsCleared = true;
        return undefined;
      }),
    ],
  }),
  beforeEach: () => {
    questionsCleared = false;
  },
  play: async () => {
    const screen = page();
    const card = await screen.findByRole('region', { name: 'Questions sans guide' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Effacer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Effacer les questions sans guide ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Effacer' }));
    await findToast('Questions sans guide effacées');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await expect(await within(card).findByText('Aucune question sans guide')).toBeVisible();
    await expect(questionsCleared).toBe(true);
    await chartDrawn();
  },
};

/**
 * Issue 42: "Créer un guide" opens the new-guide form of the project the question was asked in (its first category),
 * the question as the guide's title, the author free to pick another category.
 */
export const CreateGuideFromQuestion: Story = {
  parameters: route({
    api: [
      reply('get', '/projects/{id}', projectWithCategories),
      reply('get', '/projects', ({ request }) =>
        projectPage(
          projects.map((p) => (p.id === project.id ? projectWithCategories : p)),
          request,
        ),
      ),
      reply('get', '/projects/{id}/categories/{categoryId}', category),
    ],
  }),
  play: async () => {
    const screen = page();
    const card = await screen.findByRole('region', { name: 'Questions sans guide' });
    const [asked] = await within(card).findAllByRole('listitem');
    await userEvent.click(within(asked as HTMLElement).getByRole('button', { name: 'Créer un guide' }));
    await expect(await screen.findByRole('button', { name: 'Créer et passer aux étapes' })).toBeVisible();
    await expect(screen.getByRole('textbox', { name: /Titre/ })).toHaveValue(
      'Comment poser un jour de télétravail ?',
    );
    await expect(screen.getByRole('combobox', { name: /Catégorie/ })).toHaveTextContent(category.name);
  },
};

const invitation = {
  organization: { id: 'c3f1c2d4-0000-4000-8000-000000000003', name: 'Boutique Lumière' },
  role: 'Contributor' as const,
  invitedAt: '2026-11-19T10:00:00Z',
  invitedBy: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@mulot.fr' },
};

/**
 * Issue 40: a member removed from their only organization met "Impossible de charger l'activité … (en-tête
 * x-organization-id)". They are told what happened, with their own organization to create, the invitation waiting
 * for them and a way out.
 */
export const NoOrganization: Story = {
  parameters: route({
    api: [
      reply('get', '/organizations', []),
      reply('get', '/organizations/invitations', [invitation]),
      refuse(
        'get',
        '/dashboard',
        problem(
          403,
          "Vous n'êtes pas membre de cette organisation. Choisissez-en une dont vous êtes membre.",
        ),
      ),
    ],
  }),
  play: async () => {
    const screen = page();
    await expect(
      await screen.findByRole('heading', { level: 1, name: "Vous n'êtes membre d'aucune organisation" }),
    ).toBeVisible();
    await expect(
      await screen.findByRole('region', { name: 'Vous êtes invité(e) à rejoindre Boutique Lumière' }),
    ).toBeVisible();
    await expect(screen.getByRole('button', { name: "Créer l'organisation" })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
    await expect(screen.queryByText(/x-organization-id|en-tête|Impossible de charger/)).toBeNull();
  },
};

let refused = false;

/** Issue 37: an invitation waiting for the signed-in member is offered above the page, to accept or refuse. */
export const InvitationWaiting: Story = {
  parameters: route({
    api: [
      reply('get', '/organizations/invitations', () => (refused ? [] : [invitation])),
      reply('post', '/organizations/invitations/{organizationId}/refuse', () => {
        refused = true;
        return undefined;
      }),
    ],
  }),
  play: async () => {
    const screen = page();
    const banner = await screen.findByRole('region', {
      name: 'Vous êtes invité(e) à rejoindre Boutique Lumière',
    });
    await expect(screen.getByRole('button', { name: 'Accepter' })).toBeVisible();
    await expect(await screen.findByText('1 485')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Refuser' }));
    await waitFor(() => expect(banner).not.toBeInTheDocument());
  },
};
