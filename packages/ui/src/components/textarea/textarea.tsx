import { Field } from '@ark-ui/react/field';
import { styled } from '@mulot/ui/styled-system/jsx';
import { textarea } from '@mulot/ui/styled-system/recipes';
import type { ComponentProps } from 'react';

export const Textarea = styled(Field.Textarea, textarea);
export type TextareaProps = ComponentProps<typeof Textarea>;
