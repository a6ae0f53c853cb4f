import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ExtensionLaunch } from './extension-launch';

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
    // Several sites: none is chosen for the author, and the disabled button says why.
    await expect(launch).toBeDisabled();
    await expect(launch).toHaveAccessibleDescription(
      "Choisissez le site sur lequel ouvrir le guide : « Lancer » s'active ensuite.",
    );
    await userEvent.click(within(dialog).getByText('blog.exemple.fr'));
    await expect(launch).toBeEnabled();
    await expect(within(dialog).queryByText(/Choisissez le site/)).toBeNull();
    await userEvent.click(launch);
    await expect(args.onLaunch).toHaveBeenCalledWith('blog.exemple.fr');
  },
};

/** Several sites and none chosen yet: the dialog says what "Lancer" waits for. */
export const SeveralSites: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    for (const site of ['https://shop.exemple.fr', 'blog.exemple.fr']) {
      await expect(within(dialog).getByRole('radio', { name: site })).not.toBeChecked();
    }
    const launch = within(dialog).getByRole('button', { name: 'Lancer' });
    await expect(launch).toBeDisabled();
    await expect(within(dialog).getByText(/Choisissez le site sur lequel ouvrir le guide/)).toBeVisible();
    await expect(launch).toHaveAccessibleDescription(
      "Choisissez le site sur lequel ouvrir le guide : « Lancer » s'active ensuite.",
    );
  },
};

/** The project's only site is the one: chosen already, "Lancer" ready. */
export const Creator: Story = {
  args: { mode: 'creator', sites: ['shop.exemple.fr'] },
  play: async ({ canvasElement, args }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog).toHaveAccessibleName("Ouvrir l'éditeur d'étapes");
    await expect(within(dialog).getByRole('radio', { name: 'shop.exemple.fr' })).toBeChecked();
    const launch = within(dialog).getByRole('button', { name: 'Lancer' });
    await expect(launch).toBeEnabled();
    await expect(launch).not.toHaveAccessibleDescription();
    await userEvent.click(launch);
    await expect(args.onLaunch).toHaveBeenCalledWith('shop.exemple.fr');
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
  args: {
    extensionInstalled: false,
    install: {
      storeUrl: null,
      package: {
        url: '/extension/mulot-extension.zip',
        fileName: 'mulot-extension-0.0.1.zip',
        version: '0.0.1',
        size: 176_476,
      },
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    const alert = within(dialog).getByRole('alert');
    await expect(alert).toHaveTextContent("L'extension Mulot n'est pas installée dans ce navigateur");
    await expect(within(alert).getByRole('link', { name: "Télécharger l'extension" })).toHaveAttribute(
      'href',
      '/extension/mulot-extension.zip',
    );
    await expect(alert).toHaveTextContent('chrome://extensions');
    await expect(within(dialog).getByRole('button', { name: 'Lancer' })).toBeDisabled();
  },
};
