import { adoptStyles, cover, UI_ATTRIBUTE } from './dom';

export interface HighlightOptions {
  /** accessible name of the step when its content has no heading */
  label?: string;
  /** Escape pressed anywhere on the page: the caller leaves the guide */
  onEscape?: () => void;
  /** CSS for the content; it lives in the overlay's shadow root, out of reach of the page's styles */
  styles?: string;
  /** move focus to the step content (default true) */
  focus?: boolean;
  /** scroll the target into view, clear of fixed headers (default true) */
  scroll?: boolean;
  /** dim the rest of the page (default true) */
  dim?: boolean;
  /** the target left the page (a re-render replaced it): the caller can find it again and update() */
  onTargetLost?: () => void;
}

export interface HighlightHandle {
  /** the overlay's host element, in the top layer */
  readonly host: HTMLElement;
  /** the host's shadow root, closed: the page's scripts see the host, never the step nor its buttons */
  readonly root: ShadowRoot;
  /** the step content's container (role dialog), inside the host's shadow root */
  readonly card: HTMLElement;
  /** replaces the content and, optionally, the target (null: unanchored) */
  update(content?: Node | null, target?: Element | null): void;
  reposition(): void;
  destroy(): void;
}

/** The card's distances in px: from its target, and from the viewport's edges. */
const CARD = { gap: 12, margin: 8 } as const;
const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])';

const STYLE =
  '.ring{position:fixed;box-sizing:border-box;border:3px solid #f59e0b;border-radius:6px;pointer-events:none}' +
  '.ring.dim{box-shadow:0 0 0 100vmax #0f172a73}' +
  '.card{position:fixed;box-sizing:border-box;max-width:min(360px,100vw - 16px);max-height:calc(100vh - 16px);overflow:auto;' +
  'pointer-events:auto;background:#fff;color:#111827;border-radius:10px;box-shadow:0 10px 30px #0000004d;padding:16px;font:14px/1.5 system-ui,sans-serif}' +
  '.card:focus{outline:3px solid #2563eb;outline-offset:2px}';

/** Bottom edge of the fixed or sticky bars at the top of the viewport (headers the target must clear). */
export function topInset(doc: Document): number {
  const win = doc.defaultView as Window;
  let inset = 0;
  for (const x of [0.1, 0.5, 0.9]) {
    for (const hit of doc.elementsFromPoint(win.innerWidth * x, 1)) {
      if (hit.hasAttribute(UI_ATTRIBUTE)) continue;
      for (let el: Element | null = hit; el && el !== doc.body; el = el.parentElement) {
        const position = win.getComputedStyle(el).position;
        if (position !== 'fixed' && position !== 'sticky') continue;
        const rect = el.getBoundingClientRect();
        if (rect.top <= 1 && rect.height < win.innerHeight / 2) inset = Math.max(inset, rect.bottom);
        break;
      }
    }
  }
  return inset;
}

/** Scrolls the target into view unless it is already fully visible below the fixed headers. */
export function scrollIntoClearView(target: Element): void {
  const doc = target.ownerDocument;
  const win = doc.defaultView as Window;
  const rect = target.getBoundingClientRect();
  if (rect.top >= topInset(doc) && rect.bottom <= win.innerHeight) return;
  // inline: 'nearest' is the default
  target.scrollIntoView({ block: 'center', behavior: 'instant' });
  // centered, it may still be under a tall header: then it goes down to just below the header
  const { top } = target.getBoundingClientRect();
  const inset = topInset(doc);
  if (top < inset + CARD.margin) win.scrollBy({ top: top - inset - CARD.margin * 2, behavior: 'instant' });
}

/**
 * Shows a step: a ring around the target and the caller's content beside it, in the top layer so that the
 * page's own stacking contexts cannot cover it. Without a target the content is shown centered (unanchored).
 */
export function highlight(
  target: Element | null,
  content: Node | null,
  options: HighlightOptions = {},
): HighlightHandle {
  let current = target;
  const doc = target?.ownerDocument ?? document;
  const win = doc.defaultView as Window;
  const host = doc.createElement('div');
  host.setAttribute(UI_ATTRIBUTE, 'highlight');
  // all:initial also undoes the popover's user-agent margin, padding, border, background, overflow and sizes: fixed
  // at inset 0 with no size of its own, it covers the viewport
  // (important: a page's own `!important` reset of `div` or `[popover]` must not move nor hide it)
  host.style.cssText =
    'all:initial!important;position:fixed!important;inset:0!important;pointer-events:none!important;' +
    'display:block!important;visibility:visible!important';
  host.setAttribute('popover', 'manual');
  const shadow = host.attachShadow({ mode: 'closed' });
  const ring = doc.createElement('div');
  ring.className = options.dim === false ? 'ring' : 'ring dim';
  const card = doc.createElement('div');
  card.className = 'card';
  // a dialog that is not modal (aria-modal's default, so not written): the page beside it stays in reach
  card.setAttribute('role', 'dialog');
  card.tabIndex = -1;
  adoptStyles(shadow, STYLE + (options.styles ?? ''));
  shadow.append(ring, card);

  const setContent = (node: Node | null | undefined) => {
    card.replaceChildren(...(node ? [node] : []));
    card.removeAttribute('aria-labelledby');
    card.removeAttribute('aria-label');
    const heading = card.querySelector('h1,h2,h3,h4,h5,h6,[role=heading]');
    if (heading) {
      heading.id ||= `mulot-${Math.random().toString(36).slice(2)}`;
      card.setAttribute('aria-labelledby', heading.id);
    } else if (options.label) card.setAttribute('aria-label', options.label);
  };
  setContent(content);

  // while a modal dialog is open everything outside it is inert: the overlay goes inside the dialog holding
  // the target, or else inside the last modal dialog opened (it stays above it in the top layer)
  const container = (): Element =>
    current?.closest('dialog:modal') ?? [...doc.querySelectorAll('dialog:modal')].pop() ?? doc.body;
  const show = () => {
    const parent = container();
    if (host.parentElement !== parent) parent.append(host);
    if (host.matches(':popover-open')) host.hidePopover();
    host.showPopover();
  };

  let lost = false;
  const reposition = () => {
    const vw = win.innerWidth;
    const vh = win.innerHeight;
    const cw = card.offsetWidth;
    const ch = card.offsetHeight;
    if (current && !current.isConnected && !lost) {
      lost = true;
      options.onTargetLost?.();
    }
    const box = current?.getBoundingClientRect();
    // a target taking no space (detached ones too) leaves nothing to ring: the card is then centered, as without
    // a target
    const rect = box && (box.width || box.height) && box;
    ring.hidden = !rect;
    let left = (vw - cw) / 2;
    let top = (vh - ch) / 2;
    if (rect) {
      cover(ring.style, rect, 4);
      // below the target, else above it, else beside it (right, then left) at its height, else at the bottom
      left = Math.min(Math.max(CARD.margin, rect.left), vw - cw - CARD.margin);
      top = Math.min(Math.max(CARD.margin, rect.top), vh - ch - CARD.margin);
      if (rect.bottom + CARD.gap + ch <= vh - CARD.margin) top = rect.bottom + CARD.gap;
      else if (rect.top - CARD.gap - ch >= CARD.margin) top = rect.top - CARD.gap - ch;
      else if (rect.right + CARD.gap + cw <= vw - CARD.margin) left = rect.right + CARD.gap;
      else if (rect.left - CARD.gap - cw >= CARD.margin) left = rect.left - CARD.gap - cw;
      else top = vh - ch - CARD.margin;
    }
    Object.assign(card.style, {
      left: `${Math.max(CARD.margin, left)}px`,
      top: `${Math.max(CARD.margin, top)}px`,
    });
  };

  let frame = 0;
  const schedule = () => {
    frame ||= win.requestAnimationFrame(() => {
      frame = 0;
      reposition();
    });
  };
  const resizeObserver = new ResizeObserver(schedule);
  const mutationObserver = new MutationObserver((records) => {
    // a modal dialog opened by the page enters the top layer above the overlay: climb back on top
    if (records.some((r) => r.attributeName === 'open' && (r.target as Element).localName === 'dialog'))
      show();
    schedule();
  });
  mutationObserver.observe(doc.documentElement, { subtree: true, childList: true, attributes: true });
  const onToggle = (event: Event) => {
    if (event.target !== host && (event as ToggleEvent).newState === 'open') show();
  };
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') options.onEscape?.();
  };
  const lastFocusable = () => [...card.querySelectorAll<HTMLElement>(FOCUSABLE)].pop();
  const onCardKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.shiftKey || !current?.isConnected) return;
    const last = lastFocusable();
    if (!last || shadow.activeElement === last) {
      event.preventDefault();
      (current as HTMLElement).focus();
    }
  };
  const onTargetKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !event.shiftKey || event.target !== current) return;
    event.preventDefault();
    (lastFocusable() ?? card).focus();
  };
  const listen = (on: boolean) => {
    const method = on ? 'addEventListener' : 'removeEventListener';
    // captured, for scrolling containers too (a scroll event cannot be cancelled: no need to say passive)
    win[method]('scroll', schedule, true);
    win[method]('resize', schedule);
    doc[method]('transitionend', schedule, true);
    doc[method]('animationend', schedule, true);
    doc[method]('toggle', onToggle, true);
    doc[method]('keydown', onKeydown as EventListener, true);
    card[method]('keydown', onCardKeydown as EventListener);
  };
  listen(true);

  let addedTabIndex: Element | null = null;
  // undoes what anchor() did to the target
  const releaseTarget = () => {
    current?.removeEventListener('keydown', onTargetKeydown as EventListener);
    addedTabIndex?.removeAttribute('tabindex');
    addedTabIndex = null;
  };
  const anchor = (next: Element | null) => {
    releaseTarget();
    current = next;
    lost = false;
    if (current) {
      if (options.scroll !== false) scrollIntoClearView(current);
      const focusable = (current as HTMLElement).tabIndex >= 0 && !(current as HTMLButtonElement).disabled;
      if (!focusable && !current.hasAttribute('tabindex')) {
        // lets Tab from the step reach the target even when it is not focusable by itself
        current.setAttribute('tabindex', '-1');
        addedTabIndex = current;
      }
      current.addEventListener('keydown', onTargetKeydown as EventListener);
    }
    resizeObserver.disconnect();
    resizeObserver.observe(doc.documentElement);
    resizeObserver.observe(card);
    if (current) resizeObserver.observe(current);
    reposition();
  };

  show();
  anchor(current);
  if (options.focus !== false) card.focus({ preventScroll: true });

  return {
    host,
    root: shadow,
    card,
    update(next, nextTarget) {
      if (next !== undefined) setContent(next);
      if (nextTarget !== undefined && nextTarget !== current) anchor(nextTarget);
      else reposition();
      if (options.focus !== false) card.focus({ preventScroll: true });
    },
    reposition,
    destroy() {
      listen(false);
      releaseTarget();
      resizeObserver.disconnect();
      mutationObserver.disconnect();
      // no frame has the id 0: cancelling it does nothing
      win.cancelAnimationFrame(frame);
      host.remove();
    },
  };
}
