import { UI_ATTRIBUTE } from '@mulot/player';
import { ExtensionPanel, type ExtensionPanelProps, ShadowRootEnvironment } from '@mulot/ui/fragments/runner';
import { useLayoutEffect, useState } from 'react';
import pandaCss from './generated/panda.css?inline';

/** The Panda CSS of the ui package, for the extension's shadow roots (the page's styles cannot reach them). */
export const PANEL_CSS = pandaCss;

function hostStyle(side: 'left' | 'right', hidden: boolean, passThrough: boolean): string {
  // `all:initial` first: the page's styles for unknown elements or `[popover]` must not size nor paint the host
  return (
    'all:initial;position:fixed;top:16px;bottom:auto;margin:0;border:0;padding:0;background:transparent;' +
    `overflow:visible;${side === 'right' ? 'right:16px;left:auto;' : 'left:16px;right:auto;'}` +
    'width:min(380px,calc(100vw - 32px));height:auto;max-height:calc(100vh - 32px);display:flex;' +
    `z-index:2147483646;transition:opacity .15s;${hidden ? 'visibility:hidden;' : ''}` +
    `${passThrough ? 'pointer-events:none;opacity:.55;' : ''}`
  );
}

export interface PanelHostProps extends Omit<ExtensionPanelProps, 'side' | 'onMove'> {
  /** hidden, e.g. while the visible tab is captured */
  hidden?: boolean;
  /** lets the pointer through to the page under the panel (element capture) */
  passThrough?: boolean;
}

/**
 * The in-page panel: a `<mulot-panel>` host in the page's top layer (a manual popover, so that no stacking context
 * of the page covers it; the highest z-index where popovers are missing), marked so that the player never
 * captures nor finds its elements, with the ui's ExtensionPanel in its shadow root.
 */
export function PanelHost({ hidden = false, passThrough = false, children, ...panel }: PanelHostProps) {
  const [host, setHost] = useState<HTMLElement | null>(null);
  const [side, setSide] = useState<'left' | 'right'>('right');
  useLayoutEffect(() => {
    const element = document.createElement('mulot-panel');
    element.setAttribute(UI_ATTRIBUTE, 'panel');
    document.documentElement.append(element);
    if ('showPopover' in element) {
      element.setAttribute('popover', 'manual');
      element.showPopover();
    }
    setHost(element);
    return () => element.remove();
  }, []);
  useLayoutEffect(() => {
    if (host) host.style.cssText = hostStyle(side, hidden, passThrough);
  }, [host, side, hidden, passThrough]);
  if (!host) return null;
  return (
    <ShadowRootEnvironment host={host} styles={{ cssText: PANEL_CSS }}>
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
