import { passwordInputAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { controlBase } from '../input/input.recipe';

export const passwordInputRecipe = defineSlotRecipe({
  className: 'password-input',
  slots: passwordInputAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: '100%' },
    label: { color: 'fg.default', fontWeight: 'medium', textStyle: 'sm' },
    control: { position: 'relative', display: 'flex', alignItems: 'center' },
    input: { ...controlBase, h: '10', ps: '3', pe: '10', textStyle: 'sm' },
    visibilityTrigger: {
      position: 'absolute',
      insetEnd: '1',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      h: '8',
      w: '8',
      borderRadius: 'l1',
      color: 'fg.muted',
      cursor: 'pointer',
      _hover: { color: 'fg.default', bg: 'bg.muted' },
      _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' },
      _disabled: { cursor: 'not-allowed', opacity: '0.6' },
      '& svg': { w: '4', h: '4' },
    },
    indicator: { display: 'inline-flex' },
  },
});
