'use client';
import { SegmentGroup as Ark } from '@ark-ui/react/segment-group';
import { createStyleContext } from '@mulot/ui/styled-system/jsx';
import { segmentGroup } from '@mulot/ui/styled-system/recipes';
import type { ComponentProps } from 'react';

const { withProvider, withContext } = createStyleContext(segmentGroup);

export const Root = withProvider(Ark.Root, 'root');
export const Label = withContext(Ark.Label, 'label');
export const Item = withContext(Ark.Item, 'item');
export const ItemText = withContext(Ark.ItemText, 'itemText');
export const ItemControl = withContext(Ark.ItemControl, 'itemControl');
export const ItemHiddenInput = Ark.ItemHiddenInput;
export { SegmentGroupContext as Context } from '@ark-ui/react/segment-group';

export type RootProps = ComponentProps<typeof Root>;
