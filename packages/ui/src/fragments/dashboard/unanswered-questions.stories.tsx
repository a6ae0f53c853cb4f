import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NOW, unansweredQuestions } from './fixtures';
import { UnansweredQuestions } from './unanswered-questions';

/** The dashboard's "Questions sans guide" (issue 42): the assistant's questions no guide answered, grouped. */
const meta = {
  title: 'Fragments/Dashboard/UnansweredQuestions',
  component: UnansweredQuestions,
  args: {
    questions: unansweredQuestions,
    days: 30,
    onCreateGuide: fn(),
    canClear: true,
    clearOpen: false,
    onClearOpenChange: fn(),
    onClear: fn(),
    now: NOW,
  },
} satisfies Meta<typeof UnansweredQuestions>;
export default meta;
type Story = StoryObj<typeof meta>;

const cardOf = (el: HTMLElement) => within(el).getByRole('region', { name: 'Questions sans guide' });
const rows = (card: HTMLElement) => within(card).getAllByRole('listitem');

/** An Admin: the five most asked, each with its count and when it was last asked, "Effacer" and "Créer un guide". */
export const Admin: Story = {
  play: async ({ canvasElement, args }) => {
    const card = cardOf(canvasElement);
    await expect(within(card).getByRole('heading', { level: 2, name: 'Questions sans guide' })).toBeVisible();
    const [first, second, third, fourth, fifth] = rows(card);
    await expect(rows(card)).toHaveLength(5);
    await expect(first).toHaveTextContent('Comment exporter mes factures en PDF ?');
    await expect(first).toHaveTextContent('12 fois');
    await expect(first).toHaveTextContent('Dernière fois aujourd’hui');
    await expect(second).toHaveTextContent('7 fois');
    await expect(second).toHaveTextContent('Dernière fois hier');
    await expect(third).toHaveTextContent('Dernière fois il y a 3 jours');
    await expect(fourth).toHaveTextContent('Dernière fois la semaine dernière');
    await expect(fifth).toHaveTextContent('Résilier mon abonnement');
    await expect(fifth).toHaveTextContent('1 fois');
    await expect(fifth).toHaveTextContent('Posée aujourd’hui');

    // "Créer un guide" says which question it writes a guide for.
    const create = within(first as HTMLElement).getByRole('button', { name: 'Créer un guide' });
    await expect(create).toHaveAccessibleDescription('Comment exporter mes factures en PDF ?');
    await userEvent.click(create);
    await expect(args.onCreateGuide).toHaveBeenCalledWith(unansweredQuestions[0]);
    // From the keyboard too.
    within(second as HTMLElement)
      .getByRole('button', { name: 'Créer un guide' })
      .focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onCreateGuide).toHaveBeenLastCalledWith(unansweredQuestions[1]);

    await userEvent.click(within(card).getByRole('button', { name: 'Effacer' }));
    await expect(args.onClearOpenChange).toHaveBeenCalledWith(true);
  },
};

/** "Voir plus" shows the rest of the list, "Voir moins" folds it again. */
export const SeeMore: Story = {
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement);
    const more = within(card).getByRole('button', { name: 'Voir 2 autres questions' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    await expect(rows(card)).toHaveLength(7);
    await expect(rows(card)[6]).toHaveTextContent('fusionner deux comptes');
    await expect(rows(card)[6]).toHaveTextContent('Posée il y a 3 semaines');
    const less = within(card).getByRole('button', { name: 'Voir moins' });
    await expect(less).toHaveAttribute('aria-expanded', 'true');
    await expect(less).toHaveFocus();
  },
};

/** A Contributor writes the guides, but does not clear the list. */
export const Contributor: Story = {
  args: { canClear: false },
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement);
    await expect(within(card).queryByRole('button', { name: 'Effacer' })).toBeNull();
    await expect(within(card).getAllByRole('button', { name: 'Créer un guide' })).toHaveLength(5);
  },
};

/** The confirmation says everything goes, whatever its date. */
export const ConfirmClear: Story = {
  args: { clearOpen: true },
  play: async ({ canvasElement, args }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog');
    await expect(dialog).toHaveAccessibleName('Effacer les questions sans guide ?');
    await expect(dialog).toHaveAccessibleDescription(
      'Toutes les questions gardées pour votre organisation sont supprimées, quelle que soit leur date. Cette action est irréversible.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Effacer' }));
    await expect(args.onClear).toHaveBeenCalledOnce();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await expect(args.onClearOpenChange).toHaveBeenCalledWith(false);
  },
};

/** A refused clearing stays in the dialog, which says why. */
export const ClearFailed: Story = {
  args: { clearOpen: true, clearError: 'Seuls les administrateurs peuvent faire cela.' },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Seuls les administrateurs peuvent faire cela.',
    );
  },
};

export const Loading: Story = {
  args: { questions: [], loading: true },
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement);
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(within(card).queryByText('Aucune question sans guide')).toBeNull();
    await expect(within(card).queryByRole('button')).toBeNull();
  },
};

/** Nothing went unanswered: said so, and nothing to clear. */
export const Empty: Story = {
  args: { questions: [] },
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement);
    await expect(
      within(card).getByRole('heading', { level: 3, name: 'Aucune question sans guide' }),
    ).toBeVisible();
    await expect(within(card).queryByRole('listitem')).toBeNull();
    await expect(within(card).queryByRole('button', { name: 'Effacer' })).toBeNull();
  },
};

/** The list could not be read: said in its place, no empty state that is not true, nothing to clear. */
export const Failed: Story = {
  args: { questions: [], error: { message: 'Le serveur est momentanément indisponible.' } },
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement);
    await expect(within(card).getByRole('alert')).toHaveTextContent(
      'Impossible de charger les questions sans guide. Le serveur est momentanément indisponible.',
    );
    await expect(within(card).queryByText('Aucune question sans guide')).toBeNull();
    await expect(within(card).queryByRole('button', { name: 'Effacer' })).toBeNull();
  },
};

/** On a 390 px phone the action goes under its question, and a long question wraps inside the card. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement);
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth + 1);
    const long = within(card).getByText(/^ajouter un collègue/);
    const row = long.closest('li') as HTMLElement;
    const create = within(row).getByRole('button', { name: 'Créer un guide' });
    await expect(create.getBoundingClientRect().top).toBeGreaterThanOrEqual(
      long.getBoundingClientRect().bottom,
    );
    await expect(long.getBoundingClientRect().width).toBeGreaterThan(row.getBoundingClientRect().width / 2);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('region', { name: 'Questions without a guide' });
    const [first, second, , , fifth] = within(card).getAllByRole('listitem');
    await expect(first).toHaveTextContent('12 times');
    await expect(first).toHaveTextContent('Last asked today');
    await expect(second).toHaveTextContent('Last asked yesterday');
    await expect(fifth).toHaveTextContent('1 time');
    await expect(fifth).toHaveTextContent('Asked today');
    await expect(within(card).getAllByRole('button', { name: 'Create a guide' })).toHaveLength(5);
    await expect(within(card).getByRole('button', { name: 'Clear' })).toBeVisible();
    await expect(within(card).getByRole('button', { name: 'Show 2 more questions' })).toBeVisible();
  },
};

/** The dark theme: the same card, its contrast checked by the suite's axe run in dark. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.documentElement.dataset.theme).toBe('dark');
    const card = cardOf(canvasElement);
    await expect(rows(card)).toHaveLength(5);
    // The card is drawn on the dark canvas, not left light.
    await expect(getComputedStyle(card).backgroundColor).not.toBe('rgb(255, 255, 255)');
  },
};
