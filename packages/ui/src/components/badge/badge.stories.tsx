import { HStack, VStack } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from './badge';

const meta = { title: 'Primitives/Badge', component: Badge } satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Palettes: Story = {
  render: () => (
    <VStack alignItems="start" gap="3">
      <HStack gap="2">
        <Badge colorPalette="primary" variant="solid">
          Admin
        </Badge>
        <Badge colorPalette="secondary" variant="solid">
          Contributeur
        </Badge>
        <Badge colorPalette="green">Publié</Badge>
        <Badge colorPalette="amber">Brouillon</Badge>
        <Badge>Vide</Badge>
        <Badge colorPalette="red">Erreur</Badge>
      </HStack>
      <HStack gap="2">
        <Badge variant="outline" colorPalette="primary">
          En développement
        </Badge>
        <Badge variant="outline">En préparation</Badge>
        <Badge variant="subtle" colorPalette="primary">
          Actif
        </Badge>
      </HStack>
    </VStack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const admin = canvas.getByText('Admin');
    const contributor = canvas.getByText('Contributeur');
    // Roles are told apart by colour as well as by text (primary vs secondary).
    await expect(getComputedStyle(admin).backgroundColor).not.toBe(
      getComputedStyle(contributor).backgroundColor,
    );
  },
};

export const Sizes: Story = {
  render: () => (
    <HStack gap="2">
      <Badge size="sm">sm</Badge>
      <Badge size="md">md</Badge>
      <Badge size="lg">lg</Badge>
    </HStack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('sm').getBoundingClientRect().height).toBeLessThan(
      canvas.getByText('lg').getBoundingClientRect().height,
    );
  },
};
