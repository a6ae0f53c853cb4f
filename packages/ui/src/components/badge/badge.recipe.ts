import { defineRecipe } from '@pandacss/dev';

export const badgeRecipe = defineRecipe({
  className: 'badge',
  jsx: ['Badge'],
  base: {
    colorPalette: 'gray',
    alignItems: 'center',
    borderRadius: 'full',
    borderWidth: '1px',
    borderColor: 'transparent',
    display: 'inline-flex',
    fontWeight: 'medium',
    gap: '1',
    whiteSpace: 'nowrap',
    userSelect: 'none',
    '& svg': { w: '3', h: '3' },
  },
  defaultVariants: { variant: 'subtle', size: 'md' },
  variants: {
    variant: {
      solid: { bg: 'colorPalette.solid.bg', color: 'colorPalette.solid.fg' },
      subtle: { bg: 'colorPalette.subtle.bg', color: 'colorPalette.subtle.fg' },
      outline: { borderColor: 'colorPalette.outline.border', color: 'colorPalette.outline.fg' },
    },
    size: {
      sm: { textStyle: 'xs', px: '2', h: '5' },
      md: { textStyle: 'xs', px: '2.5', h: '6' },
      lg: { textStyle: 'sm', px: '3', h: '7' },
    },
  },
});
