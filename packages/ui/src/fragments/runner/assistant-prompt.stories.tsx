import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { firstArg } from '../../stories-support/calls';
import { AssistantPrompt } from './assistant-prompt';

const results = [
  {
    scenarioId: 's1',
    title: 'Modifier son adresse de livraison',
    reason: "Explique où changer l'adresse utilisée pour les prochaines commandes.",
    score: 0.92,
  },
  {
    scenarioId: 's2',
    title: 'Passer une commande',
    reason: "L'adresse de livraison peut aussi être choisie pendant la commande.",
    score: 0.41,
  },
];

const meta = {
  title: 'Runner/AssistantPrompt',
  component: AssistantPrompt,
  args: { onSubmit: fn(), onLaunch: fn() },
  decorators: [(Story) => <div style={{ maxWidth: '28rem' }}>{Story()}</div>],
} satisfies Meta<typeof AssistantPrompt>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Enter asks, Shift+Enter adds a line; an empty request is refused with a message. */
export const Ask: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const prompt = canvas.getByRole('textbox', { name: /Décrivez ce que vous voulez faire/ });
    await userEvent.click(prompt);
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Décrivez en quelques mots ce que vous voulez faire')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(prompt, 'changer mon adresse{Shift>}{Enter}{/Shift}de livraison');
    await expect(prompt).toHaveValue('changer mon adresse\nde livraison');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(firstArg(args.onSubmit)).toEqual({ query: 'changer mon adresse\nde livraison' });
    prompt.blur();
  },
};

export const Pending: Story = {
  args: { pending: true, defaultQuery: 'changer mon adresse' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Recherche...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(canvas.getByRole('textbox'));
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    canvas.getByRole('textbox').blur();
  },
};

export const RankedResults: Story = {
  args: {
    defaultQuery: 'changer mon adresse',
    answer: {
      results,
      guidance: 'Ouvrez votre compte, puis la rubrique « Adresses » : le premier guide vous y conduit.',
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const items = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('Modifier son adresse de livraison');
    await expect(items[0]).toHaveTextContent('Pertinence : 92 %');
    await expect(items[1]).toHaveTextContent('Pertinence : 41 %');
    await expect(canvas.getByText(/la rubrique « Adresses »/)).toBeVisible();
    await expect(canvas.queryByText(/recherche par mots-clés/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Lancer le guide « Passer une commande »' }));
    await expect(args.onLaunch).toHaveBeenCalledWith(results[1]);
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** The model did not answer: the full-text results are shown, and the user is told. */
export const OfflineFallback: Story = {
  args: { defaultQuery: 'changer mon adresse', answer: { results: results.slice(0, 1), fallback: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(
        "L'assistant intelligent n'a pas pu répondre : ces guides viennent de la recherche par mots-clés.",
      ),
    ).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
  },
};

export const NoGuide: Story = {
  args: { defaultQuery: 'réserver un vol', answer: { results: [] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { name: 'Aucun guide ne correspond à votre demande' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** Issue 40: emptying the request puts the previous answer away; it does not come back until the next request. */
export const EmptiedRequest: Story = {
  args: { defaultQuery: 'changer mon adresse', answer: { results } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    const prompt = canvas.getByRole('textbox');
    await userEvent.clear(prompt);
    await expect(canvas.queryByRole('list')).toBeNull();
    await userEvent.type(prompt, 'passer');
    await expect(canvas.queryByRole('list')).toBeNull();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    prompt.blur();
  },
};

/** Where the guides are listed on another page (the back-office), "consultez la liste des guides" leads there. */
export const NoGuideWithTheListElsewhere: Story = {
  args: { defaultQuery: 'réserver un vol', answer: { results: [] }, guidesHref: '/app/projects' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'consultez la liste des guides' })).toHaveAttribute(
      'href',
      '/app/projects',
    );
  },
};

const weak = [
  {
    scenarioId: 's3',
    title: 'Suivre ma commande',
    reason: 'Mots trouvés : « livraison » (résumé ou description)',
    score: 0.31,
  },
  {
    scenarioId: 's4',
    title: 'Choisir le retrait en magasin',
    reason: 'Mots trouvés : « livraison » ≈ « retrait » (titre)',
    score: 0.22,
  },
];

/** No guide answers well enough: the closest ones are shown apart, as "peut-être", never as confident answers. */
export const WeakMatches: Story = {
  args: { defaultQuery: 'livrez-vous en Belgique ?', answer: { results: [], weak } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Aucun guide ne correspond vraiment à votre demande.')).toBeVisible();
    await expect(
      canvas.queryByRole('heading', { name: 'Aucun guide ne correspond à votre demande' }),
    ).toBeNull();
    const list = canvas.getByRole('list', { name: 'Peut-être :' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    for (const item of items) await expect(item).toHaveTextContent('Peut-être');
    await expect(canvas.queryByText(/Pertinence/)).toBeNull();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Lancer le guide « Choisir le retrait en magasin »' }),
    );
    await expect(args.onLaunch).toHaveBeenCalledWith(weak[1]);
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

export const Failed: Story = {
  args: { defaultQuery: 'changer mon adresse', error: 'Une erreur est survenue' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Une erreur est survenue');
    await expect(canvas.getByRole('button', { name: 'Trouver un guide' })).toBeEnabled();
  },
};
