import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { InviteMemberDialog } from './invite-member-dialog';

const meta = {
  title: 'Fragments/Team/InviteMemberDialog',
  component: InviteMemberDialog,
  args: { open: true, onOpenChange: fn(), onInvite: fn() },
} satisfies Meta<typeof InviteMemberDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const screen = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/**
 * Contributeur is chosen from the start (least privilege), so an email is all "Envoyer l'invitation" waits for, and
 * the disabled button says what it waits for.
 */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const body = screen(canvasElement);
    const dialog = await body.findByRole('dialog', { name: 'Inviter un nouveau membre' });
    await expect(dialog).toHaveAccessibleDescription(
      "Un email d'invitation sera envoyé à cette adresse pour rejoindre votre organisation.",
    );
    const send = body.getByRole('button', { name: "Envoyer l'invitation" });
    const email = body.getByRole('textbox', { name: /Adresse email/ });
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toBeRequired();
    await expect(body.getByRole('radio', { name: /Contributeur/ })).toBeChecked();
    await expect(send).toBeDisabled();
    await expect(send).toHaveAccessibleDescription("Saisissez l'adresse email de la personne à inviter.");
    await userEvent.type(email, 'marie@mulot.fr');
    await expect(send).toBeEnabled();
    await expect(send).not.toHaveAccessibleDescription();
    await userEvent.clear(email);
    await expect(send).toBeDisabled();
    await userEvent.type(email, '  marie@mulot.fr ');
    await userEvent.click(send);
    await waitFor(() =>
      expect(args.onInvite).toHaveBeenCalledWith(
        { email: 'marie@mulot.fr', role: 'Contributor' },
        expect.anything(),
      ),
    );
  },
};

/** Administrateur is a choice made on purpose. */
export const InviteAnAdmin: Story = {
  play: async ({ canvasElement, args }) => {
    const body = screen(canvasElement);
    await userEvent.type(await body.findByRole('textbox', { name: /Adresse email/ }), 'chef@mulot.fr');
    await userEvent.click(body.getByRole('radio', { name: /Administrateur/ }));
    await userEvent.click(body.getByRole('button', { name: "Envoyer l'invitation" }));
    await waitFor(() =>
      expect(args.onInvite).toHaveBeenCalledWith(
        { email: 'chef@mulot.fr', role: 'Admin' },
        expect.anything(),
      ),
    );
  },
};

export const RoleDescriptions: Story = {
  play: async ({ canvasElement }) => {
    const body = screen(canvasElement);
    await body.findByRole('dialog');
    await expect(body.getByRole('radiogroup', { name: 'Rôle' })).toBeVisible();
    await expect(body.getByText('Accès complet à la plateforme')).toBeVisible();
    await expect(body.getByText('Création et modification de contenu')).toBeVisible();
    await expect(body.getByRole('radio', { name: /Administrateur/ })).not.toBeChecked();
    await expect(body.getByRole('radio', { name: /Contributeur/ })).toBeChecked();
  },
};

/** Spec §5: the email is checked when the field is left, then on every change. */
export const InvalidEmail: Story = {
  play: async ({ canvasElement, args }) => {
    const body = screen(canvasElement);
    const email = await body.findByRole('textbox', { name: /Adresse email/ });
    await userEvent.click(email);
    await userEvent.tab();
    await expect(await body.findByText("L'email est requis")).toBeVisible();
    await userEvent.type(email, 'pas-un-email');
    await expect(await body.findByText('Veuillez entrer une adresse email valide')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(body.getByRole('radio', { name: /Administrateur/ }));
    await userEvent.click(body.getByRole('button', { name: "Envoyer l'invitation" }));
    await expect(args.onInvite).not.toHaveBeenCalled();
    await userEvent.clear(email);
    await userEvent.type(email, 'marie@mulot.fr');
    await waitFor(() => expect(body.queryByText('Veuillez entrer une adresse email valide')).toBeNull());
  },
};

export const Pending: Story = {
  args: { pending: true },
  play: async ({ canvasElement }) => {
    const body = screen(canvasElement);
    const send = await body.findByRole('button', { name: "Envoyer l'invitation" });
    await expect(send).toBeDisabled();
    await expect(send).toHaveAttribute('aria-busy', 'true');
  },
};

export const Cancel: Story = {
  play: async ({ canvasElement, args }) => {
    const body = screen(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Annuler' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onInvite).not.toHaveBeenCalled();
  },
};
