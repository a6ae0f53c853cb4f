import { Box } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { RegisterForm } from './register-form';

const meta = {
  title: 'Fragments/Auth/RegisterForm',
  component: RegisterForm,
  args: { onSubmit: fn() },
  render: (args) => (
    <Box maxW="sm">
      <RegisterForm {...args} />
    </Box>
  ),
} satisfies Meta<typeof RegisterForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'ada@mulot.fr');
    await userEvent.type(canvas.getByLabelText(/^Mot de passe/), 'correct horse');
    await userEvent.type(canvas.getByLabelText(/^Confirmer le mot de passe/), 'correct horse');
    await userEvent.click(canvas.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        { email: 'ada@mulot.fr', password: 'correct horse', confirmPassword: 'correct horse' },
        expect.anything(),
      ),
    );
    await expect(canvas.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  },
};

export const ValidationOnBlur: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByRole('textbox', { name: /Email/ });
    const password = canvas.getByLabelText(/^Mot de passe/);
    const confirm = canvas.getByLabelText(/^Confirmer le mot de passe/);
    await userEvent.click(email);
    await userEvent.tab();
    await expect(await canvas.findByText("L'email est requis")).toBeVisible();
    await userEvent.type(email, 'ada@');
    await userEvent.tab();
    await expect(await canvas.findByText('Veuillez entrer une adresse email valide')).toBeVisible();
    await userEvent.type(password, 'court');
    await userEvent.tab();
    await expect(
      await canvas.findByText('Le mot de passe doit contenir au moins 8 caractères'),
    ).toBeVisible();
    // Not yet visited: the confirmation stays quiet while the password is being fixed.
    await expect(canvas.queryByText('Veuillez confirmer votre mot de passe')).toBeNull();
    await userEvent.click(confirm);
    await userEvent.tab();
    await expect(await canvas.findByText('Veuillez confirmer votre mot de passe')).toBeVisible();
    await userEvent.type(confirm, 'autre chose');
    await expect(await canvas.findByText('Les mots de passe ne correspondent pas')).toBeVisible();
    await expect(confirm).toHaveAccessibleErrorMessage('Les mots de passe ne correspondent pas');
    await userEvent.clear(password);
    await userEvent.type(password, 'autre chose');
    await waitFor(() => expect(canvas.queryByText('Les mots de passe ne correspondent pas')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Créer mon compte' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Pending: Story = {
  args: { pending: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: /Création du compte\.\.\./ }),
    ).toBeDisabled();
  },
};
