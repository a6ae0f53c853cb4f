import { HStack } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import * as NumberInput from './number-input';

const meta = { title: 'Primitives/NumberInput' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Durations: Story = {
  render: () => (
    <HStack gap="4" maxW="md" alignItems="start">
      <NumberInput.Root defaultValue="5" min={1} max={120}>
        <NumberInput.Label>Durée minimale (minutes)</NumberInput.Label>
        <NumberInput.Control>
          <NumberInput.Input />
          <NumberInput.IncrementTrigger />
          <NumberInput.DecrementTrigger />
        </NumberInput.Control>
      </NumberInput.Root>
      <NumberInput.Root defaultValue="10" min={1} max={120}>
        <NumberInput.Label>Durée maximale (minutes)</NumberInput.Label>
        <NumberInput.Control>
          <NumberInput.Input />
          <NumberInput.IncrementTrigger />
          <NumberInput.DecrementTrigger />
        </NumberInput.Control>
      </NumberInput.Root>
    </HStack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const min = canvas.getByRole('spinbutton', { name: 'Durée minimale (minutes)' });
    await expect(min).toHaveValue('5');
    const [increment] = canvas.getAllByRole('button', { name: /Augmenter la valeur|Increase value/ });
    if (!increment) throw new Error('no increment trigger');
    await userEvent.click(increment);
    await waitFor(() => expect(min).toHaveValue('6'));
    await userEvent.click(min);
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(min).toHaveValue('5'));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(min).toHaveValue('4'));
  },
};

export const Clamped: Story = {
  render: () => (
    <NumberInput.Root defaultValue="120" min={1} max={120} maxW="xs">
      <NumberInput.Label>Durée maximale (minutes)</NumberInput.Label>
      <NumberInput.Control>
        <NumberInput.Input />
        <NumberInput.IncrementTrigger />
        <NumberInput.DecrementTrigger />
      </NumberInput.Control>
    </NumberInput.Root>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: /Augmenter la valeur|Increase value/ })).toBeDisabled();
    await expect(canvas.getByRole('spinbutton')).toHaveAttribute('aria-valuemax', '120');
  },
};
