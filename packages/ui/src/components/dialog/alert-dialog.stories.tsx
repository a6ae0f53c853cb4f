import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { userEvent as keyboard } from 'vitest/browser';
import { ShadowRootEnvironment } from '../../fragments/runner/shadow-root';
import { settleFocus } from '../../stories-support/settle';
import { Button } from '../button/button';
import * as AlertDialog from './alert-dialog';

const meta = {
  title: 'Primitives/AlertDialog',
  args: { onOpenChange: fn(), onConfirm: fn() },
  render: ({ onConfirm, ...args }) => (
    <AlertDialog.Root {...args}>
      <AlertDialog.Trigger asChild>
        <Button colorPalette="red" variant="outline">
          Retirer de l'équipe
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content>
        <AlertDialog.Header>
          <AlertDialog.Title>Supprimer le rôle</AlertDialog.Title>
          <AlertDialog.Description>
            Êtes-vous sûr de vouloir supprimer ada@mulot.fr de cette organisation ? Cette action est
            irréversible.
          </AlertDialog.Description>
        </AlertDialog.Header>
        <AlertDialog.Footer>
          <AlertDialog.CloseTrigger asChild>
            <Button variant="outline" colorPalette="gray">
              Annuler
            </Button>
          </AlertDialog.CloseTrigger>
          <Button colorPalette="red" onClick={onConfirm}>
            Supprimer le membre
          </Button>
        </AlertDialog.Footer>
      </AlertDialog.Content>
    </AlertDialog.Root>
  ),
} satisfies Meta<AlertDialog.RootProps & { onConfirm: () => void }>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Confirm: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: "Retirer de l'équipe" }));
    const dialog = await body(canvasElement).findByRole('alertdialog', { name: 'Supprimer le rôle' });
    await expect(dialog).toHaveAccessibleDescription(/Cette action est irréversible./);
    // No corner close button: the choice is cancel or confirm.
    await expect(within(dialog).queryByRole('button', { name: /^(Fermer|Close)$/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer le membre' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

export const EscapeCloses: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement, args }) => {
    await body(canvasElement).findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body(canvasElement).queryByRole('alertdialog')).toBeNull());
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await settleFocus();
  },
};

export const OutsideClickCloses: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    await body(canvasElement).findByRole('alertdialog');
    // A modal makes the page behind it inert to the pointer: the click lands on the document outside the
    // dialog. Ark starts listening for outside clicks a frame after opening, hence the retry.
    await waitFor(async () => {
      await userEvent.pointer({
        keys: '[MouseLeft]',
        target: canvasElement.ownerDocument.documentElement,
        coords: { x: 5, y: 5 },
      });
      await expect(body(canvasElement).queryByRole('alertdialog')).toBeNull();
    });
    await settleFocus();
  },
};

/** The closed shadow root the story renders in: the page's queries cannot reach it, the story keeps it. */
let closedRoot: ShadowRoot | null = null;

/**
 * In a closed shadow root (the extension's panels on customers' pages), Tab goes from "Annuler" to the
 * destructive button and wraps around, both ways. Real key presses: the browser's own Tab and the listeners
 * on the document are what is tested, which synthetic events would not go through.
 */
export const TabInClosedShadowRoot: Story = {
  args: { defaultOpen: true },
  render: ({ onConfirm, ...args }) => (
    <ShadowRootEnvironment mode="closed" styles="document">
      <span
        ref={(element) => {
          closedRoot = element && (element.getRootNode() as ShadowRoot);
        }}
      />
      <AlertDialog.Root {...args}>
        <AlertDialog.Content>
          <AlertDialog.Header>
            <AlertDialog.Title>Supprimer l'étape</AlertDialog.Title>
          </AlertDialog.Header>
          <AlertDialog.Footer>
            <AlertDialog.CloseTrigger asChild>
              <Button variant="outline" colorPalette="gray">
                Annuler
              </Button>
            </AlertDialog.CloseTrigger>
            <Button colorPalette="red" onClick={onConfirm}>
              Supprimer
            </Button>
          </AlertDialog.Footer>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </ShadowRootEnvironment>
  ),
  play: async () => {
    const focused = () => closedRoot?.activeElement?.textContent;
    await waitFor(() => expect(focused()).toBe('Annuler'));
    await keyboard.keyboard('{Tab}');
    await expect(focused()).toBe('Supprimer');
    await keyboard.keyboard('{Tab}');
    await expect(focused()).toBe('Annuler');
    await keyboard.keyboard('{Shift>}{Tab}{/Shift}');
    await expect(focused()).toBe('Supprimer');
    await settleFocus();
  },
};
