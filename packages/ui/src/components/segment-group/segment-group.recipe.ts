import { segmentGroupAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

/**
 * A few exclusive choices side by side (a period: 7, 30 or 90 days). The checked item is drawn raised on the
 * group's muted track by its own background: Ark's sliding indicator is measured after layout, and a screenshot
 * taken before it lands would depend on the machine's load.
 */
export const segmentGroupRecipe = defineSlotRecipe({
  className: 'segment-group',
  slots: segmentGroupAnatomy.keys(),
  base: {
    root: {
      colorPalette: 'primary',
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      p: '1',
      bg: 'bg.muted',
      borderRadius: 'l2',
      maxW: 'full',
    },
    label: { textStyle: 'sm', fontWeight: 'medium', color: 'fg.default', px: '2' },
    item: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      minH: '8',
      px: '3',
      borderRadius: 'l1',
      textStyle: 'sm',
      fontWeight: 'medium',
      color: 'fg.muted',
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      userSelect: 'none',
      _hover: { color: 'fg.default' },
      _checked: { bg: 'bg.default', color: 'fg.default', boxShadow: 'xs' },
      _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' },
      _disabled: { cursor: 'not-allowed', opacity: '0.6' },
    },
    itemText: {},
    itemControl: {},
    indicator: {},
  },
});
