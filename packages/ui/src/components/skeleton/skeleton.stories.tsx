import { HStack, VStack } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Skeleton } from './skeleton';

const meta = { title: 'Primitives/Skeleton', component: Skeleton } satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A card being loaded: the region says it is busy; the shapes are hidden from assistive tech. */
export const CardPlaceholder: Story = {
  render: () => (
    <VStack
      as="section"
      alignItems="stretch"
      gap="3"
      maxW="sm"
      aria-busy="true"
      aria-label="Chargement des projets"
    >
      <HStack gap="3">
        <Skeleton shape="circle" w="10" h="10" />
        <VStack alignItems="stretch" gap="2" flex="1">
          <Skeleton shape="text" w="2/3" />
          <Skeleton shape="text" w="1/2" />
        </VStack>
      </HStack>
      <Skeleton h="24" />
    </VStack>
  ),
  play: async ({ canvasElement }) => {
    const shapes = canvasElement.querySelectorAll('[data-skeleton]');
    await expect(shapes).toHaveLength(4);
    for (const shape of shapes) await expect(shape).toHaveAttribute('aria-hidden', 'true');
    await expect(within(canvasElement).queryAllByRole('img')).toHaveLength(0);
  },
};
