import { accessibleName, normalize, parentOf, roleOf, visibleText } from './dom';
import { isGeneratedId, isHashedClass } from './stability';

/** Attributes that people write on purpose and that survive redesigns; the order is the order of trust. */
export const STABLE_ATTRIBUTES = [
  'id',
  'data-testid',
  'data-test',
  'data-cy',
  'name',
  'aria-label',
  'placeholder',
  'href',
  'title',
  'alt',
  'for',
  'type',
  'value',
] as const;
export type StableAttribute = (typeof STABLE_ATTRIBUTES)[number];

/** A short signature of an ancestor: enough to recognise the same container after wrappers were added. */
export interface AncestorSignature {
  tag: string;
  id?: string;
  classes?: string[];
  role?: string;
  label?: string;
}

/** Serializable description of a step's target: several independent strategies that vote at find time. */
export interface TargetDescriptor {
  version: 1;
  tag: string;
  /** value of data-tour: set by the site's developers for guides, it wins over everything else */
  tour?: string;
  attributes: Partial<Record<StableAttribute, string>>;
  role?: string;
  name?: string;
  text?: string;
  classes?: string[];
  css: string;
  xpath: string;
  fingerprint: {
    index: number;
    siblings: number;
    ancestors: AncestorSignature[];
    /** heading or label of the nearest titled container (card, form, section) */
    context?: string;
    /** titles of the containers further out, closest first */
    outer?: string[];
    previous?: string;
    next?: string;
  };
}

export function stableId(el: Element): string | undefined {
  const id = el.getAttribute('id');
  return id && !isGeneratedId(id) ? id : undefined;
}

export function stableClasses(el: Element): string[] {
  return Array.from(el.classList)
    .filter((c) => !isHashedClass(c))
    .slice(0, 8);
}

export function ancestorSignature(el: Element): AncestorSignature {
  const sig: AncestorSignature = { tag: el.localName };
  const id = stableId(el);
  if (id) sig.id = id;
  const classes = stableClasses(el);
  if (classes.length) sig.classes = classes;
  const role = el.getAttribute('role');
  if (role) sig.role = role;
  const label = normalize(
    el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? el.getAttribute('name'),
    60,
  );
  if (label) sig.label = label;
  return sig;
}

export function ancestorsOf(el: Element, max = 8): Element[] {
  const out: Element[] = [];
  for (let p = parentOf(el); p && out.length < max; p = parentOf(p)) {
    // body and html carry no information; a frame's ancestors continue outside it
    if (p.localName !== 'body' && p.localName !== 'html') out.push(p);
  }
  return out;
}

const CONTROLS = 'a,button,input,select,textarea,[role=button],[role=link]';
const TITLE_SELECTOR = 'h1,h2,h3,h4,h5,h6,legend,caption,[role=heading],figcaption,dt';

/**
 * Titles of the containers around the element, closest first (section heading, card title, row's first cell,
 * aria-label): the closest tells apart identical buttons in different cards.
 */
export function contextsOf(el: Element, max = 3): string[] {
  const out: string[] = [];
  const add = (text: string | undefined) => {
    if (text && !out.includes(text)) out.push(text);
  };
  let depth = 0;
  for (let p = parentOf(el); p && depth < 8 && out.length < max; p = parentOf(p), depth++) {
    if (p.localName === 'body') break;
    // the title of the section the element is in: the last one before it, not the legend of the
    // neighbouring fieldset nor the heading of the next section
    let found: string | undefined;
    for (const title of Array.from(p.querySelectorAll(TITLE_SELECTOR))) {
      if (title === el || title.contains(el) || el.contains(title)) continue;
      const holder = title.parentElement as Element;
      if (!holder.contains(el) && (holder.parentElement !== p || holder.querySelector(CONTROLS))) continue;
      const text = normalize(title.textContent, 60);
      if (!text) continue;
      const before = title.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING;
      if (before || found === undefined) found = text;
      if (!before) break;
    }
    add(found);
    add(normalize(p.getAttribute('aria-label'), 60) || undefined);
    // a table row or list item is named by its first cell or piece of text that is not a control
    if (/^(tr|li)$/.test(p.localName) || /^(row|listitem)$/.test(p.getAttribute('role') ?? '')) {
      for (const cell of Array.from(p.children)) {
        if (cell.contains(el) || cell.matches(CONTROLS) || cell.querySelector(CONTROLS)) continue;
        const text = normalize(cell.textContent, 60);
        if (text) {
          add(text);
          break;
        }
      }
    }
  }
  return out;
}

export const contextOf = (el: Element): string | undefined => contextsOf(el, 1)[0];

export function siblingSignature(el: Element | null): string | undefined {
  if (!el) return undefined;
  return `${el.localName}:${normalize(el.getAttribute('aria-label') ?? el.textContent, 30)}`;
}

function sameTagPosition(el: Element): { index: number; count: number } {
  const parent = el.parentNode;
  if (!parent) return { index: 0, count: 1 };
  let index = 0;
  let count = 0;
  for (const child of Array.from(parent.children)) {
    if (child.localName !== el.localName) continue;
    if (child === el) index = count;
    count++;
  }
  return { index, count };
}

function uniqueInRoot(el: Element, selector: string): boolean {
  try {
    const root = el.getRootNode() as Document | ShadowRoot;
    return root.querySelectorAll(selector).length === 1;
  } catch {
    return false;
  }
}

/** A structural CSS path inside the target's own document or shadow root, anchored on a stable id. */
export function cssPath(el: Element): string {
  const parts: string[] = [];
  for (let node: Element | null = el; node; node = node.parentElement) {
    const id = stableId(node);
    if (id && uniqueInRoot(node, `#${CSS.escape(id)}`)) {
      parts.unshift(`#${CSS.escape(id)}`);
      break;
    }
    // always indexed: an unindexed step would also match elements added later at the same level
    const { index } = sameTagPosition(node);
    parts.unshift(node.localName === 'html' ? 'html' : `${node.localName}:nth-of-type(${index + 1})`);
    if (node.localName === 'html') break;
  }
  return parts.join(' > ');
}

/** A positional XPath from the document (or shadow root) element: independent of the CSS path's id anchor. */
export function xPath(el: Element): string {
  const parts: string[] = [];
  for (let node: Element | null = el; node; node = node.parentElement) {
    const { index } = sameTagPosition(node);
    const name =
      node.namespaceURI === 'http://www.w3.org/1999/xhtml'
        ? node.localName
        : `*[local-name()="${node.localName}"]`;
    parts.unshift(node.localName === 'html' ? name : `${name}[${index + 1}]`);
  }
  // outside the document (shadow root) the path is relative to the shadow root
  return `${el.getRootNode().nodeType === 9 ? '/' : './'}${parts.join('/')}`;
}

const PICKABLE =
  'a[href],button,input,select,textarea,summary,label,[role=button],[role=link],[role=menuitem],[role=tab],' +
  '[role=checkbox],[role=radio],[role=switch],[role=option],[role=treeitem],[role=combobox],[tabindex]:not([tabindex="-1"])';

/**
 * The element a user means when pointing at `el`: the control around an icon or a span of text (the
 * `<svg>` inside a button, the `<span>` inside a link), or `el` itself when it is not inside one.
 */
export function pickTarget(el: Element): Element {
  return el.closest(PICKABLE) ?? el;
}

/** Describes element so that find() can locate it again after the page changed. */
export function capture(el: Element): TargetDescriptor {
  const attributes: TargetDescriptor['attributes'] = {};
  for (const name of STABLE_ATTRIBUTES) {
    // the value of a text field is what the user typed; the value of a checkbox, radio or button names it
    if (name === 'value' && !/^(checkbox|radio|submit|button|reset)$/.test(el.getAttribute('type') ?? ''))
      continue;
    const value = name === 'id' ? stableId(el) : el.getAttribute(name);
    if (value && value.length <= 200) attributes[name] = value;
  }
  const { index, count } = sameTagPosition(el);
  const descriptor: TargetDescriptor = {
    version: 1,
    tag: el.localName,
    attributes,
    css: cssPath(el),
    xpath: xPath(el),
    fingerprint: {
      index,
      siblings: count,
      ancestors: ancestorsOf(el).map(ancestorSignature),
    },
  };
  const tour = el.getAttribute('data-tour');
  if (tour) descriptor.tour = tour;
  const role = roleOf(el);
  if (role) descriptor.role = role;
  const name = accessibleName(el);
  if (name) descriptor.name = name;
  const text = visibleText(el).slice(0, 100);
  if (text) descriptor.text = text;
  const classes = stableClasses(el);
  if (classes.length) descriptor.classes = classes;
  const [context, ...outer] = contextsOf(el);
  if (context) descriptor.fingerprint.context = context;
  if (outer.length) descriptor.fingerprint.outer = outer;
  const previous = siblingSignature(el.previousElementSibling);
  if (previous) descriptor.fingerprint.previous = previous;
  const next = siblingSignature(el.nextElementSibling);
  if (next) descriptor.fingerprint.next = next;
  return descriptor;
}
