import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
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
