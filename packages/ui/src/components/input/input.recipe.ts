import { defineRecipe } from '@pandacss/dev';

// Shared look of every text control (Input, Textarea, the PasswordInput and NumberInput controls).
export const controlBase = {
  appearance: 'none',
  bg: 'bg.default',
  borderColor: 'border.input',
  borderRadius: 'l2',
  borderWidth: '1px',
  color: 'fg.default',
  outline: '0',
  position: 'relative',
  width: '100%',
  transitionDuration: 'normal',
  transitionProperty: 'border-color, outline-color',
  _placeholder: { color: 'fg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-1px' },
  _invalid: { borderColor: 'border.error', _focusVisible: { outlineColor: 'border.error' } },
  _disabled: { opacity: '0.6', cursor: 'not-allowed', bg: 'bg.subtle' },
} as const;

export const inputRecipe = defineRecipe({
  className: 'input',
  jsx: ['Input', 'SearchInput'],
  base: controlBase,
  defaultVariants: { size: 'md' },
  variants: {
    size: {
      sm: { h: '9', px: '2.5', textStyle: 'sm' },
      md: { h: '10', px: '3', textStyle: 'sm' },
      lg: { h: '11', px: '3.5', textStyle: 'md' },
    },
  },
});
