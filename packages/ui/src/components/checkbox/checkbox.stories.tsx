import { VStack } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { useDemoText } from '../../stories-support/demo-text';
import { Checkbox } from './checkbox';

const meta = {
  title: 'Primitives/Checkbox',
  component: Checkbox,
  args: { onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => {
    const t = useDemoText();
    return <Checkbox {...args}>{t('Se souvenir de moi', 'Remember me')}</Checkbox>;
  },
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: /Se souvenir de moi|Remember me/ });
    await expect(box).not.toBeChecked();
    await userEvent.click(box);
    await expect(box).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledWith(expect.objectContaining({ checked: true }));
    await userEvent.keyboard(' ');
    await expect(box).not.toBeChecked();
  },
};

export const States: Story = {
  render: () => {
    const t = useDemoText();
    return (
      <VStack alignItems="start" gap="3">
        <Checkbox defaultChecked>{t('Coché', 'Checked')}</Checkbox>
        <Checkbox defaultChecked="indeterminate">{t('Partiel', 'Indeterminate')}</Checkbox>
        <Checkbox disabled>{t('Désactivé', 'Disabled')}</Checkbox>
        <Checkbox invalid>{t('Invalide', 'Invalid')}</Checkbox>
      </VStack>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: /Coché|Checked/ })).toBeChecked();
    // Screen readers must hear "mixed": Ark sets the native input's indeterminate flag after mounting.
    await waitFor(() =>
      expect(canvas.getByRole('checkbox', { name: /Partiel|Indeterminate/ })).toBePartiallyChecked(),
    );
    const disabled = canvas.getByRole('checkbox', { name: /Désactivé|Disabled/ });
    await expect(disabled).toBeDisabled();
    await userEvent.click(disabled, { pointerEventsCheck: 0 });
    await expect(disabled).not.toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: /Invalide|Invalid/ })).toBeInvalid();
  },
};
