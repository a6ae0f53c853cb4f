import { HStack } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StepHealthBadge } from './step-health-badge';

const meta = { title: 'Fragments/Health/StepHealthBadge' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each health reads as words (and an icon), not only as a colour. */
export const AllStates: Story = {
  render: () => (
    <HStack gap="3">
      <StepHealthBadge health="ok" />
      <StepHealthBadge health="degraded" />
      <StepHealthBadge health="failing" />
    </HStack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const badges = [...canvasElement.querySelectorAll('[data-health]')];
    await expect(badges.map((b) => b.getAttribute('data-health'))).toEqual(['ok', 'degraded', 'failing']);
    await expect(badges.map((b) => b.textContent)).toEqual([
      "Santé de l'étape : Fonctionne",
      "Santé de l'étape : Dégradée",
      "Santé de l'étape : En échec",
    ]);
    // the prefix is for screen readers only (clipped away); sighted users see the word beside its icon
    await expect(canvas.getByText('En échec')).toBeVisible();
    const prefix = canvas.getAllByText("Santé de l'étape :")[0] as HTMLElement;
    await expect(prefix.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};
