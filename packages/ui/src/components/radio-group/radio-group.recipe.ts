import { radioGroupAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const radioGroupRecipe = defineSlotRecipe({
  className: 'radio-group',
  slots: radioGroupAnatomy.keys(),
  base: {
    root: { colorPalette: 'primary', display: 'flex', flexDirection: 'column', gap: '2' },
    label: { textStyle: 'sm', fontWeight: 'medium', color: 'fg.default' },
    item: {
      position: 'relative',
      display: 'flex',
      alignItems: 'center',
      gap: '2',
      cursor: 'pointer',
      _disabled: { cursor: 'not-allowed', opacity: '0.6' },
    },
    itemControl: {
      w: '4.5',
      h: '4.5',
      flexShrink: '0',
      borderRadius: 'full',
      borderWidth: '1px',
      borderColor: 'border.input',
      bg: 'bg.default',
      _checked: {
        borderColor: 'colorPalette.solid.bg',
        borderWidth: '5px',
      },
      _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
    },
    itemText: { textStyle: 'sm', color: 'fg.default', display: 'flex', flexDirection: 'column' },
    indicator: {},
  },
  defaultVariants: { orientation: 'vertical' },
  variants: {
    orientation: {
      vertical: { root: { flexDirection: 'column' } },
      horizontal: { root: { flexDirection: 'row', flexWrap: 'wrap', columnGap: '6' } },
    },
  },
});
