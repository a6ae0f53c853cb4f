import { defineRecipe } from '@pandacss/dev';

export const skeletonRecipe = defineRecipe({
  className: 'skeleton',
  jsx: ['Skeleton'],
  base: {
    bg: 'bg.emphasized',
    borderRadius: 'l2',
    animation: 'pulse 1.5s ease-in-out infinite',
    flexShrink: '0',
  },
  defaultVariants: { shape: 'block' },
  variants: {
    shape: {
      block: {},
      text: { h: '4', borderRadius: 'l1' },
      circle: { borderRadius: 'full' },
    },
  },
});
