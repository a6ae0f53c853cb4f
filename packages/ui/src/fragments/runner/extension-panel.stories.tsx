import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { type ComponentProps, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DeleteConfirmDialog } from '../content/delete-confirm-dialog';
import { StepList, type StepListItem } from '../guide/step-list';
import { AssistantPrompt } from './assistant-prompt';
import { Catalogue } from './catalogue';
import { ExtensionPanel } from './extension-panel';
import { GuideRunner } from './guide-runner';
import { ShadowRootEnvironment } from './shadow-root';

/**
 * The extension's panels as users see them on a customer's site: the panel in a shadow root set up by
 * ShadowRootEnvironment, as the extension does (the page's styles do not reach in), at the panel's width.
 */
const inExtensionShadowRoot: Decorator = (Story) => (
  <ShadowRootEnvironment styles="document">
    <div style={{ width: '380px' }}>
      <Story />
    </div>
  </ShadowRootEnvironment>
);

/** The shadow root's content, for queries (Testing Library does not cross shadow boundaries). */
async function shadowOf(canvasElement: HTMLElement) {
  const findHost = () => [...canvasElement.querySelectorAll('div')].find((el) => el.shadowRoot);
  await waitFor(() => expect(findHost()?.shadowRoot?.querySelector('section')).toBeTruthy());
  return within((findHost() as HTMLElement).shadowRoot as unknown as HTMLElement);
}

const guides = [
  {
    id: 'g1',
    title: 'Choisir une offre',
    description: 'Trouver l’offre Équipe et souscrire.',
    minDuration: 1,
    maxDuration: 3,
  },
  {
    id: 'g2',
    title: 'Nous contacter',
    description: 'Écrire au support.',
    minDuration: 2,
    maxDuration: 2,
  },
];
const steps = [
  { id: 's1', name: 'Ouvrir les tarifs', text: 'Cliquez sur « Voir les tarifs ».' },
  { id: 's2', name: 'Choisir l’offre Équipe', text: 'Cliquez sur « Choisir » sous Équipe.' },
  { id: 's3', name: 'Nous contacter', text: 'Une question ? Passez par le contact.' },
];

const meta = {
  title: 'Extension/Panel',
  component: ExtensionPanel,
  args: { title: 'Mulot — guides', side: 'right', onMove: fn(), onClose: fn() },
  decorators: [inExtensionShadowRoot],
} satisfies Meta<typeof ExtensionPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Reader mode's first screen, as the reader panel composes it: the assistant, then the site's published guides. */
export const ReaderCatalogue: Story = {
  render: (args) => (
    <ExtensionPanel {...args}>
      <AssistantPrompt onSubmit={fn()} onLaunch={fn()} />
      <Catalogue domain="demo.example.com" guides={guides} onLaunch={fn()} />
    </ExtensionPanel>
  ),
  play: async ({ canvasElement, args }) => {
    const panel = await shadowOf(canvasElement);
    await expect(panel.getByRole('region', { name: 'Mulot — guides' })).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Décrivez ce que vous voulez faire' })).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Guides disponibles' })).toBeVisible();
    await userEvent.click(panel.getByRole('button', { name: "Déplacer le panneau de l'autre côté" }));
    await expect(args.onMove).toHaveBeenCalledOnce();
    await userEvent.click(panel.getByRole('button', { name: 'Fermer' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** A guide with prerequisites: the prompt, the prerequisite guide launchable, then the run started by the panel. */
export const ReaderPrerequisites: Story = {
  render: (args) => (
    <ExtensionPanel {...args}>
      <GuideRunner
        title="Choisir une offre"
        steps={steps}
        index={0}
        onIndexChange={fn()}
        prerequisites={[
          { id: 'p1', text: 'Avoir un compte Bocal', scenario: { id: 'g3', title: 'Créer un compte' } },
        ]}
        onLaunchPrerequisite={fn()}
        onStart={fn()}
        onQuit={fn()}
        onHome={fn()}
      />
    </ExtensionPanel>
  ),
  play: async ({ canvasElement }) => {
    const panel = await shadowOf(canvasElement);
    await expect(
      panel.getByText('Vous devez compléter les prérequis suivants avant de commencer ce guide :'),
    ).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Lancer le guide « Créer un compte »' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Commencer le guide' })).toBeVisible();
  },
};

/** The end of a guide, with an error said in the panel's alert line. */
export const ReaderCongratulations: Story = {
  args: { alert: 'Impossible de charger le guide : Veuillez vérifier votre connexion et réessayer.' },
  render: (args) => (
    <ExtensionPanel {...args}>
      <GuideRunner
        title="Choisir une offre"
        steps={steps}
        index={steps.length}
        onIndexChange={fn()}
        onQuit={fn()}
        onHome={fn()}
      />
    </ExtensionPanel>
  ),
  play: async ({ canvasElement }) => {
    const panel = await shadowOf(canvasElement);
    await expect(panel.getByRole('heading', { name: 'Félicitations !' })).toBeVisible();
    await expect(panel.getByText('Vous avez terminé le guide « Choisir une offre ».')).toBeVisible();
    await expect(panel.getByRole('alert')).toHaveTextContent('Impossible de charger le guide');
  },
};

const onDeleteStep = fn();

/** The creator panel's step list with its own delete confirmation, as the extension composes them. */
function CreatorSteps({
  onDelete,
  ...panel
}: ComponentProps<typeof ExtensionPanel> & { onDelete: () => void }) {
  const [deleting, setDeleting] = useState<{ step: StepListItem; open: boolean } | null>(null);
  return (
    <ExtensionPanel {...panel}>
      <StepList
        steps={steps.map((step, index) => ({ ...step, position: index + 1 }))}
        onSelect={fn()}
        onMove={fn()}
        onDelete={(step) => setDeleting({ step, open: true })}
      />
      {deleting && (
        <DeleteConfirmDialog
          open={deleting.open}
          onOpenChange={(open) => setDeleting({ ...deleting, open })}
          kind="step"
          name={deleting.step.name}
          onConfirm={onDelete}
        />
      )}
    </ExtensionPanel>
  );
}

/**
 * Creator mode, deleting a step: the design system's confirmation, portalled into the panel's shadow root (not
 * the browser's `confirm`), with Ark's focus trap and Escape working there; cancelling gives focus back to the
 * step's delete button.
 */
export const CreatorDeleteStep: Story = {
  args: { title: 'Mulot — création de guide' },
  render: (args) => <CreatorSteps {...args} onDelete={onDeleteStep} />,
  play: async ({ canvasElement }) => {
    onDeleteStep.mockClear();
    const panel = await shadowOf(canvasElement);
    const shadow = panel.getByRole('region').getRootNode() as ShadowRoot;
    const trigger = panel.getByRole('button', { name: 'Supprimer : Nous contacter' });
    await userEvent.click(trigger);
    const dialog = await panel.findByRole('alertdialog', { name: "Supprimer l'étape « Nous contacter » ?" });
    await expect(dialog).toHaveAccessibleDescription(
      "Sa capture d'écran sera également supprimée. Cette action est irréversible.",
    );
    // in the shadow root, where the panel's styles are; none of it in the page
    await expect(canvasElement.ownerDocument.body.querySelector('[role="alertdialog"]')).toBeNull();
    await waitFor(() => expect(dialog.contains(shadow.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(panel.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(shadow.activeElement).toBe(trigger));
    await expect(onDeleteStep).not.toHaveBeenCalled();

    await userEvent.keyboard('{Enter}');
    const again = await panel.findByRole('alertdialog', { name: "Supprimer l'étape « Nous contacter » ?" });
    await waitFor(() =>
      expect(shadow.activeElement).toBe(within(again).getByRole('button', { name: 'Annuler' })),
    );
    await userEvent.click(within(again).getByRole('button', { name: 'Supprimer' }));
    await expect(onDeleteStep).toHaveBeenCalledOnce();
  },
};

/**
 * The member's session ended while a guide was open (signed out elsewhere, password changed): the panel says so, in
 * place of the failed request's error, and offers to sign in again instead of asking to check the connection.
 */
export const SessionExpired: Story = {
  args: {
    alert: 'Impossible de charger le guide : Veuillez vérifier votre connexion et réessayer.',
    onSignIn: fn(),
  },
  render: (args) => (
    <ExtensionPanel {...args}>
      <Catalogue domain="demo.example.com" guides={guides} onLaunch={fn()} />
    </ExtensionPanel>
  ),
  play: async ({ canvasElement, args }) => {
    const panel = await shadowOf(canvasElement);
    await expect(panel.getByRole('alert')).toHaveTextContent('Votre session a expiré. Reconnectez-vous.');
    await expect(panel.queryByText(/vérifier votre connexion/)).toBeNull();
    await userEvent.click(panel.getByRole('button', { name: 'Se reconnecter' }));
    await expect(args.onSignIn).toHaveBeenCalledOnce();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};
