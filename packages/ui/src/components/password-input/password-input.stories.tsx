import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import * as Field from '../field/field';
import * as PasswordInput from './password-input';

const meta = { title: 'Primitives/PasswordInput' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: () => (
    <PasswordInput.Root maxW="sm">
      <PasswordInput.Label>Mot de passe</PasswordInput.Label>
      <PasswordInput.Control>
        <PasswordInput.Input autoComplete="current-password" />
        <PasswordInput.VisibilityTrigger />
      </PasswordInput.Control>
    </PasswordInput.Root>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Mot de passe');
    await userEvent.type(input, 's3cret!');
    await expect(input).toHaveAttribute('type', 'password');
    // The toggle is named by what it will do, in the current language.
    await userEvent.click(canvas.getByRole('button', { name: /Afficher le mot de passe|Show password/ }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('s3cret!');
    await userEvent.click(canvas.getByRole('button', { name: /Masquer le mot de passe|Hide password/ }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const InFieldWithError: Story = {
  render: () => (
    <Field.Root invalid maxW="sm">
      <PasswordInput.Root>
        <Field.Label>Nouveau mot de passe</Field.Label>
        <PasswordInput.Control>
          <PasswordInput.Input defaultValue="court" autoComplete="new-password" />
          <PasswordInput.VisibilityTrigger />
        </PasswordInput.Control>
      </PasswordInput.Root>
      <Field.ErrorText>Le nouveau mot de passe doit contenir au moins 8 caractères.</Field.ErrorText>
    </Field.Root>
  ),
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Nouveau mot de passe');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleErrorMessage(
      'Le nouveau mot de passe doit contenir au moins 8 caractères.',
    );
  },
};

export const Disabled: Story = {
  render: () => (
    <PasswordInput.Root disabled maxW="sm">
      <PasswordInput.Label>Mot de passe actuel</PasswordInput.Label>
      <PasswordInput.Control>
        <PasswordInput.Input defaultValue="s3cret!" />
        <PasswordInput.VisibilityTrigger />
      </PasswordInput.Control>
    </PasswordInput.Root>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Mot de passe actuel')).toBeDisabled();
    await expect(canvas.getByRole('button')).toBeDisabled();
  },
};

/** With the locale toolbar on English, the built-in texts come from packages/i18n/lang/en.json. */
export const English: Story = {
  globals: { locale: 'en' },
  render: () => (
    <PasswordInput.Root maxW="sm">
      <PasswordInput.Label>Password</PasswordInput.Label>
      <PasswordInput.Control>
        <PasswordInput.Input autoComplete="current-password" />
        <PasswordInput.VisibilityTrigger />
      </PasswordInput.Control>
    </PasswordInput.Root>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(canvas.getByRole('button', { name: 'Hide password' })).toBeVisible();
    await expect(canvasElement.ownerDocument.documentElement).toHaveAttribute('lang', 'en');
  },
};
