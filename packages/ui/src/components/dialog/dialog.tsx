'use client';
import { Dialog as Ark, useDialogContext } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { createStyleContext, styled } from '@mulot/ui/styled-system/jsx';
import { dialog } from '@mulot/ui/styled-system/recipes';
import { getTabbables } from '@zag-js/dom-query';
import { X } from 'lucide-react';
import { type ComponentProps, type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useInClosedShadowRoot } from '../../fragments/runner/shadow-root';

const { withRootProvider, withContext } = createStyleContext(dialog);

const StyledRoot = withRootProvider(Ark.Root, { defaultProps: { lazyMount: true, unmountOnExit: true } });

/**
 * Modal dialog. Escape and a click outside close it (Ark defaults, kept on purpose: spec §4); it mounts on
 * first open and unmounts on close, so a re-opened form starts clean.
 *
 * In a closed shadow root (the extension's panels, on a customer's page) Ark's modal behaviours are off:
 * - its focus trap listens on the document, where the composed path of a key event stops at the shadow host, so
 *   it takes the focused button for one outside the dialog and sends Tab back to the first one; `Content` keeps
 *   Tab inside itself there instead;
 * - hiding the rest from assistive technology looks for the dialog under the page's body, does not find it, and
 *   logs an error in the customer's console; `Content` makes what is below it inert itself;
 * - the customer's page keeps its own scrolling.
 */
export function Root(props: ComponentProps<typeof StyledRoot>) {
  const closed = useInClosedShadowRoot();
  // spread only when off: an explicit `undefined` would override Ark's default (modal)
  return <StyledRoot {...props} {...(closed && { modal: false })} />;
}
export const Trigger = withContext(Ark.Trigger, 'trigger');
const StyledBackdrop = withContext(Ark.Backdrop, 'backdrop');
const StyledPositioner = withContext(Ark.Positioner, 'positioner');
const StyledContent = withContext(Ark.Content, 'content');
export const Title = withContext(Ark.Title, 'title');
export const Description = withContext(Ark.Description, 'description');
export const Header = withContext(styled.div, 'header');
export const Body = withContext(styled.div, 'body');
export const Footer = withContext(styled.div, 'footer');
const CornerCloseTrigger = withContext(Ark.CloseTrigger, 'closeTrigger');
/** Closes the dialog; unstyled, wrap your own button with `asChild` (e.g. "Annuler"). */
export const CloseTrigger = Ark.CloseTrigger;
export { DialogContext as Context } from '@ark-ui/react/dialog';

export type RootProps = ComponentProps<typeof Root>;
export type ContentProps = ComponentProps<typeof StyledContent> & {
  /** Adds the top-right "Fermer" (close) button; on by default. */
  showCloseButton?: boolean;
};

/** Backdrop, positioner and content in a portal; children are the dialog's parts. */
export function Content({ children, showCloseButton = true, onKeyDown, ...props }: ContentProps) {
  const intl = useIntl();
  const content = useRef<HTMLDivElement>(null);
  const closed = useInClosedShadowRoot();
  useInertBelow(content);
  return (
    <Portal>
      <StyledBackdrop />
      <StyledPositioner>
        <StyledContent
          ref={content}
          onKeyDown={(event) => {
            onKeyDown?.(event);
            if (closed) keepTabInside(event);
          }}
          {...props}
        >
          {children}
          {showCloseButton && (
            <CornerCloseTrigger
              aria-label={intl.formatMessage({ id: 'ui.dialog.close', defaultMessage: 'Fermer' })}
            >
              <X aria-hidden />
            </CornerCloseTrigger>
          )}
        </StyledContent>
      </StyledPositioner>
    </Portal>
  );
}

/**
 * Tab from the last tabbable element goes to the first, Shift+Tab from the first (or from the content itself) to
 * the last: Ark's focus trap does that, but not in a closed shadow root (see `Root`). Inside the shadow tree the
 * event's target is the focused element. Everything outside is inert already (`useInertBelow`), so only the
 * wrap is left to do; without it Tab would leave for the browser's own controls.
 */
function keepTabInside(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const container = event.currentTarget;
  const tabbables = getTabbables(container);
  const first = tabbables[0] ?? container;
  const last = tabbables.at(-1) ?? container;
  const at = event.target;
  let to: HTMLElement | null = null;
  if (event.shiftKey && (at === first || at === container)) to = last;
  else if (!event.shiftKey && at === last) to = first;
  if (!to) return;
  event.preventDefault();
  to.focus({ preventScroll: true });
}

/**
 * While a modal dialog is open, everything else on the page is `inert`: Ark only marks it `aria-hidden`, which
 * leaves its links and buttons focusable and reachable (axe `aria-hidden-focus`). Toasts stay live: they carry
 * the outcome of what the dialog does.
 */
function useInertBelow(content: { current: HTMLElement | null }) {
  const { open } = useDialogContext();
  // A layout effect: the page must be focusable again in the commit that closes the dialog, before Ark gives the
  // focus back to what had it; an inert element refuses focus.
  useLayoutEffect(() => {
    const element = content.current;
    if (!open || !element) return;
    const doc = element.ownerDocument;
    const before = focusedIn(doc, element);
    const returnTo = before && !element.contains(before) ? before : null;
    // In a shadow root (the extension's panel) the toasts are there too, out of reach of the document's queries.
    const root = element.getRootNode() as ShadowRoot | Document;
    const toasts = '[data-scope="toast"][data-part="group"]';
    const undo = inertOutside([
      element,
      ...doc.querySelectorAll<HTMLElement>(toasts),
      ...(root instanceof ShadowRoot ? root.querySelectorAll<HTMLElement>(toasts) : []),
    ]);
    return () => {
      undo();
      // Should Ark have tried while the page was still inert (a loaded machine in a shadow root did), focus would be
      // lost on the body, or left in the closing dialog until it unmounts: give it back to what had it, as Ark
      // means to.
      setTimeout(() => {
        const now = focusedIn(doc, element);
        if (returnTo?.isConnected && (!now || now === doc.body || element.contains(now))) returnTo.focus();
      });
    };
  }, [open, content]);
}

/**
 * The focused element, inside the shadow roots it is in (the extension's panel). A closed shadow root is not
 * reachable from its host: the one holding the dialog is asked directly.
 */
function focusedIn(doc: Document, within: Node): HTMLElement | null {
  const root = within.getRootNode();
  let active = root instanceof ShadowRoot && root.activeElement ? root.activeElement : doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/** The node and its ancestors, across shadow boundaries: a shadow root's parent is its host. */
function composedAncestors(node: Node): Node[] {
  const chain: Node[] = [];
  for (let at: Node | null = node; at; at = at instanceof ShadowRoot ? at.host : at.parentNode)
    chain.push(at);
  return chain;
}

const unmarked = ['HEAD', 'SCRIPT', 'STYLE', 'LINK', 'TEMPLATE'];

/**
 * Marks `inert` every element outside `kept` (siblings of the kept elements and of their ancestors, up to
 * <html>), and returns the undo. Elements already inert (a dialog under this one) are left as they were.
 * The walk goes down into the shadow roots that hold a kept element (a dialog portalled into the extension's
 * panel): there the panel under the dialog is made inert, and outside it the page's body, since the panel's
 * host sits beside <body>, in the top layer.
 */
function inertOutside(kept: HTMLElement[]): () => void {
  const ancestors = new Set(kept.flatMap(composedAncestors));
  // the shadow roots on the way, by host: a closed one is not the host's `shadowRoot`
  const roots = new Map<Element, ShadowRoot>();
  for (const node of ancestors) if (node instanceof ShadowRoot) roots.set(node.host, node);
  const marked: Element[] = [];
  const walk = (parent: ParentNode) => {
    for (const child of parent.children) {
      if (ancestors.has(child)) {
        if (kept.includes(child as HTMLElement)) continue;
        walk(roots.get(child) ?? child);
      } else if (!child.hasAttribute('inert') && !unmarked.includes(child.tagName)) {
        child.setAttribute('inert', '');
        marked.push(child);
      }
    }
  };
  const first = kept[0];
  if (first) walk(first.ownerDocument.documentElement);
  return () => {
    for (const el of marked) el.removeAttribute('inert');
  };
}
