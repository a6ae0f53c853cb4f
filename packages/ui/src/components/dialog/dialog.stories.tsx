import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { settleFocus } from '../../stories-support/settle';
import { Button } from '../button/button';
import * as Field from '../field/field';
import { Input } from '../input/input';
import * as Dialog from './dialog';

const meta = {
  title: 'Primitives/Dialog',
  args: { onOpenChange: fn() },
  render: (args) => (
    <Dialog.Root {...args}>
      <Dialog.Trigger asChild>
        <Button>Inviter un membre</Button>
      </Dialog.Trigger>
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>Inviter un nouveau membre</Dialog.Title>
          <Dialog.Description>Un email d'invitation sera envoyé à cette adresse.</Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <Field.Root>
            <Field.Label>Email</Field.Label>
            <Input type="email" />
          </Field.Root>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.CloseTrigger asChild>
            <Button variant="outline" colorPalette="gray">
              Annuler
            </Button>
          </Dialog.CloseTrigger>
          <Button>Envoyer l'invitation</Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  ),
} satisfies Meta<Dialog.RootProps>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const OpensAndTrapsFocus: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Inviter un membre' }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Inviter un nouveau membre' });
    await expect(dialog).toHaveAccessibleDescription("Un email d'invitation sera envoyé à cette adresse.");
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Tab cycles inside the dialog (focus trap).
    for (let i = 0; i < 5; i++) await userEvent.tab();
    await expect(dialog.contains(document.activeElement)).toBe(true);
  },
};

export const EscapeCloses: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole('dialog');
    await expect(dialog).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenCalledWith(expect.objectContaining({ open: false }));
    await settleFocus();
  },
};

export const OutsideClickCloses: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    await body(canvasElement).findByRole('dialog');
    // A modal makes the page behind it inert to the pointer: the click lands on the document outside the
    // dialog. Ark starts listening for outside clicks a frame after opening, hence the retry.
    await waitFor(async () => {
      await userEvent.pointer({
        keys: '[MouseLeft]',
        target: canvasElement.ownerDocument.documentElement,
        coords: { x: 5, y: 5 },
      });
      await expect(body(canvasElement).queryByRole('dialog')).toBeNull();
    });
    await settleFocus();
  },
};

export const CancelAndCloseButton: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Inviter un membre' }));
    await userEvent.click(await screen.findByRole('button', { name: /^(Fermer|Close)$/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus goes back to what opened it.
    await expect(within(canvasElement).getByRole('button', { name: 'Inviter un membre' })).toHaveFocus();
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('dialog')).toBeVisible();
  },
};
