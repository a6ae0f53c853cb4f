import { defineSemanticTokens, defineTokens } from '@pandacss/dev';

// Raw tokens beyond @pandacss/preset-panda (which supplies the colour scales, spacing, radii, font sizes).
export const tokens = defineTokens({
  fonts: {
    body: { value: "'Inter Variable', ui-sans-serif, system-ui, sans-serif" },
    heading: { value: "'Inter Variable', ui-sans-serif, system-ui, sans-serif" },
    mono: { value: "ui-monospace, 'SFMono-Regular', Menlo, monospace" },
  },
  sizes: {
    sidebar: { value: '16rem' },
    sidebarMobile: { value: '18rem' },
    sidebarIcon: { value: '3rem' },
  },
  durations: {
    tooltipOpen: { value: '700ms' },
  },
  /**
   * The one layering scale (preset-panda has none: `zIndex: 'modal'` compiled to an invalid declaration, so a
   * card's raised "⋯" button painted over open dialogs). Every recipe and component names a level here;
   * `raised` lifts a control above its card's stretched link. A popover opened from inside a dialog would
   * need its own level above `modal`: none exists in the product today.
   */
  zIndex: {
    base: { value: 0 },
    raised: { value: 1 },
    sticky: { value: 100 },
    dropdown: { value: 1000 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    toast: { value: 1700 },
    tooltip: { value: 1800 },
  },
});

type Shade = '50' | '100' | '200' | '300' | '400' | '500' | '600' | '700' | '800' | '900' | '950';
const c = (scale: string, shade: Shade) => `{colors.${scale}.${shade}}`;
const ld = (scale: string, light: Shade, dark: Shade) => ({
  value: { base: c(scale, light), _dark: c(scale, dark) },
});

/**
 * A palette in Park UI's shape, so recipes can say `colorPalette.solid.bg` and the caller picks the palette
 * with `colorPalette="red"`. Shades were chosen for WCAG AA text contrast in both themes (axe checks it on
 * every story).
 */
const palette = (scale: string, solid: Shade = '600') => ({
  solid: {
    bg: { DEFAULT: ld(scale, solid, solid), hover: ld(scale, '700', '700') },
    fg: { value: { base: '{colors.white}', _dark: '{colors.white}' } },
  },
  subtle: {
    bg: { DEFAULT: ld(scale, '100', '950'), hover: ld(scale, '200', '900') },
    fg: ld(scale, '800', '200'),
  },
  surface: {
    bg: ld(scale, '50', '950'),
    border: ld(scale, '200', '800'),
    fg: ld(scale, '800', '200'),
  },
  outline: {
    border: ld(scale, '300', '700'),
    fg: ld(scale, '700', '300'),
    bg: { hover: ld(scale, '50', '950') },
  },
  plain: {
    fg: ld(scale, '700', '300'),
    bg: { hover: ld(scale, '100', '900') },
  },
  fg: ld(scale, '700', '300'),
  focusRing: ld(scale, '600', '400'),
});

export const semanticTokens = defineSemanticTokens({
  colors: {
    primary: palette('indigo'),
    secondary: palette('teal', '700'),
    gray: {
      ...palette('zinc'),
      solid: {
        bg: { DEFAULT: ld('zinc', '900', '100'), hover: ld('zinc', '800', '200') },
        fg: ld('zinc', '50', '900'),
      },
    },
    red: palette('red'),
    green: palette('green', '700'),
    amber: palette('amber', '700'),
    bg: {
      canvas: { value: { base: '{colors.white}', _dark: '{colors.zinc.950}' } },
      default: { value: { base: '{colors.white}', _dark: '{colors.zinc.900}' } },
      subtle: ld('zinc', '50', '900'),
      muted: ld('zinc', '100', '800'),
      emphasized: ld('zinc', '200', '700'),
      overlay: { value: { base: 'rgba(9, 9, 11, 0.5)', _dark: 'rgba(0, 0, 0, 0.7)' } },
      inverted: ld('zinc', '900', '50'),
    },
    fg: {
      default: ld('zinc', '950', '50'),
      muted: ld('zinc', '600', '400'),
      // Same shade as muted in light: zinc.500 fell under 4.5:1 on bg.muted (found by the Foundations story).
      subtle: ld('zinc', '600', '400'),
      inverted: ld('zinc', '50', '950'),
      error: ld('red', '700', '400'),
      success: ld('green', '700', '400'),
    },
    border: {
      default: ld('zinc', '200', '800'),
      muted: ld('zinc', '100', '900'),
      // Form controls keep 3:1 against their background (WCAG 1.4.11 non-text contrast).
      input: ld('zinc', '500', '500'),
      error: ld('red', '600', '400'),
    },
    focusRing: ld('indigo', '600', '400'),
  },
  shadows: {
    xs: { value: { base: '0 1px 2px 0 rgba(9, 9, 11, 0.06)', _dark: '0 1px 2px 0 rgba(0, 0, 0, 0.5)' } },
    sm: {
      value: {
        base: '0 1px 3px 0 rgba(9, 9, 11, 0.1), 0 1px 2px -1px rgba(9, 9, 11, 0.1)',
        _dark: '0 1px 3px 0 rgba(0, 0, 0, 0.6)',
      },
    },
    lg: {
      value: {
        base: '0 10px 15px -3px rgba(9, 9, 11, 0.1), 0 4px 6px -4px rgba(9, 9, 11, 0.1)',
        _dark: '0 10px 15px -3px rgba(0, 0, 0, 0.7)',
      },
    },
  },
  radii: {
    l1: { value: '{radii.sm}' },
    l2: { value: '{radii.md}' },
    l3: { value: '{radii.lg}' },
  },
});
