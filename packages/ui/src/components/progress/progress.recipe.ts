import { progressAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const progressRecipe = defineSlotRecipe({
  className: 'progress',
  slots: progressAnatomy.keys(),
  base: {
    root: { colorPalette: 'primary', display: 'flex', flexDirection: 'column', gap: '1.5', width: '100%' },
    label: { textStyle: 'sm', fontWeight: 'medium', color: 'fg.default' },
    valueText: { textStyle: 'sm', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' },
    track: { bg: 'bg.emphasized', borderRadius: 'full', overflow: 'hidden', h: '2', width: '100%' },
    range: {
      bg: 'colorPalette.solid.bg',
      h: '100%',
      borderRadius: 'full',
      transitionProperty: 'width',
      transitionDuration: 'slow',
    },
    circle: {},
    circleTrack: {},
    circleRange: {},
    view: {},
  },
});
