import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { sampleScreenshot } from '../../stories-support/screenshot';
import { GuideRunner, type GuideRunnerProps } from './guide-runner';

const steps = [
  { id: 's1', name: 'Ouvrir le panier', text: "Cliquez sur l'icône du panier en haut à droite." },
  {
    id: 's2',
    name: 'Vérifier les articles',
    text: 'Contrôlez les quantités de chaque article.',
    extra: 'Les frais de port sont calculés à la commande.',
  },
  { id: 's3', name: 'Valider la commande', text: 'Cliquez sur « Commander ».' },
  { id: 's4', name: 'Choisir le paiement', text: 'Sélectionnez votre moyen de paiement.' },
];

/** The runner is controlled (the extension keeps the run's state across page loads): stories hold the index. */
function Controlled(args: GuideRunnerProps) {
  const [index, setIndex] = useState(args.index);
  return (
    <GuideRunner
      {...args}
      index={index}
      onIndexChange={(next) => {
        args.onIndexChange(next);
        setIndex(next);
      }}
    />
  );
}

const meta = {
  title: 'Runner/GuideRunner',
  component: GuideRunner,
  args: {
    title: 'Passer une commande',
    steps,
    index: 0,
    onIndexChange: fn(),
    onQuit: fn(),
    onHome: fn(),
    onRetry: fn(),
  },
  render: (args) => <Controlled {...args} />,
  decorators: [(Story) => <div style={{ maxWidth: '24rem' }}>{Story()}</div>],
} satisfies Meta<typeof GuideRunner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PlayToTheEnd: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Ouvrir le panier' })).toBeVisible();
    await expect(canvas.getByText('Étape 1 sur 4')).toBeVisible();
    await expect(canvas.getByText('0 % terminé')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Précédent' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Suivant' }));
    await expect(canvas.getByRole('heading', { name: 'Vérifier les articles' })).toBeVisible();
    await expect(canvas.getByText('Les frais de port sont calculés à la commande.')).toBeVisible();
    await expect(canvas.getByText('25 % terminé')).toBeVisible();
    await expect(canvas.getByRole('progressbar', { name: 'Étape 2 sur 4' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Précédent' }));
    await expect(canvas.getByText('Étape 1 sur 4')).toBeVisible();
    for (let n = 0; n < 3; n++) await userEvent.click(canvas.getByRole('button', { name: 'Suivant' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Terminer' }));
    await expect(args.onIndexChange).toHaveBeenLastCalledWith(4);
    await expect(canvas.getByRole('heading', { name: 'Félicitations !' })).toBeVisible();
    await expect(canvas.getByText('100 % terminé')).toBeVisible();
    await expect(canvas.getByText('Vous avez terminé le guide « Passer une commande ».')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: "Retour à l'accueil" }));
    await expect(args.onHome).toHaveBeenCalledOnce();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

export const Congratulations: Story = {
  args: { index: 4 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Félicitations !' })).toBeVisible();
    await expect(canvas.getByText('Guide terminé')).toBeVisible();
  },
};

/** Auto-click is running: the user sees it and cannot move on until it ends. */
export const Clicking: Story = {
  args: { index: 2, clickState: 'clicking', onPauseClick: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Clic automatique en cours...');
    await expect(canvas.getByRole('button', { name: 'Suivant' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Précédent' })).toBeDisabled();
    // the user would rather do it themselves
    await userEvent.click(canvas.getByRole('button', { name: 'Mettre en pause le clic automatique' }));
    await expect(args.onPauseClick).toHaveBeenCalledOnce();
  },
};

export const ClickFailed: Story = {
  args: { index: 2, clickState: 'failed' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(
      "Le clic automatique n'a pas abouti : cliquez vous-même sur l'élément mis en évidence.",
    );
    await expect(canvas.getByRole('button', { name: 'Suivant' })).toBeEnabled();
  },
};

export const Quit: Story = {
  args: { index: 1 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.keyboard('{Escape}');
    await expect(args.onQuit).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Quitter le guide' }));
    await expect(args.onQuit).toHaveBeenCalledTimes(2);
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** The step is shown while its target is still looked for on the page (it may still be rendering). */
export const WaitingForTarget: Story = {
  args: { index: 1, target: 'waiting' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Recherche de l'élément sur la page...")).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Suivant' })).toBeEnabled();
  },
};

export const MissingTarget: Story = {
  args: { index: 1, target: 'missing' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Aucun élément cible défini pour cette étape.'),
    ).toBeVisible();
  },
};

/** The target was not found on the page: the step shows its captured screenshot instead. */
export const Unanchored: Story = {
  args: { index: 2, target: 'unanchored', screenshot: sampleScreenshot },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/introuvable sur la page/)).toBeVisible();
    await expect(
      canvas.getByRole('img', { name: "Capture d'écran de l'étape « Valider la commande »" }),
    ).toBeVisible();
  },
};

export const UnanchoredWithoutScreenshot: Story = {
  args: { index: 2, target: 'unanchored', screenshot: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Aucune capture d'écran associée à cette étape.")).toBeVisible();
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

/** A guide with prerequisites starts with the prerequisite prompt (the guide fragment's, reused). */
export const Prerequisites: Story = {
  args: {
    prerequisites: [
      { id: 'p1', text: 'Avoir un compte client', scenario: { title: 'Créer un compte' } },
      { id: 'p2', text: 'Avoir un article dans le panier', scenario: null },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('Vous devez compléter les prérequis suivants avant de commencer ce guide :'),
    ).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Ouvrir le panier' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Commencer le guide' }));
    await expect(canvas.getByRole('heading', { name: 'Ouvrir le panier' })).toBeVisible();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/**
 * Where the caller starts the run itself (the extension records it and shows the steps over the page), and
 * where a prerequisite's own guide can be played first.
 */
export const PrerequisitesStartedByTheCaller: Story = {
  args: {
    onStart: fn(),
    onLaunchPrerequisite: fn(),
    prerequisites: [
      { id: 'p1', text: 'Avoir un compte client', scenario: { id: 'g1', title: 'Créer un compte' } },
      { id: 'p2', text: 'Avoir un article dans le panier', scenario: null },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Lancer le guide « Créer un compte »' }));
    await expect(args.onLaunchPrerequisite).toHaveBeenCalledWith({ id: 'g1', title: 'Créer un compte' });
    await userEvent.click(canvas.getByRole('button', { name: 'Commencer le guide' }));
    await expect(args.onStart).toHaveBeenCalledOnce();
    // the caller shows the steps: the runner stays on the prompt until it is given them
    await expect(canvas.queryByRole('heading', { name: 'Ouvrir le panier' })).toBeNull();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

export const Loading: Story = {
  args: { steps: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Chargement du guide...' })).toBeVisible();
  },
};

export const NoSteps: Story = {
  args: { steps: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Ce guide ne contient pas d'étapes configurées.")).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Suivant' })).toBeNull();
  },
};

export const LoadError: Story = {
  args: { steps: undefined, error: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Impossible de charger le guide');
    await expect(alert).toHaveTextContent('Veuillez vérifier votre connexion et réessayer.');
    await userEvent.click(canvas.getByRole('button', { name: 'Réessayer' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};
