import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PersonalInfoForm } from './personal-info-form';

const meta = {
  title: 'Fragments/Profile/PersonalInfoForm',
  component: PersonalInfoForm,
  args: { defaultValues: { firstname: 'Ada', lastname: 'Lovelace' }, onSubmit: fn() },
} satisfies Meta<typeof PersonalInfoForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const firstname = canvas.getByRole('textbox', { name: /Prénom/ });
    const lastname = canvas.getByRole('textbox', { name: /^Nom/ });
    await expect(firstname).toHaveValue('Ada');
    await expect(firstname).toHaveAttribute('placeholder', 'Votre prénom');
    await expect(lastname).toHaveAttribute('placeholder', 'Votre nom');
    await userEvent.clear(lastname);
    await userEvent.type(lastname, '  Byron ');
    await userEvent.click(canvas.getByRole('button', { name: 'Sauvegarder les modifications' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ firstname: 'Ada', lastname: 'Byron' }));
  },
};

/** Spec §5: each message appears when the field is left empty, and goes as soon as it is filled. */
export const ValidationOnBlur: Story = {
  args: { defaultValues: { firstname: '', lastname: '' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const firstname = canvas.getByRole('textbox', { name: /Prénom/ });
    const lastname = canvas.getByRole('textbox', { name: /^Nom/ });
    await userEvent.click(firstname);
    await userEvent.tab();
    await expect(await canvas.findByText('Le prénom est requis.')).toBeVisible();
    await expect(firstname).toHaveAccessibleErrorMessage('Le prénom est requis.');
    await expect(canvas.queryByText('Le nom est requis.')).toBeNull();
    await userEvent.click(lastname);
    await userEvent.tab();
    await expect(await canvas.findByText('Le nom est requis.')).toBeVisible();
    // Spaces only are no name.
    await userEvent.type(firstname, '   ');
    await expect(canvas.getByText('Le prénom est requis.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Sauvegarder les modifications' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(firstname, 'Ada');
    await waitFor(() => expect(canvas.queryByText('Le prénom est requis.')).toBeNull());
  },
};

export const Saving: Story = {
  args: { pending: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Sauvegarde...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

/** While the save's promise runs the button says so by itself, then comes back. */
export const SavingUntilSaved: Story = {
  args: {
    onSubmit: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 300))),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sauvegarder les modifications' }));
    await expect(await canvas.findByRole('button', { name: 'Sauvegarde...' })).toBeDisabled();
    await expect(await canvas.findByRole('button', { name: 'Sauvegarder les modifications' })).toBeEnabled();
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};
