import { numberInputAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { controlBase } from '../input/input.recipe';

const trigger = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: '1',
  color: 'fg.muted',
  cursor: 'pointer',
  borderColor: 'border.input',
  _hover: { color: 'fg.default', bg: 'bg.muted' },
  _disabled: { cursor: 'not-allowed', opacity: '0.6' },
  '& svg': { w: '3.5', h: '3.5' },
} as const;

export const numberInputRecipe = defineSlotRecipe({
  className: 'number-input',
  slots: numberInputAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: '100%' },
    label: { color: 'fg.default', fontWeight: 'medium', textStyle: 'sm' },
    control: {
      ...controlBase,
      display: 'grid',
      gridTemplateColumns: '1fr auto',
      gridTemplateRows: '1fr 1fr',
      h: '10',
      overflow: 'hidden',
      _focusWithin: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-1px' },
    },
    input: {
      gridRow: 'span 2',
      bg: 'transparent',
      outline: '0',
      px: '3',
      textStyle: 'sm',
      color: 'fg.default',
      minW: '0',
      fontVariantNumeric: 'tabular-nums',
    },
    incrementTrigger: { ...trigger, borderStartWidth: '1px', borderBottomWidth: '1px', px: '2' },
    decrementTrigger: { ...trigger, borderStartWidth: '1px', px: '2' },
  },
});
