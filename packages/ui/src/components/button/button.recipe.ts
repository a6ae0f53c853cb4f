import { defineRecipe } from '@pandacss/dev';

export const buttonRecipe = defineRecipe({
  className: 'button',
  jsx: ['Button', 'IconButton'],
  base: {
    colorPalette: 'primary',
    alignItems: 'center',
    appearance: 'none',
    borderRadius: 'l2',
    cursor: 'pointer',
    display: 'inline-flex',
    flexShrink: '0',
    fontWeight: 'semibold',
    gap: '2',
    isolation: 'isolate',
    justifyContent: 'center',
    outline: '0',
    position: 'relative',
    transitionDuration: 'normal',
    transitionProperty: 'background, border-color, color, box-shadow',
    transitionTimingFunction: 'default',
    userSelect: 'none',
    verticalAlign: 'middle',
    whiteSpace: 'nowrap',
    borderWidth: '1px',
    borderColor: 'transparent',
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
    _disabled: { cursor: 'not-allowed', opacity: '0.6' },
    '& svg': { flexShrink: '0' },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
  variants: {
    variant: {
      solid: {
        bg: 'colorPalette.solid.bg',
        color: 'colorPalette.solid.fg',
        _hover: { _enabled: { bg: 'colorPalette.solid.bg.hover' } },
      },
      subtle: {
        bg: 'colorPalette.subtle.bg',
        color: 'colorPalette.subtle.fg',
        _hover: { _enabled: { bg: 'colorPalette.subtle.bg.hover' } },
      },
      outline: {
        borderColor: 'colorPalette.outline.border',
        color: 'colorPalette.outline.fg',
        bg: 'bg.default',
        _hover: { _enabled: { bg: 'colorPalette.outline.bg.hover' } },
      },
      plain: {
        color: 'colorPalette.plain.fg',
        bg: 'transparent',
        _hover: { _enabled: { bg: 'colorPalette.plain.bg.hover' } },
      },
      link: {
        color: 'colorPalette.plain.fg',
        bg: 'transparent',
        px: '0!',
        h: 'auto!',
        textDecoration: 'underline',
        textUnderlineOffset: '0.2em',
      },
    },
    size: {
      xs: { h: '8', minW: '8', px: '2.5', textStyle: 'xs', '& svg': { width: '3.5', height: '3.5' } },
      sm: { h: '9', minW: '9', px: '3', textStyle: 'sm', '& svg': { width: '4', height: '4' } },
      md: { h: '10', minW: '10', px: '4', textStyle: 'sm', '& svg': { width: '4', height: '4' } },
      lg: { h: '11', minW: '11', px: '5', textStyle: 'md', '& svg': { width: '5', height: '5' } },
    },
  },
});

export const iconButtonRecipe = defineRecipe({
  className: 'icon-button',
  jsx: ['IconButton'],
  base: { px: '0!', aspectRatio: 'square' },
  variants: {},
});
