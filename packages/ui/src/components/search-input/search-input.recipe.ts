import { defineSlotRecipe } from '@pandacss/dev';
import { controlBase } from '../input/input.recipe';

export const searchInputRecipe = defineSlotRecipe({
  className: 'search-input',
  slots: ['root', 'icon', 'input', 'clear'],
  base: {
    root: { position: 'relative', display: 'flex', alignItems: 'center', width: '100%', maxW: 'md' },
    icon: {
      position: 'absolute',
      insetStart: '3',
      color: 'fg.muted',
      pointerEvents: 'none',
      display: 'inline-flex',
      // The input is positioned too (focus ring): without a level, its background paints over the icon.
      zIndex: 'raised',
      '& svg': { w: '4', h: '4' },
    },
    input: {
      ...controlBase,
      h: '10',
      ps: '9',
      pe: '9',
      textStyle: 'sm',
      '&::-webkit-search-cancel-button': { display: 'none' },
    },
    clear: {
      position: 'absolute',
      insetEnd: '1',
      zIndex: 'raised',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: '8',
      h: '8',
      borderRadius: 'l1',
      color: 'fg.muted',
      cursor: 'pointer',
      _hover: { bg: 'bg.muted', color: 'fg.default' },
      _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' },
      '& svg': { w: '4', h: '4' },
    },
  },
});
