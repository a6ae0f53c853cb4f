import { defineSlotRecipe } from '@pandacss/dev';

export const breadcrumbRecipe = defineSlotRecipe({
  className: 'breadcrumb',
  slots: ['root', 'list', 'item', 'link', 'page', 'separator'],
  base: {
    root: {},
    list: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      gap: '1.5',
      textStyle: 'sm',
      color: 'fg.muted',
    },
    item: { display: 'inline-flex', alignItems: 'center', gap: '1.5', minW: '0', maxW: 'full' },
    link: {
      color: 'fg.muted',
      textDecoration: 'none',
      // Long names end in an ellipsis on one line; ContentBreadcrumb gives the full name as the title.
      truncate: true,
      maxW: '64',
      borderRadius: 'l1',
      transitionProperty: 'color',
      transitionDuration: 'normal',
      _hover: { color: 'fg.default', textDecoration: 'underline' },
      _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
    },
    page: { color: 'fg.default', fontWeight: 'medium', truncate: true, maxW: '64' },
    separator: { display: 'inline-flex', color: 'fg.subtle', '& svg': { w: '3.5', h: '3.5' } },
  },
});
