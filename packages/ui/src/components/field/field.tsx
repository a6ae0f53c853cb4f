'use client';
import { Field } from '@ark-ui/react/field';
import { createStyleContext } from '@mulot/ui/styled-system/jsx';
import { field } from '@mulot/ui/styled-system/recipes';
import type { ComponentProps } from 'react';

const { withProvider, withContext } = createStyleContext(field);

/** Pass `invalid` to show the ErrorText and mark the control `aria-invalid`; Ark links ids for you. */
export const Root = withProvider(Field.Root, 'root');
export const Label = withContext(Field.Label, 'label');
export const HelperText = withContext(Field.HelperText, 'helperText');
export const ErrorText = withContext(Field.ErrorText, 'errorText');
export const RequiredIndicator = withContext(Field.RequiredIndicator, 'requiredIndicator');
export { FieldContext as Context } from '@ark-ui/react/field';

export type RootProps = ComponentProps<typeof Root>;
