import { definePreset } from '@pandacss/dev';
import { recipes, slotRecipes } from './recipes';
import { semanticTokens, tokens } from './tokens';

/** The Mulot design system: every app's Panda config uses this preset (after preset-base and preset-panda). */
export const mulotPreset = definePreset({
  name: 'mulot',
  conditions: {
    extend: {
      dark: '.dark &, [data-theme="dark"] &',
      light: '.light &, [data-theme="light"] &',
      collapsed: '&[data-collapsible="icon"], [data-collapsible="icon"] &',
      // Only what the app marks invalid (after blur/change), not every empty `required` field from the start.
      invalid: '&:is([data-invalid], [aria-invalid=true])',
    },
  },
  globalCss: {
    extend: {
      html: {
        fontFamily: 'body',
        color: 'fg.default',
        bg: 'bg.canvas',
        lineHeight: 'normal',
        WebkitFontSmoothing: 'antialiased',
        colorScheme: 'light',
        _dark: { colorScheme: 'dark' },
      },
      body: { bg: 'bg.canvas', color: 'fg.default' },
      '*, *::before, *::after': { borderColor: 'border.default' },
      '*:focus-visible': { outlineColor: 'focusRing' },
    },
  },
  theme: {
    extend: {
      tokens,
      semanticTokens,
      recipes,
      slotRecipes,
      keyframes: {
        spin: { to: { transform: 'rotate(360deg)' } },
        fadeIn: { from: { opacity: '0' }, to: { opacity: '1' } },
        fadeOut: { from: { opacity: '1' }, to: { opacity: '0' } },
        scaleIn: {
          from: { opacity: '0', transform: 'scale(0.96)' },
          to: { opacity: '1', transform: 'scale(1)' },
        },
        scaleOut: {
          from: { opacity: '1', transform: 'scale(1)' },
          to: { opacity: '0', transform: 'scale(0.96)' },
        },
        pulse: { '50%': { opacity: '0.5' } },
        slideInLeft: { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } },
        slideOutLeft: { from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-100%)' } },
      },
    },
  },
});

export default mulotPreset;
