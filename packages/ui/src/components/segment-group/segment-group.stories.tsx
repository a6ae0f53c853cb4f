import { css } from '@mulot/ui/styled-system/css';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { useDemoText } from '../../stories-support/demo-text';
import * as SegmentGroup from './segment-group';

const periods = [7, 30, 90];

function Periods(props: SegmentGroup.RootProps) {
  const text = useDemoText();
  return (
    <SegmentGroup.Root {...props}>
      <SegmentGroup.Label className={css({ srOnly: true })}>{text('Période', 'Period')}</SegmentGroup.Label>
      {periods.map((days) => (
        <SegmentGroup.Item key={days} value={String(days)}>
          <SegmentGroup.ItemText>{text(`${days} jours`, `${days} days`)}</SegmentGroup.ItemText>
          <SegmentGroup.ItemControl />
          <SegmentGroup.ItemHiddenInput />
        </SegmentGroup.Item>
      ))}
    </SegmentGroup.Root>
  );
}

const meta = {
  title: 'Primitives/SegmentGroup',
  args: { defaultValue: '30', onValueChange: fn() },
  render: (args) => <Periods {...args} />,
} satisfies Meta<SegmentGroup.RootProps>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A guide's statistics period: one of three, the chosen one raised. */
export const Period: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radiogroup', { name: 'Période' })).toBeVisible();
    const month = canvas.getByRole('radio', { name: '30 jours' });
    await expect(month).toBeChecked();
    const item = (label: string) => canvas.getByText(label).closest('[data-part="item"]');
    // the chosen one stands out by more than its colour: a raised background
    await expect(getComputedStyle(item('30 jours') as Element).backgroundColor).not.toBe(
      getComputedStyle(item('7 jours') as Element).backgroundColor,
    );
    await userEvent.click(canvas.getByText('90 jours'));
    await expect(canvas.getByRole('radio', { name: '90 jours' })).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith(expect.objectContaining({ value: '90' }));
  },
};

/** Tab reaches the chosen item; the arrows move the choice, as in any radio group. */
export const FromKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: '30 jours' })).toHaveFocus();
    // an arrow moves the focus, then the choice follows it (on a busy machine, a frame later)
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(canvas.getByRole('radio', { name: '7 jours' })).toBeChecked());
    await expect(args.onValueChange).toHaveBeenLastCalledWith(expect.objectContaining({ value: '7' }));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(canvas.getByRole('radio', { name: '90 jours' })).toBeChecked());
    await expect(canvas.getByRole('radio', { name: '90 jours' })).toHaveFocus();
    // the focused item shows a ring
    const item = canvas.getByText('90 jours').closest('[data-part="item"]') as Element;
    await expect(getComputedStyle(item).outlineStyle).toBe('solid');
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radio', { name: '30 days' })).toBeChecked();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radio', { name: '30 jours' })).toBeChecked();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('7 jours'), { pointerEventsCheck: 0 });
    await expect(canvas.getByRole('radio', { name: '30 jours' })).toBeChecked();
  },
};
