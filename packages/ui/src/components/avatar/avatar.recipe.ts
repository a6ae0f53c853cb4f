import { avatarAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const avatarRecipe = defineSlotRecipe({
  className: 'avatar',
  slots: avatarAnatomy.keys(),
  base: {
    root: {
      alignItems: 'center',
      borderRadius: 'full',
      display: 'inline-flex',
      flexShrink: '0',
      justifyContent: 'center',
      overflow: 'hidden',
      position: 'relative',
      userSelect: 'none',
      verticalAlign: 'top',
      bg: 'bg.emphasized',
    },
    fallback: {
      alignItems: 'center',
      color: 'fg.default',
      display: 'flex',
      fontWeight: 'semibold',
      height: '100%',
      justifyContent: 'center',
      textTransform: 'uppercase',
      width: '100%',
    },
    image: { height: '100%', objectFit: 'cover', width: '100%' },
  },
  defaultVariants: { size: 'md' },
  variants: {
    size: {
      sm: { root: { w: '8', h: '8' }, fallback: { textStyle: 'xs' } },
      md: { root: { w: '10', h: '10' }, fallback: { textStyle: 'sm' } },
      lg: { root: { w: '16', h: '16' }, fallback: { textStyle: 'xl' } },
    },
  },
});
