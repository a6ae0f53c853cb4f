import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PasswordChangeForm } from './password-change-form';

const meta = {
  title: 'Fragments/Profile/PasswordChangeForm',
  component: PasswordChangeForm,
  args: { onSubmit: fn() },
} satisfies Meta<typeof PasswordChangeForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const fields = (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  return {
    current: canvas.getByLabelText(/^Mot de passe actuel/),
    next: canvas.getByLabelText(/^Nouveau mot de passe/),
    confirm: canvas.getByLabelText(/^Confirmer le nouveau mot de passe/),
    submit: canvas.getByRole('button', { name: 'Changer le mot de passe' }),
  };
};

/** A successful change empties the form (spec §4). */
export const ChangeAndReset: Story = {
  play: async ({ canvasElement, args }) => {
    const { current, next, confirm, submit } = fields(canvasElement);
    await userEvent.type(current, 'ancien-secret');
    await userEvent.type(next, 'nouveau-secret');
    await userEvent.type(confirm, 'nouveau-secret');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        currentPassword: 'ancien-secret',
        newPassword: 'nouveau-secret',
        confirmPassword: 'nouveau-secret',
      }),
    );
    await waitFor(() => expect(current).toHaveValue(''));
    await expect(next).toHaveValue('');
    await expect(confirm).toHaveValue('');
  },
};

/** Spec §5, word for word, each on blur of its own field. */
export const ValidationOnBlur: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const { current, next, confirm, submit } = fields(canvasElement);
    await userEvent.click(current);
    await userEvent.tab();
    await expect(await canvas.findByText('Le mot de passe actuel est requis.')).toBeVisible();
    await expect(current).toHaveAccessibleErrorMessage('Le mot de passe actuel est requis.');
    await userEvent.type(next, 'court');
    await userEvent.tab();
    await expect(
      await canvas.findByText('Le nouveau mot de passe doit contenir au moins 8 caractères.'),
    ).toBeVisible();
    await userEvent.click(confirm);
    await userEvent.tab();
    await expect(await canvas.findByText('La confirmation est requise.')).toBeVisible();
    await userEvent.type(next, '-mais-plus-long');
    await waitFor(() =>
      expect(canvas.queryByText('Le nouveau mot de passe doit contenir au moins 8 caractères.')).toBeNull(),
    );
    await userEvent.type(confirm, 'autre-chose');
    const mismatch = await canvas.findByText('Les nouveaux mots de passe ne correspondent pas.');
    await expect(confirm).toHaveAccessibleErrorMessage('Les nouveaux mots de passe ne correspondent pas.');
    await expect(mismatch).toBeVisible();
    await userEvent.click(submit);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Submitting: Story = {
  args: { pending: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Modification...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

/** A refused change (wrong current password) keeps what was typed and says why. */
export const Failure: Story = {
  args: {
    onSubmit: fn(() => Promise.reject(new Error('Mot de passe actuel incorrect.'))),
    error: { message: 'Le mot de passe actuel est incorrect.' },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const { current, next, confirm, submit } = fields(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Le mot de passe actuel est incorrect.');
    await userEvent.type(current, 'faux-secret');
    await userEvent.type(next, 'nouveau-secret');
    await userEvent.type(confirm, 'nouveau-secret');
    await userEvent.click(submit);
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(current).toHaveValue('faux-secret');
  },
};
