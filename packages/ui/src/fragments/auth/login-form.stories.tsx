import { Box } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';

const meta = {
  title: 'Fragments/Auth/LoginForm',
  component: LoginForm,
  args: { onSubmit: fn() },
  render: (args) => (
    <Box maxW="sm">
      <LoginForm {...args} />
    </Box>
  ),
} satisfies Meta<typeof LoginForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'ada@mulot.fr');
    await userEvent.type(canvas.getByLabelText(/^Mot de passe/), 'correct horse');
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        { email: 'ada@mulot.fr', password: 'correct horse' },
        expect.anything(),
      ),
    );
    await expect(canvas.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
  },
};

/** Spec §5: each message appears when the field is left, and goes as soon as the value is fixed. */
export const ValidationOnBlur: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByRole('textbox', { name: /Email/ });
    const password = canvas.getByLabelText(/^Mot de passe/);
    await expect(canvas.queryByText("L'email est requis")).toBeNull();
    await userEvent.click(email);
    await userEvent.tab();
    await expect(await canvas.findByText("L'email est requis")).toBeVisible();
    await expect(email).toHaveAccessibleErrorMessage("L'email est requis");
    await userEvent.type(email, 'pas-un-email');
    await expect(await canvas.findByText('Veuillez entrer une adresse email valide')).toBeVisible();
    await userEvent.clear(email);
    await userEvent.type(email, 'ada@mulot.fr');
    await waitFor(() => expect(canvas.queryByText('Veuillez entrer une adresse email valide')).toBeNull());
    await userEvent.click(password);
    await userEvent.tab();
    await expect(await canvas.findByText('Le mot de passe est requis')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Pending: Story = {
  args: { pending: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: /Connexion\.\.\./ });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

/** The whole login screen: form and the marketing panel with its three claims. */
export const LoginPage: Story = {
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <AuthLayout withMarketing>
      <LoginForm {...args} />
    </AuthLayout>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    for (const claim of [
      'Interface intuitive et moderne',
      "Collaboration d'équipe simplifiée",
      'Déploiement instantané',
    ]) {
      await expect(canvas.getByRole('heading', { level: 3, name: claim })).toBeVisible();
    }
  },
};
