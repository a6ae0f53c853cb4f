import { defineSlotRecipe } from '@pandacss/dev';

export const emptyStateRecipe = defineSlotRecipe({
  className: 'empty-state',
  slots: ['root', 'icon', 'title', 'description', 'action'],
  base: {
    root: {
      alignItems: 'center',
      borderColor: 'border.default',
      borderRadius: 'l3',
      borderStyle: 'dashed',
      borderWidth: '1px',
      display: 'flex',
      flexDirection: 'column',
      gap: '3',
      px: '6',
      py: '12',
      textAlign: 'center',
    },
    icon: {
      alignItems: 'center',
      bg: 'bg.muted',
      borderRadius: 'full',
      color: 'fg.muted',
      display: 'flex',
      h: '12',
      justifyContent: 'center',
      w: '12',
      '& svg': { w: '6', h: '6' },
    },
    title: { textStyle: 'lg', fontWeight: 'semibold', color: 'fg.default' },
    description: { textStyle: 'sm', color: 'fg.muted', maxW: 'sm' },
    action: { display: 'flex', gap: '3', mt: '2' },
  },
});
