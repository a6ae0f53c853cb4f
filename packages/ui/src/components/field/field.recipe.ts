import { fieldAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const fieldRecipe = defineSlotRecipe({
  className: 'field',
  slots: fieldAnatomy.keys(),
  base: {
    // minW 0: in a grid or flex row, a long value (a select's nowrap text) must not widen the field past its
    // track (a guide's project name pushed the phone page into horizontal scroll).
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: '100%', minW: '0' },
    label: {
      color: 'fg.default',
      fontWeight: 'medium',
      textStyle: 'sm',
      display: 'inline-flex',
      gap: '0.5',
      userSelect: 'none',
      _disabled: { opacity: '0.6' },
    },
    requiredIndicator: { color: 'fg.error' },
    helperText: { color: 'fg.muted', textStyle: 'sm' },
    errorText: { color: 'fg.error', textStyle: 'sm', fontWeight: 'medium' },
  },
});
