import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, spyOn, userEvent, within } from 'storybook/test';
import { DiffusionCard } from './diffusion-card';

const key = 'mlt_pk_3f9c1a7e52b84d0c9e6a1f2b7c8d4e5fa1b2c3d4e5f60718293a4b5c6d7e8f90';
const now = new Date('2026-12-02T10:00:00Z');
const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000).toISOString();

/** On the project page: how its published guides reach its sites' end users, and whether each site was seen. */
const meta = {
  title: 'Content/DiffusionCard',
  component: DiffusionCard,
  args: {
    mulotUrl: 'https://mulot.example.com',
    siteKey: key,
    installations: [
      {
        site: 'https://boutique.example.com',
        seenOrigin: 'https://boutique.example.com',
        lastSeenAt: minutesAgo(3),
      },
      { site: 'https://aide.example.com', seenOrigin: null, lastSeenAt: null },
    ],
    canRotate: true,
    rotateOpen: false,
    onRotateOpenChange: fn(),
    onRotate: fn(),
    now,
  },
  // The copy buttons write to the clipboard: what they write is checked, the test browser's clipboard is not used.
  beforeEach: () => {
    spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
  },
} satisfies Meta<typeof DiffusionCard>;
export default meta;
type Story = StoryObj<typeof meta>;

const cardOf = (el: HTMLElement) => within(el).getByRole('region', { name: 'Diffusion' });

/** An Admin: the snippet, the key they may change, the managed policy and each site's status. */
export const Admin: Story = {
  play: async ({ canvasElement, args }) => {
    const card = cardOf(canvasElement);
    const snippet = `<script async src="https://mulot.example.com/embed.js" data-site-key="${key}"></script>`;
    await expect(card).toHaveTextContent(snippet);
    await userEvent.click(within(card).getByRole('button', { name: "Copier l'extrait" }));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(snippet);
    await expect(await within(card).findByRole('button', { name: 'Copié' })).toBeVisible();

    await userEvent.click(within(card).getByRole('button', { name: 'Copier la stratégie' }));
    await expect(
      JSON.parse(
        (navigator.clipboard.writeText as unknown as { mock: { lastCall: [string] } }).mock.lastCall[0],
      ),
    ).toEqual({ mulotAddress: 'https://mulot.example.com', siteKeys: [key] });

    const status = within(card).getByRole('region', { name: 'Installation sur vos sites' });
    const [seen, unseen] = within(status).getAllByRole('listitem');
    await expect(seen).toHaveTextContent('Extrait détecté sur https://boutique.example.com il y a 3 min');
    await expect(unseen).toHaveTextContent('https://aide.example.com');
    await expect(unseen).toHaveTextContent("Pas encore détecté : collez l'extrait dans vos pages");

    await userEvent.click(within(card).getByRole('button', { name: 'Changer la clé' }));
    await expect(args.onRotateOpenChange).toHaveBeenCalledWith(true);
    // "Copié" lasts a few seconds: the picture is taken once the buttons say "Copier" again, whatever the load.
    await expect(
      await within(card).findByRole('button', { name: 'Copier la stratégie' }, { timeout: 8000 }),
    ).toBeVisible();
    await expect(within(card).getByRole('button', { name: "Copier l'extrait" })).toBeVisible();
  },
};

/** A Contributor sees and copies everything, without the key's change. */
export const Contributor: Story = {
  args: {
    canRotate: false,
    installations: [
      {
        site: 'https://boutique.example.com',
        seenOrigin: 'https://boutique.example.com',
        lastSeenAt: new Date(now.getTime() - 20_000).toISOString(),
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement);
    await expect(within(card).getByRole('listitem')).toHaveTextContent(
      "Extrait détecté sur https://boutique.example.com à l'instant",
    );
    await expect(within(card).queryByRole('button', { name: 'Changer la clé' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Copier la clé' }));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(key);
    await expect(within(card).getByRole('button', { name: 'Copié' })).toBeVisible();
    await expect(
      await within(card).findByRole('button', { name: 'Copier la clé' }, { timeout: 8000 }),
    ).toBeVisible();
  },
};

/** The confirmation says the old key stops at once. */
export const ConfirmRotation: Story = {
  args: { rotateOpen: true },
  play: async ({ canvasElement, args }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog');
    await expect(dialog).toHaveAccessibleName('Changer la clé de site ?');
    await expect(dialog).toHaveAccessibleDescription(
      "L'ancienne clé cesse de fonctionner immédiatement : vos guides disparaissent des pages qui l'utilisent jusqu'à ce que vous y colliez le nouvel extrait et mettiez à jour la stratégie de l'extension.",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Changer la clé' }));
    await expect(args.onRotate).toHaveBeenCalledOnce();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await expect(args.onRotateOpenChange).toHaveBeenCalledWith(false);
  },
};

/** A refused change stays in the dialog, which says why. */
export const RotationFailed: Story = {
  args: { rotateOpen: true, rotateError: 'Seuls les administrateurs peuvent faire cela.' },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Seuls les administrateurs peuvent faire cela.',
    );
  },
};

/** While the statuses load, the rest is already there to copy. */
export const StatusLoading: Story = {
  args: { installations: undefined },
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement);
    await expect(within(card).queryAllByRole('listitem')).toHaveLength(0);
    await expect(within(card).getByRole('region', { name: 'Installation sur vos sites' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(within(card).getByRole('button', { name: "Copier l'extrait" })).toBeEnabled();
  },
};

/** The statuses could not be read: said in their place, the rest still usable. */
export const StatusUnavailable: Story = {
  args: { installations: undefined, statusError: 'Le serveur est momentanément indisponible.' },
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement);
    const status = within(card).getByRole('region', { name: 'Installation sur vos sites' });
    await expect(status).toHaveTextContent('Le serveur est momentanément indisponible.');
    await expect(status).not.toHaveAttribute('aria-busy');
    await expect(within(card).getByRole('button', { name: "Copier l'extrait" })).toBeEnabled();
  },
};

/** In English: the relative time in the reader's language. */
export const English: Story = {
  globals: { locale: 'en' },
  args: {
    installations: [
      {
        site: 'https://boutique.example.com',
        seenOrigin: 'https://boutique.example.com',
        lastSeenAt: minutesAgo(125),
      },
      { site: 'https://aide.example.com', seenOrigin: null, lastSeenAt: null },
    ],
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('region', { name: 'Distribution' });
    const [seen, unseen] = within(card).getAllByRole('listitem');
    await expect(seen).toHaveTextContent('Snippet detected on https://boutique.example.com 2 hr. ago');
    await expect(unseen).toHaveTextContent('Not detected yet: paste the snippet in your pages');
    await expect(within(card).getByRole('button', { name: 'Change the key' })).toBeVisible();
  },
};

/** On a phone the code wraps inside the card. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement);
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth + 1);
  },
};
