export type SearchRoot = Document | ShadowRoot | Element;

/** Hosts carrying this attribute (the player's overlay, the extension's panel) are never searched. */
export const UI_ATTRIBUTE = 'data-mulot-ui';

export const normalize = (value: string | null | undefined, max = 100): string =>
  (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max);

export interface Collected {
  elements: Element[];
  /** the search root and every open shadow root and same-origin frame document below it */
  roots: SearchRoot[];
}

/** Every element under root, descending into open shadow roots and same-origin frames. */
export function collect(root: SearchRoot): Collected {
  const elements: Element[] = [];
  const roots: SearchRoot[] = [];
  const pending: SearchRoot[] = [root];
  while (pending.length) {
    const start = pending.pop() as SearchRoot;
    roots.push(start);
    // a native list is several times faster than walking the tree in script
    const all = start.querySelectorAll('*');
    const hosts = [...start.querySelectorAll(`[${UI_ATTRIBUTE}]`)];
    if (start.nodeType === 1) elements.push(start as Element);
    for (let i = 0; i < all.length; i++) {
      const el = all[i] as Element;
      if (hosts.length && hosts.some((host) => host.contains(el))) continue;
      elements.push(el);
      if (el.shadowRoot) pending.push(el.shadowRoot);
      const tag = el.localName;
      if (tag === 'iframe' || tag === 'frame') {
        try {
          const inner = (el as HTMLIFrameElement).contentDocument;
          if (inner?.documentElement) pending.push(inner);
        } catch {
          // cross-origin frame: the extension's own copy of the player handles it
        }
      }
    }
  }
  return { elements, roots };
}

/** The parent, stepping out of shadow roots to their host and out of frames to the frame element. */
export function parentOf(el: Element): Element | null | undefined {
  if (el.parentElement) return el.parentElement;
  const root = el.parentNode;
  if (root && root.nodeType === 11 && (root as ShadowRoot).host) return (root as ShadowRoot).host;
  return !root || root.nodeType === 9 ? frameOf(el) : null;
}

/** The frame element holding el's document, if any and reachable (not cross-origin); undefined in a document
 * without a window. */
function frameOf(el: Element): Element | null | undefined {
  try {
    return el.ownerDocument.defaultView?.frameElement;
  } catch {
    return null;
  }
}

export function isVisible(el: Element): boolean {
  // no box (detached, display: none or contents), visibility: hidden or opacity: 0
  if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
  const frame = frameOf(el);
  return frame ? isVisible(frame) : true;
}

/** Sets a fixed box (the highlight's ring, the picker's outline) over a rectangle, `pad` px larger on every side. */
export function cover(style: CSSStyleDeclaration, rect: DOMRect, pad = 0): void {
  Object.assign(style, {
    left: `${rect.left - pad}px`,
    top: `${rect.top - pad}px`,
    width: `${rect.width + pad * 2}px`,
    height: `${rect.height + pad * 2}px`,
  });
}

const INPUT_ROLES: Record<string, string> = {
  button: 'button',
  submit: 'button',
  reset: 'button',
  image: 'button',
  checkbox: 'checkbox',
  radio: 'radio',
  range: 'slider',
  number: 'spinbutton',
  search: 'searchbox',
};

export const TAG_ROLES: Record<string, string> = {
  button: 'button',
  summary: 'button',
  textarea: 'textbox',
  select: 'combobox',
  option: 'option',
  nav: 'navigation',
  main: 'main',
  header: 'banner',
  footer: 'contentinfo',
  aside: 'complementary',
  form: 'form',
  dialog: 'dialog',
  li: 'listitem',
  td: 'cell',
  th: 'columnheader',
};

export function roleOf(el: Element): string {
  const explicit = el.getAttribute('role')?.trim().split(/\s+/)[0];
  if (explicit) return explicit;
  const tag = el.localName;
  if (tag === 'a' || tag === 'area') return el.hasAttribute('href') ? 'link' : '';
  if (tag === 'input') return INPUT_ROLES[(el as HTMLInputElement).type] ?? 'textbox';
  if (/^h[1-6]$/.test(tag)) return 'heading';
  return TAG_ROLES[tag] ?? '';
}

const NAME_FROM_CONTENT =
  /^(button|link|heading|tab|menuitem(checkbox|radio)?|option|cell|columnheader|checkbox|radio|switch|treeitem|listitem|tooltip)$/;

/** A simplified accessible name computation: enough to recognise the same control after a redesign. */
export function accessibleName(el: Element): string {
  // the text of the elements it is labelled by (join() writes a missing one as ''), else its own label
  const label =
    normalize(
      el
        .getAttribute('aria-labelledby')
        ?.split(/\s+/)
        .map((id) => (el.getRootNode() as Document | ShadowRoot).getElementById?.(id)?.textContent)
        .join(' '),
    ) || normalize(el.getAttribute('aria-label'));
  if (label) return label;
  const tag = el.localName;
  if (tag === 'input' || tag === 'textarea' || tag === 'select') {
    const input = el as HTMLInputElement;
    if (/^(submit|button|reset)$/.test(input.type) && input.value) return normalize(input.value);
    const labels = Array.from(input.labels ?? [], (l) => l.textContent).join(' ');
    return normalize(labels) || normalize(el.getAttribute('placeholder') ?? el.getAttribute('title'));
  }
  if (tag === 'img') return normalize(el.getAttribute('alt') ?? el.getAttribute('title'));
  return (NAME_FROM_CONTENT.test(roleOf(el)) && visibleText(el)) || normalize(el.getAttribute('title'));
}

/** Text content including image alternatives, without scripts and styles. */
export function visibleText(el: Element): string {
  if (!el.firstElementChild && el.localName !== 'input' && el.localName !== 'img')
    return normalize(el.textContent);
  let text = '';
  const walk = (node: Node) => {
    if (text.length > 200) return;
    if (node.nodeType === 3) text += node.textContent;
    else if (node.nodeType === 1) {
      const child = node as Element;
      const tag = child.localName;
      if (tag === 'script' || tag === 'style' || tag === 'template') return;
      if (tag === 'img') text += ` ${child.getAttribute('alt') ?? ''} `;
      else if (tag === 'input' && /^(submit|button|reset)$/.test((child as HTMLInputElement).type)) {
        text += ` ${(child as HTMLInputElement).value} `;
      }
      for (let c = node.firstChild; c; c = c.nextSibling) walk(c);
      if (/^(div|p|li|br|h\d|td|tr|section|label)$/.test(tag)) text += ' ';
    }
  };
  walk(el);
  return normalize(text);
}

/** How many times each item occurs, in the order of first occurrence. */
const counts = (items: string[]) => {
  const m = new Map<string, number>();
  for (const item of items) m.set(item, (m.get(item) ?? 0) + 1);
  return m;
};

const bigrams = (s: string) =>
  counts(
    s
      .slice(1)
      .split('')
      .map((c, i) => s[i] + c),
  );

function dice<T>(a: Map<T, number>, b: Map<T, number>): number {
  let common = 0;
  let total = 0;
  for (const [k, n] of a) {
    common += Math.min(n, b.get(k) ?? 0);
    total += n;
  }
  for (const n of b.values()) total += n;
  return total ? (2 * common) / total : 0;
}

/** The words of a text, lowercased. */
export const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Similarity 0..1 of texts to `a`: the better of word overlap and the mean of word and character-bigram
 * overlap (Sørensen–Dice). Words decide for short labels ("Yes" → "Yes, thanks"); bigrams forgive typos.
 * Texts that share no word score 0 (the mean could not reach one half). */
/** Below this, two texts are different texts rather than one text reworded. */
export const MIN_SIMILARITY = 0.6;

export function similarityTo(a: string): (b: string) => number {
  const x = a.toLowerCase();
  const keys = wordsOf(x);
  const wx = counts(keys);
  let gx: Map<string, number> | undefined;
  return (b) => {
    const y = b.toLowerCase();
    if (x === y) return 1;
    // too different in length (one of them empty, too) to reach any useful similarity
    if (Math.min(x.length, y.length) * 6 < Math.max(x.length, y.length)) return 0;
    // a text without words (dots, arrows, symbols) is compared by its characters alone
    if (!keys.length) {
      gx ??= bigrams(x);
      return x.length < 3 ? 0 : dice(gx, bigrams(y));
    }
    // most texts of a page share no word with the target: answer them without counting bigrams
    if (!keys.some((w) => y.includes(w))) return 0;
    const wordScore = dice(wx, counts(wordsOf(y)));
    if (!wordScore) return 0;
    gx ??= bigrams(x);
    // a one- or two-character text has no bigrams to compare
    if (x.length < 3 || y.length < 3) return wordScore;
    return Math.max(wordScore, (wordScore + dice(gx, bigrams(y))) / 2);
  };
}

export const similarity = (a: string, b: string): number => similarityTo(a)(b);

/**
 * Adds CSS to a shadow root as constructed stylesheets: a page's Content-Security-Policy governs `<style>` elements
 * (without `'unsafe-inline'` in `style-src` they are dropped) but not stylesheets built through the CSSOM, so our
 * shadow roots are styled on the strictest page. A `<style>` element where constructed sheets are not available.
 */
export function adoptStyles(shadow: ShadowRoot, ...texts: string[]): void {
  const doc = shadow.ownerDocument;
  const view = doc.defaultView;
  try {
    if (!view || !('adoptedStyleSheets' in shadow)) throw new TypeError('no constructed stylesheets');
    const sheets = texts.map((text) => {
      const sheet = new view.CSSStyleSheet();
      sheet.replaceSync(text);
      return sheet;
    });
    shadow.adoptedStyleSheets = sheets;
  } catch {
    for (const text of texts) {
      const style = doc.createElement('style');
      style.textContent = text;
      shadow.append(style);
    }
  }
}
