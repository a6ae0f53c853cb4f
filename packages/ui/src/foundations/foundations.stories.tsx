import { Box, Grid, HStack, styled, VStack } from '@mulot/ui/styled-system/jsx';
import { token } from '@mulot/ui/styled-system/tokens';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

const meta = { title: 'Foundations/Theme' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const palettes = ['primary', 'secondary', 'gray', 'red', 'green', 'amber'] as const;

/** Each palette's solid and subtle pairs, as recipes use them (switch the theme toolbar to compare). */
export const Palettes: Story = {
  render: () => (
    <Grid gridTemplateColumns="repeat(3, minmax(0, 1fr))" gap="4" maxW="3xl">
      {palettes.map((palette) => (
        <VStack key={palette} alignItems="stretch" gap="1" data-palette={palette}>
          <styled.span textStyle="sm" fontWeight="semibold">
            {palette}
          </styled.span>
          <Box
            px="3"
            py="2"
            borderRadius="l2"
            textStyle="sm"
            style={{
              background: token.var(`colors.${palette}.solid.bg`),
              color: token.var(`colors.${palette}.solid.fg`),
            }}
          >
            solid
          </Box>
          <Box
            px="3"
            py="2"
            borderRadius="l2"
            textStyle="sm"
            style={{
              background: token.var(`colors.${palette}.subtle.bg`),
              color: token.var(`colors.${palette}.subtle.fg`),
            }}
          >
            subtle
          </Box>
        </VStack>
      ))}
    </Grid>
  ),
  play: async ({ canvasElement }) => {
    // Every palette resolves to real colours (a missing semantic token would leave them transparent).
    for (const swatch of within(canvasElement).getAllByText('solid')) {
      await expect(getComputedStyle(swatch).backgroundColor).not.toBe('rgba(0, 0, 0, 0)');
    }
  },
};

/** Text colours on the surfaces they are used on. */
export const TextAndSurfaces: Story = {
  render: () => (
    <HStack gap="4" alignItems="stretch" flexWrap="wrap">
      {(['bg.canvas', 'bg.default', 'bg.subtle', 'bg.muted'] as const).map((surface) => (
        <VStack
          key={surface}
          alignItems="start"
          gap="1"
          p="4"
          borderWidth="1px"
          borderRadius="l3"
          minW="48"
          style={{ background: token.var(`colors.${surface}`) }}
        >
          <styled.span textStyle="xs" color="fg.muted">
            {surface}
          </styled.span>
          <styled.span color="fg.default">fg.default</styled.span>
          <styled.span color="fg.muted">fg.muted</styled.span>
          <styled.span color="fg.subtle">fg.subtle</styled.span>
          <styled.span color="fg.error">fg.error</styled.span>
        </VStack>
      ))}
    </HStack>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('fg.muted')).toHaveLength(4);
  },
};

/** Inter, shipped with the package (no CDN), at the text sizes recipes use. */
export const Typography: Story = {
  render: () => (
    <VStack alignItems="start" gap="2">
      {(['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'] as const).map((size) => (
        <styled.span key={size} textStyle={size}>
          {size} — Créez des guides interactifs pour vos utilisateurs
        </styled.span>
      ))}
    </VStack>
  ),
  play: async ({ canvasElement }) => {
    const sample = within(canvasElement).getByText(/^md —/);
    await expect(getComputedStyle(sample).fontFamily).toMatch(/Inter Variable/);
    await expect(document.fonts.check(`16px "Inter Variable"`)).toBe(true);
  },
};
