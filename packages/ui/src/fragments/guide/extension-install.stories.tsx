import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ExtensionAbsentNotice } from './extension-install';

const zip = {
  url: '/extension/mulot-extension.zip',
  fileName: 'mulot-extension-0.0.1.zip',
  version: '0.0.1',
  size: 176_476,
};
const store = 'https://chromewebstore.google.com/detail/mulot/abcdefghijklmnopabcdefghijklmnop';

/** On a guide's page and the assistant page while the extension is missing: the way to get it. */
const meta = {
  title: 'Guide/ExtensionAbsentNotice',
  component: ExtensionAbsentNotice,
  args: { install: { storeUrl: null, package: zip } },
} satisfies Meta<typeof ExtensionAbsentNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The product serves its own package: download it, then three illustrated steps. */
export const Download: Story = {
  play: async ({ canvasElement }) => {
    const note = within(canvasElement).getByRole('note');
    await expect(note).toHaveTextContent("L'extension Mulot n'est pas installée dans ce navigateur");
    const download = within(note).getByRole('link', { name: "Télécharger l'extension" });
    await expect(download).toHaveAttribute('href', '/extension/mulot-extension.zip');
    await expect(download).toHaveAttribute('download', 'mulot-extension-0.0.1.zip');
    await expect(note).toHaveTextContent('mulot-extension-0.0.1.zip, version 0.0.1, 172 Ko');
    // The first thing a keyboard user reaches.
    await userEvent.tab();
    await expect(download).toHaveFocus();
    const items = within(note).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent('Décompressez le fichier téléchargé');
    await expect(items[1]).toHaveTextContent(
      "Ouvrez chrome://extensions dans la barre d'adresse et activez le « Mode développeur », en haut à droite.",
    );
    await expect(items[2]).toHaveTextContent("Cliquez sur « Charger l'extension non empaquetée »");
    // Each picture says what it shows.
    await expect(
      within(note)
        .getAllByRole('img')
        .map((img) => img.getAttribute('aria-label')),
    ).toEqual([
      'Un fichier .zip qui devient un dossier',
      "La page des extensions, avec l'interrupteur « Mode développeur » activé en haut à droite",
      "Le bouton « Charger l'extension non empaquetée », puis le dossier choisi",
    ]);
  },
};

/** A store listing is configured (EXTENSION_STORE_URL): no developer mode, the listing instead. */
export const Store: Story = {
  args: { install: { storeUrl: store, package: zip } },
  play: async ({ canvasElement }) => {
    const note = within(canvasElement).getByRole('note');
    const link = within(note).getByRole('link', { name: "Ouvrir la boutique d'extensions (nouvel onglet)" });
    await expect(link).toHaveAttribute('href', store);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(note).toHaveTextContent('« Ajouter à Chrome »');
    await expect(note).not.toHaveTextContent('chrome://extensions');
    await expect(within(note).queryByRole('link', { name: "Télécharger l'extension" })).toBeNull();
    await expect(within(note).queryByRole('list')).toBeNull();
  },
};

/** Built without the package (or the server does not say yet): the same steps, the file from an administrator. */
export const NoPackage: Story = {
  args: { install: null },
  play: async ({ canvasElement }) => {
    const note = within(canvasElement).getByRole('note');
    await expect(within(note).queryByRole('link')).toBeNull();
    await expect(within(note).getAllByRole('listitem')[0]).toHaveTextContent(
      "Demandez le fichier .zip de l'extension Mulot à votre administrateur",
    );
  },
};

/** On a phone the pictures stay beside their step. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const note = within(canvasElement).getByRole('note');
    await expect(within(note).getAllByRole('listitem')).toHaveLength(3);
  },
};
