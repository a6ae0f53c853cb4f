import { defineRecipe } from '@pandacss/dev';
import { controlBase } from '../input/input.recipe';

export const textareaRecipe = defineRecipe({
  className: 'textarea',
  jsx: ['Textarea'],
  base: {
    ...controlBase,
    minH: '20',
    px: '3',
    py: '2',
    textStyle: 'sm',
    resize: 'vertical',
    lineHeight: 'normal',
  },
  variants: {},
});
