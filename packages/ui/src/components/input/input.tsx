import { Field } from '@ark-ui/react/field';
import { styled } from '@mulot/ui/styled-system/jsx';
import { input } from '@mulot/ui/styled-system/recipes';
import type { ComponentProps } from 'react';

/** A text input; inside `Field.Root` it is wired to the label, helper and error texts. */
export const Input = styled(Field.Input, input);
export type InputProps = ComponentProps<typeof Input>;
