import { defineRecipe } from '@pandacss/dev';

export const spinnerRecipe = defineRecipe({
  className: 'spinner',
  base: {
    display: 'inline-block',
    borderColor: 'currentColor',
    borderStyle: 'solid',
    borderRadius: 'full',
    borderWidth: '2px',
    borderBottomColor: 'transparent',
    borderInlineStartColor: 'transparent',
    animation: 'spin 0.6s linear infinite',
    flexShrink: '0',
  },
  defaultVariants: { size: 'md' },
  variants: {
    size: {
      xs: { width: '3', height: '3' },
      sm: { width: '4', height: '4' },
      md: { width: '5', height: '5' },
      lg: { width: '8', height: '8', borderWidth: '3px' },
    },
  },
});
