import { UI_ATTRIBUTE } from '@mulot/player';
import { ExtensionPanel, type ExtensionPanelProps, ShadowRootEnvironment } from '@mulot/ui/fragments/runner';
import { useLayoutEffect, useState } from 'react';

const MARGIN = 16;
const WIDTH = 380;
/** How far down the page's top bar (logo, menu, sign-in button) may reach. */
const TOP_BAND = 160;
const CONTROLS = 'a[href],button,input,select,textarea,[role="button"],[role="link"],[role="tab"],[tabindex]';

/**
 * Where the panel's top edge goes on `side`: below the page's own controls in the top band that it would otherwise
 * cover (a site's "sign in" or account button sits at the top right, where the panel opens).
 */
function topOnSide(side: 'left' | 'right'): number {
  const width = Math.min(WIDTH, window.innerWidth - 2 * MARGIN);
  const left = side === 'right' ? window.innerWidth - MARGIN - width : MARGIN;
  let top = MARGIN;
  for (const control of document.querySelectorAll(CONTROLS)) {
    if (control.closest('mulot-panel')) continue;
    const box = control.getBoundingClientRect();
    const covered = box.width > 0 && box.height > 0 && box.right > left && box.left < left + width;
    if (covered && box.top < TOP_BAND && box.bottom > 0) top = Math.max(top, Math.ceil(box.bottom) + 8);
  }
  return Math.min(top, TOP_BAND + 8);
}

function hostStyle(side: 'left' | 'right', top: number, hidden: boolean, passThrough: boolean): string {
  // `all:initial` first: the page's styles for unknown elements or `[popover]` must not size nor paint the host
  // (and `!important`: a page's own `!important` reset must not either)
  const rules =
    `all:initial;position:fixed;top:${top}px;bottom:auto;margin:0;border:0;padding:0;background:transparent;` +
    `overflow:visible;${side === 'right' ? 'right:16px;left:auto;' : 'left:16px;right:auto;'}` +
    `width:min(${WIDTH}px,calc(100vw - ${2 * MARGIN}px));height:auto;` +
    `max-height:calc(100vh - ${top + MARGIN}px);display:flex;` +
    `transition:opacity .15s;${hidden ? 'visibility:hidden;' : 'visibility:visible;'}` +
    // (opaque all the same: a see-through panel over the page reads as a glitch, and the author can move it aside)
    `${passThrough ? 'pointer-events:none;' : 'pointer-events:auto;'}`;
  return rules.replaceAll(';', ' !important;');
}

export interface PanelHostProps extends Omit<ExtensionPanelProps, 'side' | 'onMove'> {
  /** the design system's CSS for the panel's shadow root */
  css: string;
  /** hidden, e.g. while the visible tab is captured */
  hidden?: boolean;
  /** lets the pointer through to the page under the panel (element capture) */
  passThrough?: boolean;
  /** called with the host once placed (the extension watches trusted input on it); returns its cleanup */
  onHost?: (host: HTMLElement) => () => void;
  /** the side it opens on (the user moves it to the other one); right by default */
  initialSide?: 'left' | 'right';
}

/**
 * The in-page panel: a `<mulot-panel>` host in the page's top layer (a manual popover, so that no stacking context
 * of the page covers it), marked so that the player never captures nor finds its elements, with the ui's
 * ExtensionPanel in its closed shadow root.
 */
export function PanelHost({
  css,
  hidden = false,
  passThrough = false,
  onHost,
  initialSide = 'right',
  children,
  ...panel
}: PanelHostProps) {
  const [host, setHost] = useState<HTMLElement | null>(null);
  const [side, setSide] = useState(initialSide);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one host for the panel's life
  useLayoutEffect(() => {
    const element = document.createElement('mulot-panel');
    element.setAttribute(UI_ATTRIBUTE, 'panel');
    document.documentElement.append(element);
    element.setAttribute('popover', 'manual');
    element.showPopover();
    setHost(element);
    const unwatch = onHost?.(element);
    return () => {
      unwatch?.();
      element.remove();
    };
  }, []);
  // measured when the panel opens or changes side, not on every scroll: a panel that moves by itself under the
  // pointer is worse than one that covers a little
  const [top, setTop] = useState(MARGIN);
  useLayoutEffect(() => setTop(topOnSide(side)), [side]);
  useLayoutEffect(() => {
    if (host) host.style.cssText = hostStyle(side, top, hidden, passThrough);
  }, [host, side, top, hidden, passThrough]);
  if (!host) return null;
  return (
    // closed: the page's scripts see that a panel host exists, not what is in it
    <ShadowRootEnvironment host={host} styles={{ cssText: css }} mode="closed">
      <ExtensionPanel
        {...panel}
        side={side}
        onMove={() => setSide((now) => (now === 'right' ? 'left' : 'right'))}
      >
        {children}
      </ExtensionPanel>
    </ShadowRootEnvironment>
  );
}
