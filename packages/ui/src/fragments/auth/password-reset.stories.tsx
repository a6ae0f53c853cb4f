import { Box } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';

interface Args {
  onSubmit: (values: unknown) => void;
}

const meta: Meta<Args> = {
  title: 'Fragments/Auth/PasswordReset',
  args: { onSubmit: fn() },
};
export default meta;
type Story = StoryObj<Args>;

export const ForgotPassword: Story = {
  render: (args) => (
    <Box maxW="sm">
      <ForgotPasswordForm {...args} />
    </Box>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByRole('textbox', { name: /Email/ });
    await userEvent.click(email);
    await userEvent.tab();
    await expect(await canvas.findByText("L'email est requis")).toBeVisible();
    await userEvent.type(email, 'ada');
    await expect(await canvas.findByText('Veuillez entrer une adresse email valide')).toBeVisible();
    await userEvent.type(email, '@mulot.fr');
    await userEvent.click(canvas.getByRole('button', { name: 'Envoyer le lien' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({ email: 'ada@mulot.fr' }, expect.anything()),
    );
  },
};

export const ForgotPasswordPending: Story = {
  render: (args) => (
    <Box maxW="sm">
      <ForgotPasswordForm {...args} pending />
    </Box>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Envoi\.\.\./ })).toBeDisabled();
  },
};

export const ResetPassword: Story = {
  render: (args) => (
    <Box maxW="sm">
      <ResetPasswordForm {...args} />
    </Box>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const password = canvas.getByLabelText(/^Nouveau mot de passe/);
    const confirm = canvas.getByLabelText(/^Confirmer le mot de passe/);
    await userEvent.click(password);
    await userEvent.tab();
    await expect(await canvas.findByText('Le mot de passe est requis')).toBeVisible();
    await userEvent.click(confirm);
    await userEvent.tab();
    await expect(await canvas.findByText('La confirmation du mot de passe est requise')).toBeVisible();
    await userEvent.type(password, 'nouveau secret');
    await userEvent.type(confirm, 'nouveau secrex');
    await expect(await canvas.findByText('Les mots de passe ne correspondent pas')).toBeVisible();
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'nouveau secret');
    await userEvent.click(canvas.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        { password: 'nouveau secret', confirmPassword: 'nouveau secret' },
        expect.anything(),
      ),
    );
  },
};

/** Spec §8: the server's message (or the fallback the app passes) is shown and announced. */
export const ResetPasswordFailure: Story = {
  render: (args) => (
    <Box maxW="sm">
      <ResetPasswordForm
        {...args}
        error="Une erreur est survenue lors de la réinitialisation de votre mot de passe."
      />
    </Box>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Une erreur est survenue lors de la réinitialisation de votre mot de passe.',
    );
  },
};
