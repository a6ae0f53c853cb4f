import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AcceptInvitationForm, type InvitationSummary } from './accept-invitation';
import { AuthLayout } from './auth-layout';
import { InvalidLink, InvitationAlreadyAccepted } from './auth-message';
import { ResendLink, type ResendState } from './resend-link';

const invitation: InvitationSummary = {
  email: 'louise@mulot.fr',
  role: 'Contributor',
  organizationName: 'Boutique Lumière',
  invitedBy: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@mulot.fr' },
  hasAccount: false,
};

const meta = {
  title: 'Fragments/Auth/Accept invitation',
  component: AcceptInvitationForm,
  parameters: { layout: 'fullscreen' },
  args: { invitation, onSubmit: fn() },
  decorators: [(Story) => <AuthLayout>{Story()}</AuthLayout>],
} satisfies Meta<typeof AcceptInvitationForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No account yet: who invited, to which organization, and a password to choose (spec §5 rules). */
export const NewAccount: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Rejoindre Boutique Lumière' })).toBeVisible();
    await expect(canvas.getByTestId('accept-invitation')).toHaveTextContent(
      'Ada Lovelace vous invite à rejoindre Boutique Lumière en tant que Contributeur.',
    );
    await expect(canvas.getByText('Invitation pour louise@mulot.fr')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Choisissez un mot de passe'), 'court');
    await userEvent.type(canvas.getByLabelText('Confirmer le mot de passe'), 'court');
    await userEvent.click(canvas.getByRole('button', { name: "Rejoindre l'organisation" }));
    // The rules are fetched at the first check (validation/lazy-resolver.ts), as on the other sign-in forms.
    await waitFor(() =>
      expect(canvas.getByLabelText('Choisissez un mot de passe')).toHaveAccessibleErrorMessage(
        'Le mot de passe doit contenir au moins 8 caractères',
      ),
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(canvas.getByLabelText('Choisissez un mot de passe'));
    await userEvent.type(canvas.getByLabelText('Choisissez un mot de passe'), 'assez long');
    await userEvent.clear(canvas.getByLabelText('Confirmer le mot de passe'));
    await userEvent.type(canvas.getByLabelText('Confirmer le mot de passe'), 'assez long');
    await userEvent.click(canvas.getByRole('button', { name: "Rejoindre l'organisation" }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ password: 'assez long' }));
  },
};

/** The email already has an account: its password, not a new one; a refusal shows on the field. */
export const ExistingAccount: Story = {
  args: {
    invitation: { ...invitation, hasAccount: true, invitedBy: null },
    fieldErrors: { password: 'Email ou mot de passe incorrect.' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('accept-invitation')).toHaveTextContent(
      'Vous êtes invité à rejoindre Boutique Lumière en tant que Contributeur.',
    );
    await expect(canvas.getByText(/Un compte existe déjà pour louise@mulot\.fr/)).toBeVisible();
    await expect(canvas.getByLabelText('Mot de passe')).toHaveAccessibleErrorMessage(
      'Email ou mot de passe incorrect.',
    );
    await expect(canvas.getByRole('button', { name: 'Se connecter et rejoindre' })).toBeVisible();
    await expect(canvas.queryByLabelText('Confirmer le mot de passe')).toBeNull();
  },
};

function ExpiredInvitation() {
  const [state, setState] = useState<ResendState>('idle');
  return (
    <InvalidLink
      kind="invitation"
      error="Ce lien n'est pas valide ou a expiré. Demandez-en un nouveau."
      resend={<ResendLink state={state} onResend={() => setState('sent')} />}
    />
  );
}

/** An expired link says so on arrival, with a way to a new one (same answer whatever the address). */
export const Expired: Story = {
  render: () => <ExpiredInvitation />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Invitation invalide' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Demandez-en un nouveau.');
    await userEvent.click(canvas.getByRole('button', { name: "M'envoyer un nouveau lien" }));
    await expect(canvas.getByRole('status')).toHaveTextContent(
      "C'est fait : si ce lien peut encore servir, un nouveau vient de vous être envoyé par email.",
    );
  },
};

/** Issue 40: a link opened again after it was accepted says so, with a way to sign in — not "expired". */
export const AlreadyAccepted: Story = {
  render: () => <InvitationAlreadyAccepted />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Invitation déjà acceptée' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/auth/login');
    await expect(canvas.queryByText(/expiré/)).toBeNull();
    await expect(canvas.queryByRole('button', { name: "M'envoyer un nouveau lien" })).toBeNull();
  },
};
