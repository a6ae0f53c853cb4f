'use client';
import { RadioGroup as Ark } from '@ark-ui/react/radio-group';
import { createStyleContext } from '@mulot/ui/styled-system/jsx';
import { radioGroup } from '@mulot/ui/styled-system/recipes';
import type { ComponentProps } from 'react';

const { withProvider, withContext } = createStyleContext(radioGroup);

export const Root = withProvider(Ark.Root, 'root');
export const Label = withContext(Ark.Label, 'label');
export const Item = withContext(Ark.Item, 'item');
export const ItemControl = withContext(Ark.ItemControl, 'itemControl');
export const ItemText = withContext(Ark.ItemText, 'itemText');
export const ItemHiddenInput = Ark.ItemHiddenInput;
export { RadioGroupContext as Context } from '@ark-ui/react/radio-group';

export type RootProps = ComponentProps<typeof Root>;
