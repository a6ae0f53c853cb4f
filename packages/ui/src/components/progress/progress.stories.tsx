import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import * as Progress from './progress';

const meta = {
  title: 'Primitives/Progress',
  render: (args) => (
    <Progress.Root maxW="sm" {...args}>
      <Progress.Label>Progression du guide</Progress.Label>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
      <Progress.ValueText />
    </Progress.Root>
  ),
} satisfies Meta<Progress.RootProps>;
export default meta;
type Story = StoryObj<typeof meta>;

export const StepTwoOfFive: Story = {
  args: { value: 40 },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Progression du guide' });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    // Percent formatted for the locale (narrow no-break space before % in French).
    await expect(within(canvasElement).getByText(/40\s?%/)).toBeVisible();
  },
};

export const Complete: Story = {
  args: { value: 100 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  },
};

export const Start: Story = {
  args: { value: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  },
};
