import { pickTarget } from './capture';
import { cover, UI_ATTRIBUTE } from './dom';

/**
 * Element capture: outlines the element under the pointer and picks the one clicked, without letting the page
 * react to that click. Elements of the extension's own UI are ignored. Escape cancels.
 */
export function pickElement(onPick: (element: Element) => void, onCancel: () => void): () => void {
  // the outline lives in a closed shadow root: the page's scripts see an empty host, not what is being picked
  const host = document.createElement('div');
  host.setAttribute(UI_ATTRIBUTE, 'picker');
  host.style.cssText = 'all:initial;position:fixed;inset:0;pointer-events:none;z-index:2147483645;';
  const outline = document.createElement('div');
  outline.style.cssText =
    'all:initial;position:fixed;pointer-events:none;box-sizing:border-box;' +
    'border:2px solid #4f46e5;background:#4f46e51f;border-radius:4px;display:none;';
  host.attachShadow({ mode: 'closed' }).append(outline);
  document.documentElement.append(host);

  const targetOf = (event: Event): Element | null => {
    for (const node of event.composedPath()) {
      if (node instanceof Element && node.closest(`[${UI_ATTRIBUTE}]`)) return null;
    }
    const first = event.composedPath()[0];
    // the icon or text inside a button picks the button, as the user means it
    return first instanceof Element ? pickTarget(first) : null;
  };
  const onMove = (event: Event) => {
    const el = targetOf(event);
    if (!el) {
      outline.style.display = 'none';
      return;
    }
    const rect = el.getBoundingClientRect();
    outline.style.display = 'block';
    cover(outline.style, rect);
  };
  const swallow = (event: Event) => {
    if (!targetOf(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const onClick = (event: Event) => {
    const el = targetOf(event);
    if (!el) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // a click the page's script made up picks nothing: only the user chooses a step's target
    if (!event.isTrusted) return;
    stop();
    onPick(el);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !event.isTrusted) return;
    event.preventDefault();
    stop();
    onCancel();
  };
  // every listener in one list, so that stop() removes each one it added
  const listeners = [
    ['mouseover', onMove],
    ['mousemove', onMove],
    ...['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'auxclick', 'dblclick', 'submit'].map(
      (type) => [type, swallow] as const,
    ),
    ['click', onClick],
    ['keydown', onKey],
  ] as const;
  for (const [type, listener] of listeners) window.addEventListener(type, listener as EventListener, true);
  let stopped = false;
  function stop() {
    if (stopped) return;
    stopped = true;
    for (const [type, listener] of listeners)
      window.removeEventListener(type, listener as EventListener, true);
    host.remove();
  }
  return stop;
}
