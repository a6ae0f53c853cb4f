import { VStack } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { useDemoText } from '../../stories-support/demo-text';
import { Input } from '../input/input';
import { Textarea } from '../textarea/textarea';
import * as Field from './field';

const meta = { title: 'Primitives/Field' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithHelper: Story = {
  render: () => {
    const t = useDemoText();
    return (
      <Field.Root maxW="sm">
        <Field.Label>{t('Nom du projet', 'Project name')}</Field.Label>
        <Input placeholder={t('Mon site vitrine', 'My website')} />
        <Field.HelperText>
          {t('Visible par toute votre équipe.', 'Visible to your whole team.')}
        </Field.HelperText>
      </Field.Root>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: /Nom du projet|Project name/ });
    await expect(input).toHaveAccessibleDescription(
      /Visible par toute votre équipe.|Visible to your whole team./,
    );
    await userEvent.type(input, 'Mulot');
    await expect(input).toHaveValue('Mulot');
  },
};

export const Required: Story = {
  render: () => {
    const t = useDemoText();
    return (
      <Field.Root required maxW="sm">
        <Field.Label>
          Email <Field.RequiredIndicator />
        </Field.Label>
        <Input type="email" placeholder={t('vous@exemple.fr', 'you@example.com')} />
      </Field.Root>
    );
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: /Email/ })).toBeRequired();
  },
};

export const WithError: Story = {
  render: () => (
    <Field.Root invalid maxW="sm">
      <Field.Label>Email</Field.Label>
      <Input type="email" defaultValue="pas-un-email" />
      <Field.ErrorText>Veuillez entrer une adresse email valide</Field.ErrorText>
    </Field.Root>
  ),
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    // Ark links the error with aria-errormessage (announced with the invalid state), not aria-describedby.
    await expect(input).toHaveAccessibleErrorMessage('Veuillez entrer une adresse email valide');
  },
};

/** The error appears only once the field was left empty (validation on blur, as forms do it). */
export const ErrorOnBlur: Story = {
  render: () => {
    const [touched, setTouched] = useState(false);
    const [value, setValue] = useState('');
    const invalid = touched && !value;
    return (
      <Field.Root invalid={invalid} maxW="sm">
        <Field.Label>Email</Field.Label>
        <Input value={value} onChange={(e) => setValue(e.target.value)} onBlur={() => setTouched(true)} />
        <Field.ErrorText>L'email est requis</Field.ErrorText>
      </Field.Root>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(canvas.queryByText("L'email est requis")).toBeNull();
    await userEvent.click(input);
    await userEvent.tab();
    await expect(canvas.getByText("L'email est requis")).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleErrorMessage("L'email est requis");
    await userEvent.type(input, 'ada@mulot.fr');
    await expect(canvas.queryByText("L'email est requis")).toBeNull();
  },
};

export const Disabled: Story = {
  render: () => {
    const t = useDemoText();
    return (
      <VStack alignItems="stretch" gap="4" maxW="sm">
        <Field.Root disabled>
          <Field.Label>{t('Identifiant', 'Identifier')}</Field.Label>
          <Input defaultValue="org-42" />
        </Field.Root>
        <Field.Root>
          <Field.Label>Description</Field.Label>
          <Textarea placeholder={t('Décrivez le projet', 'Describe the project')} />
        </Field.Root>
      </VStack>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: /Identifiant|Identifier/ })).toBeDisabled();
    const description = canvas.getByRole('textbox', { name: 'Description' });
    await userEvent.type(description, 'Ligne 1{Enter}Ligne 2');
    await expect(description).toHaveValue('Ligne 1\nLigne 2');
  },
};
