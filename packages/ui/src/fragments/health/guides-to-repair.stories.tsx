import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { guides, NOW } from './fixtures';
import { GuidesToRepair } from './guides-to-repair';

const meta = {
  title: 'Fragments/Health/GuidesToRepair',
  component: GuidesToRepair,
  args: { guides, now: NOW, onRepair: fn() },
  decorators: [(Story) => <div style={{ maxWidth: '64rem' }}>{Story()}</div>],
} satisfies Meta<typeof GuidesToRepair>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Guides à réparer' })).toBeVisible();
    const first = canvas.getByRole('article', { name: 'Créer un projet' });
    const one = within(first);
    await expect(one.getByRole('link', { name: 'Créer un projet' })).toHaveAttribute(
      'href',
      '/app/projects/7d1c1f6e-0000-4000-8000-000000000001/scenarios/0b6a1a8e-0000-4000-8000-000000000001',
    );
    await expect(one.getByRole('heading', { name: 'Étape 2 : Nouveau projet' })).toBeVisible();
    await expect(first.querySelector('[data-health]')).toHaveTextContent("Santé de l'étape : En échec");
    // the captured step beside what the end user saw
    await expect(one.getByRole('img', { name: "Capture de l'étape 2 lors de sa création" })).toBeVisible();
    await expect(
      one.getByRole('img', { name: "Page vue par l'utilisateur lors du dernier échec de l'étape 2" }),
    ).toBeVisible();
    await expect(one.getByText("Taux d'échec").nextElementSibling).toHaveTextContent(
      '75 % (9 sur 12 exécutions)',
    );
    await expect(one.getByText('Dernier échec').nextElementSibling).toHaveTextContent('aujourd’hui');
    await expect(one.queryByText('Confiance')).toBeNull();
    // a failure recorded before the player said why shows no cause
    await expect(one.queryByText('Cause')).toBeNull();

    const secondArticle = canvas.getByRole('article', { name: 'Choisir une offre' });
    const second = within(secondArticle);
    await expect(secondArticle.querySelector('[data-health]')).toHaveTextContent(
      "Santé de l'étape : Dégradée",
    );
    await expect(second.getByText('Confiance').nextElementSibling).toHaveTextContent('62 %');
    await expect(second.getByText('Dernier échec').nextElementSibling).toHaveTextContent('avant-hier');
    await expect(second.getByText("Aucune capture d'écran associée à cette étape.")).toBeVisible();
    await expect(second.getByText('Capture non disponible')).toBeVisible();
    await expect(second.getByText('Cible recapturée : en attente d’une exécution réussie.')).toBeVisible();

    await userEvent.click(one.getByRole('button', { name: "Réparer l'étape 2 de « Créer un projet »" }));
    await expect(args.onRepair).toHaveBeenCalledWith(guides[0], guides[0]?.steps[0]);
    // keyboard: the next repair button is reachable and Enter triggers it
    await userEvent.tab();
    await userEvent.tab();
    await expect(
      second.getByRole('button', { name: "Réparer l'étape 3 de « Choisir une offre »" }),
    ).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRepair).toHaveBeenLastCalledWith(guides[1], guides[1]?.steps[0]);
  },
};

const [first, second] = guides;
const withReasons =
  first && second
    ? [
        { ...first, steps: first.steps.map((step) => ({ ...step, lastReason: 'copy-gone' as const })) },
        { ...second, steps: second.steps.map((step) => ({ ...step, lastReason: 'weak-match' as const })) },
      ]
    : [];

/** Beside each failing step, why the player could not find its target: the finder's reason, in words. */
export const WithTheFindersReason: Story = {
  args: { guides: withReasons },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failing = within(canvas.getByRole('article', { name: 'Créer un projet' }));
    await expect(failing.getByText('Cause').nextElementSibling).toHaveTextContent(
      "Plusieurs éléments identiques, un de moins qu'avant à sa place : impossible de dire lequel reste.",
    );
    const degraded = within(canvas.getByRole('article', { name: 'Choisir une offre' }));
    await expect(degraded.getByText('Cause').nextElementSibling).toHaveTextContent(
      "L'élément le plus proche ressemble trop peu à l'élément capturé.",
    );
  },
};

/** Without the extension nothing can be repaired from here: no button. */
export const WithoutRepair: Story = {
  args: { onRepair: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('article')).toHaveLength(2);
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const ScreenshotsLoading: Story = {
  args: {
    guides: guides.slice(0, 1).map((g) => ({
      ...g,
      steps: g.steps.map(({ stepScreenshot: _s, failureScreenshot: _f, ...step }) => step),
    })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('img')).toBeNull();
    await expect(canvas.getByText('Capturée par l’auteur')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { guides: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Aucun guide à réparer' })).toBeVisible();
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

export const Loading: Story = {
  args: { guides: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
    await expect(within(canvasElement).queryByText('Aucun guide à réparer')).toBeNull();
  },
};

/** The list comes 20 at a time: below the last guide, "Voir plus" asks for the next ones. */
export const MoreToShow: Story = {
  args: { onMore: fn(), onRepair: undefined },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const more = canvas.getByRole('button', { name: 'Voir plus' });
    // after the last guide, in reading and tab order
    const articles = canvas.getAllByRole('article');
    await expect(articles.at(-1)?.compareDocumentPosition(more)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await userEvent.click(more);
    await expect(args.onMore).toHaveBeenCalledTimes(1);
    // by keyboard too
    more.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onMore).toHaveBeenCalledTimes(2);
  },
};

/** While the next guides load, the button says so and cannot be pressed twice. */
export const LoadingMore: Story = {
  args: { onMore: fn(), loadingMore: true, onRepair: undefined },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const more = canvas.getByRole('button', { name: /Chargement des guides…/ });
    await expect(more).toBeDisabled();
    await expect(more).toHaveAttribute('aria-busy', 'true');
    await expect(args.onMore).not.toHaveBeenCalled();
  },
};

export const MoreToShowEnglish: Story = {
  args: { onMore: fn(), onRepair: undefined },
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Show more' })).toBeVisible();
  },
};
