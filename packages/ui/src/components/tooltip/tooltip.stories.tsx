import { HStack } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CircleHelp, Settings } from 'lucide-react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { IconButton } from '../button/button';
import * as Tooltip from './tooltip';

const meta = {
  title: 'Primitives/Tooltip',
  render: () => (
    <HStack gap="4" pt="10">
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <IconButton aria-label="Aide" variant="outline" colorPalette="gray">
            <CircleHelp aria-hidden />
          </IconButton>
        </Tooltip.Trigger>
        <Tooltip.Content>Ouvrir l'aide</Tooltip.Content>
      </Tooltip.Root>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <IconButton aria-label="Réglages" variant="outline" colorPalette="gray">
            <Settings aria-hidden />
          </IconButton>
        </Tooltip.Trigger>
        <Tooltip.Content>Réglages du projet</Tooltip.Content>
      </Tooltip.Root>
    </HStack>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Opens after 700 ms of hovering, not before; leaving closes it. */
export const OpenDelay: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Aide' });
    const hovered = performance.now();
    await userEvent.hover(trigger);
    await expect(body(canvasElement).queryByRole('tooltip')).toBeNull();
    const tooltip = await body(canvasElement).findByRole('tooltip');
    await expect(tooltip).toHaveTextContent("Ouvrir l'aide");
    await expect(performance.now() - hovered).toBeGreaterThanOrEqual(Tooltip.OPEN_DELAY_MS);
    await userEvent.unhover(trigger);
    await waitFor(() => expect(body(canvasElement).queryByRole('tooltip')).toBeNull());
  },
};

/** Within 300 ms of a tooltip closing, the next one opens at once. */
export const SkipDelay: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.hover(canvas.getByRole('button', { name: 'Aide' }));
    await body(canvasElement).findByRole('tooltip');
    await userEvent.unhover(canvas.getByRole('button', { name: 'Aide' }));
    await userEvent.hover(canvas.getByRole('button', { name: 'Réglages' }));
    const moved = performance.now();
    const next = await body(canvasElement).findByRole(
      'tooltip',
      { name: 'Réglages du projet' },
      { interval: 10 },
    );
    await expect(next).toBeVisible();
    await expect(performance.now() - moved).toBeLessThan(Tooltip.OPEN_DELAY_MS);
  },
};

/** Keyboard users get it too; Escape dismisses it. */
export const Focus: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('button', { name: 'Aide' })).toHaveFocus();
    await body(canvasElement).findByRole('tooltip');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body(canvasElement).queryByRole('tooltip')).toBeNull());
  },
};

export const NoDelay: Story = {
  render: () => (
    <Tooltip.DelayProvider openDelay={0}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <IconButton aria-label="Réglages" variant="outline" colorPalette="gray">
            <Settings aria-hidden />
          </IconButton>
        </Tooltip.Trigger>
        <Tooltip.Content>Réglages du projet</Tooltip.Content>
      </Tooltip.Root>
    </Tooltip.DelayProvider>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('button', { name: 'Réglages' }));
    const hovered = performance.now();
    await body(canvasElement).findByRole('tooltip', {}, { interval: 10 });
    await expect(performance.now() - hovered).toBeLessThan(Tooltip.OPEN_DELAY_MS);
  },
};
