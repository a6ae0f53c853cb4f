import { tooltipAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const tooltipRecipe = defineSlotRecipe({
  className: 'tooltip',
  slots: tooltipAnatomy.keys(),
  base: {
    positioner: { zIndex: 'tooltip' },
    content: {
      bg: 'bg.inverted',
      color: 'fg.inverted',
      borderRadius: 'l1',
      boxShadow: 'sm',
      fontWeight: 'medium',
      maxW: 'xs',
      px: '2.5',
      py: '1',
      textStyle: 'xs',
      _open: { animation: 'fadeIn 0.1s ease-out' },
      _closed: { animation: 'fadeOut 0.1s ease-in' },
    },
    arrow: { '--arrow-size': 'sizes.2', '--arrow-background': 'colors.bg.inverted' },
    arrowTip: {},
    trigger: {},
  },
});
