'use client';
import { Portal } from '@ark-ui/react/portal';
import { Select as Ark, type CollectionItem, createListCollection } from '@ark-ui/react/select';
import { createStyleContext } from '@mulot/ui/styled-system/jsx';
import { select } from '@mulot/ui/styled-system/recipes';
import { Check, ChevronsUpDown } from 'lucide-react';
import type { ComponentProps, ReactElement } from 'react';

const { withProvider, withContext } = createStyleContext(select);

const StyledRoot = withProvider(Ark.Root, 'root', { defaultProps: { lazyMount: true, unmountOnExit: true } });

export type RootProps<T extends CollectionItem = CollectionItem> = Omit<
  ComponentProps<typeof StyledRoot>,
  keyof Ark.RootBaseProps<T>
> &
  Ark.RootBaseProps<T>;

/** Styled root that keeps Ark's item type (the style context erases generics). */
export const Root = StyledRoot as <T extends CollectionItem>(props: RootProps<T>) => ReactElement;
export const Label = withContext(Ark.Label, 'label');
export const Control = withContext(Ark.Control, 'control');
const StyledTrigger = withContext(Ark.Trigger, 'trigger');
export const ValueText = withContext(Ark.ValueText, 'valueText');
const StyledIndicator = withContext(Ark.Indicator, 'indicator');
const StyledPositioner = withContext(Ark.Positioner, 'positioner');
export const Content = withContext(Ark.Content, 'content');
export const List = withContext(Ark.List, 'list');
export const Item = withContext(Ark.Item, 'item');
export const ItemText = withContext(Ark.ItemText, 'itemText');
const StyledItemIndicator = withContext(Ark.ItemIndicator, 'itemIndicator');
export const ItemGroup = withContext(Ark.ItemGroup, 'itemGroup');
export const ItemGroupLabel = withContext(Ark.ItemGroupLabel, 'itemGroupLabel');
export const HiddenSelect = Ark.HiddenSelect;
export { SelectContext as Context } from '@ark-ui/react/select';
export { createListCollection };

/** Trigger with the chevrons indicator built in. */
export function Trigger({ children, ...props }: ComponentProps<typeof StyledTrigger>) {
  return (
    <StyledTrigger {...props}>
      {children}
      <StyledIndicator>
        <ChevronsUpDown aria-hidden />
      </StyledIndicator>
    </StyledTrigger>
  );
}

/** Positioner + content in a portal, so a select inside a dialog or card is never clipped. */
export function Positioner({ children, ...props }: ComponentProps<typeof StyledPositioner>) {
  return (
    <Portal>
      <StyledPositioner {...props}>{children}</StyledPositioner>
    </Portal>
  );
}

export function ItemIndicator(props: ComponentProps<typeof StyledItemIndicator>) {
  return (
    <StyledItemIndicator {...props}>
      <Check aria-hidden />
    </StyledItemIndicator>
  );
}
