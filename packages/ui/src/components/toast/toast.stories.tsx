import { HStack } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { SWIPE_THRESHOLD_PX, TOAST_DURATION_MS, Toaster, toast, toaster } from './toast';

const meta = {
  title: 'Primitives/Toast',
  render: () => (
    <>
      <HStack gap="3">
        <Button
          onClick={() =>
            toast({
              title: 'Profil mis à jour avec succès.',
              description: 'Votre profil a été mis à jour avec succès.',
            })
          }
        >
          Sauvegarder
        </Button>
        <Button
          colorPalette="red"
          onClick={() =>
            toast({ title: 'Erreur', description: 'Identifiants invalides', variant: 'destructive' })
          }
        >
          Échouer
        </Button>
      </HStack>
      <Toaster />
    </>
  ),
  beforeEach: () => {
    toaster.remove();
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sauvegarder' }));
    const shown = await body(canvasElement).findByRole('status');
    await expect(shown).toHaveTextContent('Profil mis à jour avec succès.');
    await expect(shown).toHaveTextContent('Votre profil a été mis à jour avec succès.');
    // Stays 5000 ms unless told otherwise.
    await expect(toaster.getVisibleToasts()[0]?.duration).toBe(TOAST_DURATION_MS);
    await expect(TOAST_DURATION_MS).toBe(5000);
  },
};

export const Destructive: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Échouer' }));
    const shown = await body(canvasElement).findByRole('status');
    await expect(shown).toHaveAttribute('data-variant', 'destructive');
    await expect(shown).toHaveTextContent('Erreur');
  },
};

/** One toast at a time: a new one replaces the one on screen. */
export const NewReplacesOld: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sauvegarder' }));
    await body(canvasElement).findByText('Profil mis à jour avec succès.');
    await userEvent.click(canvas.getByRole('button', { name: 'Échouer' }));
    await body(canvasElement).findByText('Identifiants invalides');
    await waitFor(() => expect(body(canvasElement).queryByText('Profil mis à jour avec succès.')).toBeNull());
    await expect(body(canvasElement).getAllByRole('status')).toHaveLength(1);
  },
};

export const CloseButton: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sauvegarder' }));
    await userEvent.click(
      await body(canvasElement).findByRole('button', { name: /Fermer la notification|Close notification/ }),
    );
    await waitFor(() => expect(body(canvasElement).queryByRole('status')).toBeNull());
  },
};

/** Swiping right by 50 px or more dismisses it; a shorter swipe does not. */
export const SwipeToDismiss: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sauvegarder' }));
    const shown = await body(canvasElement).findByRole('status');
    const swipe = (dx: number) => {
      fireEvent.pointerDown(shown, { pointerId: 1, button: 0, clientX: 100, clientY: 10 });
      fireEvent.pointerMove(shown, { pointerId: 1, clientX: 100 + dx, clientY: 10 });
      fireEvent.pointerUp(shown, { pointerId: 1, clientX: 100 + dx, clientY: 10 });
    };
    swipe(SWIPE_THRESHOLD_PX - 20);
    await expect(shown).toBeInTheDocument();
    swipe(SWIPE_THRESHOLD_PX + 5);
    await waitFor(() => expect(body(canvasElement).queryByRole('status')).toBeNull());
  },
};

/** F8 moves focus to the notifications region. */
export const F8FocusesRegion: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sauvegarder' }));
    await body(canvasElement).findByRole('status');
    fireEvent.keyDown(canvasElement.ownerDocument, { key: 'F8', code: 'F8' });
    const region = body(canvasElement).getByRole('region', { name: /Notifications/ });
    await waitFor(() => expect(region).toHaveFocus());
  },
};

/** Gone after its duration (5000 ms by default; here a shorter one to keep the test fast). */
export const AutoDismiss: Story = {
  render: () => (
    <>
      <Button onClick={() => toast({ title: 'Mot de passe modifié avec succès.', duration: 300 })}>
        Modifier
      </Button>
      <Toaster />
    </>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Modifier' }));
    await body(canvasElement).findByRole('status');
    await waitFor(() => expect(body(canvasElement).queryByRole('status')).toBeNull());
  },
};
