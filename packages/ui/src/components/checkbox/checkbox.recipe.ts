import { checkboxAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const checkboxRecipe = defineSlotRecipe({
  className: 'checkbox',
  slots: checkboxAnatomy.keys(),
  base: {
    root: {
      colorPalette: 'primary',
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      cursor: 'pointer',
      _disabled: { cursor: 'not-allowed', opacity: '0.6' },
    },
    control: {
      alignItems: 'center',
      justifyContent: 'center',
      display: 'flex',
      flexShrink: '0',
      w: '4.5',
      h: '4.5',
      borderWidth: '1px',
      borderColor: 'border.input',
      borderRadius: 'l1',
      bg: 'bg.default',
      color: 'colorPalette.solid.fg',
      _checked: { bg: 'colorPalette.solid.bg', borderColor: 'colorPalette.solid.bg' },
      _indeterminate: { bg: 'colorPalette.solid.bg', borderColor: 'colorPalette.solid.bg' },
      _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
      _invalid: { borderColor: 'border.error' },
      '& svg': { w: '3.5', h: '3.5' },
    },
    label: { textStyle: 'sm', fontWeight: 'medium', color: 'fg.default', userSelect: 'none' },
    indicator: { display: 'inline-flex' },
  },
});
