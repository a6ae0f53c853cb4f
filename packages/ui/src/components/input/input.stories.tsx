import { VStack } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Input } from './input';

const meta = {
  title: 'Primitives/Input',
  component: Input,
  args: { 'aria-label': 'Email', placeholder: 'vous@exemple.fr' },
} satisfies Meta<typeof Input>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'ada@mulot.fr');
    await expect(input).toHaveValue('ada@mulot.fr');
  },
};

export const Sizes: Story = {
  render: (args) => (
    <VStack alignItems="stretch" gap="3" maxW="sm">
      <Input {...args} size="sm" aria-label="sm" />
      <Input {...args} size="md" aria-label="md" />
      <Input {...args} size="lg" aria-label="lg" />
    </VStack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const small = canvas.getByRole('textbox', { name: 'sm' }).getBoundingClientRect().height;
    const large = canvas.getByRole('textbox', { name: 'lg' }).getBoundingClientRect().height;
    await expect(small).toBeLessThan(large);
  },
};

export const Invalid: Story = {
  args: { 'aria-invalid': true, defaultValue: 'ada@' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(getComputedStyle(input).borderColor).not.toBe(getComputedStyle(document.body).color);
    await expect(input).toBeInvalid();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'ada@mulot.fr' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toBeDisabled();
    await userEvent.type(input, 'x');
    await expect(input).toHaveValue('ada@mulot.fr');
  },
};
