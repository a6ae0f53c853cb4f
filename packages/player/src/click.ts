import { isVisible } from './dom';

export type ClickState = 'clicking' | 'clicked' | 'failed';

export interface AutoClickOptions {
  /** receives "clicking" first, then "clicked" or "failed": the runner shows it to the user */
  onState?: (state: ClickState) => void;
  /** how long the clicking state lasts before the click, so the user sees what happens (ms, default 400) */
  delay?: number;
  signal?: AbortSignal;
}

/** Clicks the element the way a user would (pointer, mouse, focus, click), after a visible "clicking" state. */
export async function autoClick(element: Element, options: AutoClickOptions = {}): Promise<ClickState> {
  const { onState, delay = 400, signal } = options;
  onState?.('clicking');
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, delay);
    // a signal aborts once: its listener needs no `once`
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  }).catch((reason: unknown) => {
    onState?.('failed');
    throw reason;
  });
  const html = element as HTMLElement;
  if (!isVisible(element) || (html as HTMLButtonElement).disabled || element.closest('[inert]')) {
    onState?.('failed');
    return 'failed';
  }
  const rect = element.getBoundingClientRect();
  // the main button (button 0) is the default
  const init: PointerEventInit = {
    bubbles: true,
    cancelable: true,
    composed: true,
    clientX: rect.left + rect.width / 2,
    clientY: rect.top + rect.height / 2,
    pointerType: 'mouse',
    isPrimary: true,
    view: element.ownerDocument.defaultView,
  };
  element.dispatchEvent(new PointerEvent('pointerover', init));
  element.dispatchEvent(new MouseEvent('mouseover', init));
  element.dispatchEvent(new PointerEvent('pointerdown', init));
  element.dispatchEvent(new MouseEvent('mousedown', { ...init, buttons: 1 }));
  html.focus?.({ preventScroll: true });
  element.dispatchEvent(new PointerEvent('pointerup', init));
  element.dispatchEvent(new MouseEvent('mouseup', init));
  // click() runs the element's activation behaviour (links navigate, forms submit, checkboxes toggle); an SVG
  // element has none
  if (html.click) html.click();
  else element.dispatchEvent(new MouseEvent('click', init));
  onState?.('clicked');
  return 'clicked';
}
