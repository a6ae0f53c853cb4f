// The collapsed sidebar's labels as tooltips (Ark's tooltip and its positioning): fetched only once the sidebar is
// collapsed, since an expanded one shows its labels.
import type { ReactElement } from 'react';
import * as Tooltip from '../tooltip/tooltip';

/** The sidebar's labels show at once (no 700 ms delay): they are the only name an icon has there. */
export function SidebarTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip.Root openDelay={0} positioning={{ placement: 'right' }}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Content>{label}</Tooltip.Content>
    </Tooltip.Root>
  );
}
