import { defineSlotRecipe } from '@pandacss/dev';

export const cardRecipe = defineSlotRecipe({
  className: 'card',
  slots: ['root', 'header', 'title', 'description', 'body', 'footer'],
  base: {
    root: {
      bg: 'bg.default',
      color: 'fg.default',
      borderRadius: 'l3',
      borderWidth: '1px',
      boxShadow: 'xs',
      display: 'flex',
      flexDirection: 'column',
      overflow: 'hidden',
      position: 'relative',
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', p: '6', pb: '0' },
    // A name may be one 200-character word: it wraps anywhere and stops at two lines (the full name is in the DOM
    // for assistive technology and in the title for hover).
    title: {
      textStyle: 'lg',
      fontWeight: 'semibold',
      lineHeight: 'tight',
      overflowWrap: 'anywhere',
      lineClamp: '2',
    },
    description: { textStyle: 'sm', color: 'fg.muted' },
    body: { display: 'flex', flexDirection: 'column', flex: '1', gap: '4', p: '6' },
    // actions wrap on a narrow card rather than run out of it
    footer: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', p: '6', pt: '0' },
  },
  variants: {
    interactive: {
      true: {
        root: {
          transitionProperty: 'box-shadow, border-color',
          transitionDuration: 'normal',
          _hover: { boxShadow: 'sm', borderColor: 'border.input' },
          _focusWithin: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
        },
      },
    },
  },
});
