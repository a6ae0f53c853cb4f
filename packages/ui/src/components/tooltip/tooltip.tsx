'use client';
import { Portal } from '@ark-ui/react/portal';
import { Tooltip as Ark, type TooltipOpenChangeDetails } from '@ark-ui/react/tooltip';
import { createStyleContext } from '@mulot/ui/styled-system/jsx';
import { tooltip } from '@mulot/ui/styled-system/recipes';
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';

/** Product timings (spec §9): a tooltip opens after 700 ms; within 300 ms of another closing, at once. */
export const OPEN_DELAY_MS = 700;
export const SKIP_DELAY_MS = 300;
export const CLOSE_DELAY_MS = 100;

const { withRootProvider, withContext } = createStyleContext(tooltip);
const StyledRoot = withRootProvider(Ark.Root, { defaultProps: { lazyMount: true, unmountOnExit: true } });
export const Trigger = withContext(Ark.Trigger, 'trigger');
const StyledPositioner = withContext(Ark.Positioner, 'positioner');
const StyledContent = withContext(Ark.Content, 'content');
export const Arrow = withContext(Ark.Arrow, 'arrow');
export const ArrowTip = withContext(Ark.ArrowTip, 'arrowTip');

const DelayContext = createContext<number>(OPEN_DELAY_MS);

/** Overrides the open delay of every tooltip below it (the sidebar uses 0: its labels show at once). */
export function DelayProvider({ openDelay, children }: { openDelay: number; children: ReactNode }) {
  return <DelayContext.Provider value={openDelay}>{children}</DelayContext.Provider>;
}

// Shared by every tooltip of the page: while one is open, or within the skip window after one closed, the
// next one opens at once.
let lastClosedAt = Number.NEGATIVE_INFINITY;
let openCount = 0;

export type RootProps = Omit<ComponentProps<typeof StyledRoot>, 'openDelay'> & { openDelay?: number };

/**
 * Ark's tooltip, with the open delay handled here (Ark's own delay knows no skip window): Ark asks to open at
 * once, and this root grants it after the delay, or immediately when another tooltip closed under 300 ms ago.
 */
export function Root({ openDelay, open: openProp, defaultOpen = false, onOpenChange, ...props }: RootProps) {
  const contextDelay = useContext(DelayContext);
  const delay = openDelay ?? contextDelay;
  const [openState, setOpenState] = useState(defaultOpen);
  const open = openProp ?? openState;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      // Unmounted while shown: it no longer counts as open.
      if (openRef.current) openCount = Math.max(0, openCount - 1);
    },
    [],
  );

  const change = (details: TooltipOpenChangeDetails) => {
    clearTimeout(timer.current);
    if (!details.open) {
      if (open) {
        lastClosedAt = performance.now();
        openCount = Math.max(0, openCount - 1);
      }
      setOpenState(false);
      onOpenChange?.(details);
      return;
    }
    const wait = openCount > 0 || performance.now() - lastClosedAt < SKIP_DELAY_MS ? 0 : delay;
    const grant = () => {
      if (!open) openCount += 1;
      setOpenState(true);
      onOpenChange?.(details);
    };
    if (wait <= 0) grant();
    else timer.current = setTimeout(grant, wait);
  };

  return (
    <StyledRoot openDelay={0} closeDelay={CLOSE_DELAY_MS} open={open} onOpenChange={change} {...props} />
  );
}

export function Content(props: ComponentProps<typeof StyledContent>) {
  return (
    <Portal>
      <StyledPositioner>
        <StyledContent {...props} />
      </StyledPositioner>
    </Portal>
  );
}
export { TooltipContext as Context } from '@ark-ui/react/tooltip';
