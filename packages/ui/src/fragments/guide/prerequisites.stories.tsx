import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { firstArg } from '../../stories-support/calls';
import { PrerequisitePrompt, PrerequisitesEditor } from './prerequisites';

const launchPrerequisite = fn();

const meta = {
  title: 'Guide/Prerequisites',
  component: PrerequisitesEditor,
  args: {
    defaultValue: [{ text: 'Avoir un compte client', scenarioId: 's9' }],
    scenarios: [{ id: 's9', title: 'Créer un compte' }],
    onSave: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: '48rem' }}>{Story()}</div>],
} satisfies Meta<typeof PrerequisitesEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editor: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Guide à suivre avant' })).toHaveTextContent(
      'Créer un compte',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Ajouter un prérequis' }));
    const second = canvas.getByRole('textbox', { name: /Prérequis 2/ });
    await userEvent.click(second);
    await userEvent.tab();
    await expect(await canvas.findByText('Le texte du prérequis est requis')).toBeVisible();
    // The row with the error keeps its controls on one line: text, guide and remove button tops agree.
    const tops = [
      second,
      canvas.getAllByRole('combobox', { name: 'Guide à suivre avant' })[1],
      canvas.getByRole('button', { name: 'Retirer le prérequis 2' }),
    ].map((el) => Math.round(el?.getBoundingClientRect().top ?? -1));
    await expect(new Set(tops).size).toBe(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Enregistrer les prérequis' }));
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.type(second, '  Avoir un panier non vide ');
    await userEvent.click(canvas.getByRole('button', { name: 'Enregistrer les prérequis' }));
    await waitFor(() => expect(args.onSave).toHaveBeenCalledOnce());
    await expect(firstArg(args.onSave)).toEqual([
      { text: 'Avoir un compte client', scenarioId: 's9' },
      { text: 'Avoir un panier non vide', scenarioId: null },
    ]);
    await userEvent.click(canvas.getByRole('button', { name: 'Retirer le prérequis 1' }));
    await expect(canvas.getAllByRole('textbox')).toHaveLength(1);
  },
};

export const NoPrerequisite: Story = {
  args: { defaultValue: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Aucun prérequis.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Enregistrer les prérequis' }));
    await expect(args.onSave).toHaveBeenCalledWith([]);
  },
};

export const Prompt: Story = {
  render: () => (
    <PrerequisitePrompt
      prerequisites={[
        { id: '1', text: 'Avoir un compte client', scenario: { title: 'Créer un compte' } },
        { id: '2', text: 'Avoir un panier non vide', scenario: null },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', {
      name: 'Vous devez compléter les prérequis suivants avant de commencer ce guide :',
    });
    await expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Avoir un compte client (guide « Créer un compte »)', 'Avoir un panier non vide']);
  },
};

/** In the extension's reader a prerequisite guide can be played first, from the prompt itself. */
export const PromptWithLaunch: Story = {
  render: () => (
    <PrerequisitePrompt
      prerequisites={[
        { id: '1', text: 'Avoir un compte client', scenario: { id: 'g1', title: 'Créer un compte' } },
        { id: '2', text: 'Avoir un panier non vide', scenario: null },
      ]}
      onLaunch={launchPrerequisite}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Lancer le guide « Créer un compte »' }));
    await expect(launchPrerequisite).toHaveBeenCalledWith({ id: 'g1', title: 'Créer un compte' });
    await expect(canvas.getAllByRole('button')).toHaveLength(1);
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};
