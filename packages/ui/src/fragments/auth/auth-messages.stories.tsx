import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AuthLayout, AuthMarketingPanel } from './auth-layout';
import { ConfirmAccount, ForgotPasswordSuccess, RegisterSuccess, ResetPasswordSuccess } from './auth-message';

const meta = {
  title: 'Fragments/Auth/Messages',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const ConfirmInProgress: Story = {
  render: () => (
    <AuthLayout>
      <ConfirmAccount state="pending" />
    </AuthLayout>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Confirmation de votre compte en cours...');
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

export const ConfirmSuccess: Story = {
  render: () => (
    <AuthLayout>
      <ConfirmAccount state="success" />
    </AuthLayout>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Compte confirmé' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/auth/login');
  },
};

export const ConfirmFailure: Story = {
  render: () => (
    <AuthLayout>
      <ConfirmAccount state="failure" error="Ce lien n'est plus valide." />
    </AuthLayout>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(
        'La confirmation de votre compte a échoué. Veuillez vérifier votre lien ou contacter notre support.',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent("Ce lien n'est plus valide.");
    await expect(canvas.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  },
};

/** Without a server message, the spec §8 fallback. */
export const ConfirmFailureFallback: Story = {
  render: () => (
    <AuthLayout>
      <ConfirmAccount state="failure" />
    </AuthLayout>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Une erreur est survenue lors de la confirmation de votre compte',
    );
  },
};

export const RegisterSucceeded: Story = {
  render: () => (
    <AuthLayout>
      <RegisterSuccess />
    </AuthLayout>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Consultez votre boîte mail/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Retour à la connexion' })).toBeVisible();
  },
};

export const ForgotPasswordSucceeded: Story = {
  render: () => (
    <AuthLayout>
      <ForgotPasswordSuccess />
    </AuthLayout>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/lien de réinitialisation/)).toBeVisible();
  },
};

export const ResetPasswordSucceeded: Story = {
  render: () => (
    <AuthLayout>
      <ResetPasswordSuccess />
    </AuthLayout>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  },
};

export const MarketingPanel: Story = {
  render: () => <AuthMarketingPanel />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('listitem')).toHaveLength(3);
  },
};
