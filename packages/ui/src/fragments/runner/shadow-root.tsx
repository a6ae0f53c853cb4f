import { EnvironmentProvider } from '@ark-ui/react/environment';
import { adoptStyles } from '@mulot/player';
import { css } from '@mulot/ui/styled-system/css';
import { token } from '@mulot/ui/styled-system/tokens';
import { createContext, type ReactNode, useContext, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

export interface ShadowRootEnvironmentProps {
  children: ReactNode;
  /**
   * The design system's CSS for the shadow tree: the page's styles do not reach it, and ours must not leak out.
   * The extension passes its built stylesheet; stories and dev pages copy the document's (Vite injects there).
   */
  styles?: { cssText: string } | 'document';
  className?: string;
  /**
   * An element the caller placed itself (the extension's host in the page's top layer): the shadow root is
   * attached to it instead of to a div rendered here, so that the page's styles reach no element of ours.
   */
  host?: HTMLElement;
  /**
   * An element already inside a shadow root that holds the styles (the player's step overlay, whose own focus
   * handling must see our buttons): rendered into as it is, no shadow root nor styles added.
   */
  container?: HTMLElement;
  /**
   * `closed` (the extension's panels on customers' pages): the page's scripts see the host, never what is in it.
   * Stories and tests keep `open`, the default, to look inside.
   */
  mode?: ShadowRootMode;
}

const InClosedShadowRoot = createContext(false);

/**
 * Whether this renders inside a closed shadow root (the extension's panels). What listens on the document sees
 * events from there retargeted to the host, never the element inside: the ui's dialog keeps Tab inside itself
 * there instead of leaving it to Ark's focus trap.
 */
export function useInClosedShadowRoot(): boolean {
  return useContext(InClosedShadowRoot);
}

/** The shadow root this module attached to each host: a closed one cannot be asked from the host again. */
const attached = new WeakMap<Element, ShadowRoot>();

/**
 * The text style of every top-level element of the shadow tree: what Ark portals there (a dialog, a menu) sits
 * beside our container, not in it, and inherits from the host only the preflight's fallback font (the story's
 * dialog was drawn in the system font) or, in the extension, nothing (its host is `all: initial`). In the base
 * layer, so that any class still wins.
 */
const topLevelText = `@layer base { :host > * { font-family: ${token.var('fonts.body')}; color: ${token.var(
  'colors.fg.default',
)}; line-height: ${token.var('lineHeights.normal')}; } }`;

function adopt(shadow: ShadowRoot, styles: ShadowRootEnvironmentProps['styles']) {
  if (!styles) return;
  // after the design system's sheets, whose first rule sets the order of the layers; constructed sheets, which a
  // page's Content-Security-Policy does not block (adoptStyles)
  if (styles !== 'document') return adoptStyles(shadow, styles.cssText, topLevelText);
  const text = shadow.ownerDocument.createElement('style');
  text.textContent = topLevelText;
  for (const node of shadow.ownerDocument.querySelectorAll('style, link[rel="stylesheet"]'))
    shadow.append(node.cloneNode(true));
  shadow.append(text);
}

const surface = css({ bg: 'bg.canvas', color: 'fg.default', fontFamily: 'body', fontSize: 'md' });
// In a host the caller sized (a panel floating over the page), the content fills it and paints its own surface.
const fill = css({ display: 'flex', flexDirection: 'column', w: 'full', maxH: 'full', minH: '0' });

/**
 * Renders its children inside a shadow root (the extension's in-page panel, closed there) and tells Ark UI about
 * it: Ark looks elements up by id and tracks focus and outside clicks from the root node it is given, which
 * inside a shadow tree is the shadow root, not the document.
 */
export function ShadowRootEnvironment({
  children,
  styles,
  className,
  host: given,
  container: into,
  mode = 'open',
}: ShadowRootEnvironmentProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [mount, setMount] = useState<{ shadow: ShadowRoot | Document; container: HTMLElement } | null>(null);
  // The styles are read once, when the shadow root is created: a host keeps one shadow root for its life.
  const stylesRef = useRef(styles);

  useLayoutEffect(() => {
    if (into) {
      const root = into.getRootNode();
      setMount({ shadow: root instanceof ShadowRoot ? root : into.ownerDocument, container: into });
      return;
    }
    const host = given ?? hostRef.current;
    if (!host) return;
    let shadow = attached.get(host) ?? host.shadowRoot;
    if (!shadow) {
      shadow = host.attachShadow({ mode });
      attached.set(host, shadow);
    }
    shadow.replaceChildren();
    adopt(shadow, stylesRef.current);
    const container = shadow.ownerDocument.createElement('div');
    // The page's theme does not cross the shadow boundary, nor does its background: the panel paints its own.
    container.className = given ? fill : surface;
    shadow.append(container);
    setMount({ shadow, container });
  }, [given, into, mode]);

  const content =
    mount &&
    createPortal(
      <EnvironmentProvider value={() => mount.shadow}>
        <InClosedShadowRoot value={mount.shadow instanceof ShadowRoot && mount.shadow.mode === 'closed'}>
          {children}
        </InClosedShadowRoot>
      </EnvironmentProvider>,
      mount.container,
    );
  if (given || into) return content;
  return (
    <div ref={hostRef} className={className}>
      {content}
    </div>
  );
}
