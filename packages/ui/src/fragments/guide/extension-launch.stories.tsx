import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ExtensionAbsentNotice, ExtensionLaunch } from './extension-launch';

const meta = {
  title: 'Guide/ExtensionLaunch',
  component: ExtensionLaunch,
  args: {
    open: true,
    onOpenChange: fn(),
    onLaunch: fn(),
    mode: 'reader',
    extensionInstalled: true,
    sites: ['https://shop.exemple.fr', 'blog.exemple.fr'],
  },
} satisfies Meta<typeof ExtensionLaunch>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialogOf = (el: HTMLElement) => within(el.ownerDocument.body).findByRole('dialog');

export const PickASite: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog).toHaveAccessibleName('Lancer le guide');
    const launch = within(dialog).getByRole('button', { name: 'Lancer' });
    await expect(launch).toBeDisabled();
    await userEvent.click(within(dialog).getByText('blog.exemple.fr'));
    await expect(launch).toBeEnabled();
    await userEvent.click(launch);
    await expect(args.onLaunch).toHaveBeenCalledWith('blog.exemple.fr');
  },
};

export const Creator: Story = {
  args: { mode: 'creator', sites: ['shop.exemple.fr'] },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog).toHaveAccessibleName("Ouvrir l'éditeur d'étapes");
    await expect(within(dialog).getByRole('button', { name: 'Lancer' })).toBeDisabled();
  },
};

export const NoSite: Story = {
  args: { sites: [] },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    const alert = within(dialog).getByRole('alert');
    await expect(alert).toHaveTextContent("Impossible de lancer l'extension");
    await expect(alert).toHaveTextContent("Aucun site n'est configuré pour ce projet.");
    await expect(within(dialog).getByRole('button', { name: 'Lancer' })).toBeDisabled();
  },
};

export const NoStep: Story = {
  args: { error: 'Ce guide ne contient aucune étape' },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Ce guide ne contient aucune étape');
    await expect(within(dialog).getByRole('button', { name: 'Lancer' })).toBeDisabled();
  },
};

export const ExtensionAbsent: Story = {
  args: { extensionInstalled: false },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    const alert = within(dialog).getByRole('alert');
    await expect(alert).toHaveTextContent("L'extension Mulot n'est pas installée dans ce navigateur");
    await expect(alert).toHaveTextContent('chrome://extensions');
    await expect(within(dialog).getByRole('button', { name: 'Lancer' })).toBeDisabled();
  },
};

/** The same help on a guide's page, before anything is launched. */
export const AbsentNotice: Story = {
  render: () => <ExtensionAbsentNotice />,
  play: async ({ canvasElement }) => {
    const note = within(canvasElement).getByRole('note');
    await expect(note).toHaveTextContent("L'extension Mulot n'est pas installée dans ce navigateur");
    await expect(note).toHaveTextContent("« Charger l'extension non empaquetée »");
  },
};
