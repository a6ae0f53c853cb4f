'use client';
import { Menu as Ark } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { createStyleContext } from '@mulot/ui/styled-system/jsx';
import { menu } from '@mulot/ui/styled-system/recipes';
import type { ComponentProps } from 'react';

const { withRootProvider, withContext } = createStyleContext(menu);

export const Root = withRootProvider(Ark.Root, { defaultProps: { lazyMount: true, unmountOnExit: true } });
export const Trigger = withContext(Ark.Trigger, 'trigger');
const StyledPositioner = withContext(Ark.Positioner, 'positioner');
const StyledContent = withContext(Ark.Content, 'content');
const StyledItem = withContext(Ark.Item, 'item');
export const ItemGroup = withContext(Ark.ItemGroup, 'itemGroup');
export const ItemGroupLabel = withContext(Ark.ItemGroupLabel, 'itemGroupLabel');
export const Separator = withContext(Ark.Separator, 'separator');
export { MenuContext as Context } from '@ark-ui/react/menu';

export type RootProps = ComponentProps<typeof Root>;

/** Positioner + content in a portal. */
export function Content(props: ComponentProps<typeof StyledContent>) {
  return (
    <Portal>
      <StyledPositioner>
        <StyledContent {...props} />
      </StyledPositioner>
    </Portal>
  );
}

export type ItemProps = ComponentProps<typeof StyledItem> & {
  /** Red item for an action that deletes something (e.g. "Retirer de l'équipe"). */
  destructive?: boolean;
};

export function Item({ destructive, ...props }: ItemProps) {
  return <StyledItem data-destructive={destructive ? '' : undefined} {...props} />;
}
