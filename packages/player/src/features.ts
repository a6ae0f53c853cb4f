// What the finder reads of an element: its own features (attributes, classes, icons, name) and where it stands
// (ancestors, section titles, landmark, nearby text, positions). capture() writes them down, find() compares them.
import { MIN_SIMILARITY, normalize, parentOf, similarity, TAG_ROLES, wordsOf } from './dom';
import { isGeneratedId, isHashedClass } from './stability';
import { type AncestorSignature, type Place, STABLE_ATTRIBUTES } from './target';

export function stableId(el: Element): string | undefined {
  const id = el.getAttribute('id');
  return id && !isGeneratedId(id) ? id : undefined;
}

export function stableClasses(el: Element): string[] {
  return [...el.classList].filter((c) => !isHashedClass(c)).slice(0, 8);
}

/** A set of classes as one string, in any order: two elements with the same one are the same variant. */
export const setOf = (classes: readonly string[]): string => classes.toSorted().join(' ');

/** The element's stable classes as a set (setOf). */
export const classSet = (el: Element): string => setOf(stableClasses(el));

/** Writes the fields that have a value (not empty, not an empty list) into a descriptor, in their order. */
export const optional = <T extends object>(into: T, fields: { [K in keyof T]?: T[K] | null }) => {
  for (const [key, value] of Object.entries(fields))
    if (value && (value as unknown[]).length !== 0) (into as Record<string, unknown>)[key] = value;
};

export function ancestorSignature(el: Element): AncestorSignature {
  const sig: AncestorSignature = { tag: el.localName };
  optional(sig, {
    id: stableId(el),
    classes: stableClasses(el),
    role: el.getAttribute('role'),
    label: normalize(
      el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? el.getAttribute('name'),
      60,
    ),
  });
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

const headingText = (node: Element): string | undefined => {
  if (node.matches(TITLE_SELECTOR)) return normalize(node.textContent, 60);
  // a header holding the title (a card's header), as long as it holds no control of its own
  for (let child = node.firstElementChild, i = 0; child && i < 3; child = child.nextElementSibling, i++) {
    if (child.matches(TITLE_SELECTOR))
      return node.querySelector(CONTROLS) ? undefined : normalize(child.textContent, 60);
  }
  return undefined;
};

/**
 * Titles of the containers around the element, closest first (section heading, card title, row's first cell,
 * aria-label): the closest tells apart identical buttons in different cards. At each level, the title of the
 * section the element is in is the last one before it (not the legend of the neighbouring fieldset), else the
 * first one after it.
 */
export function contextsOf(el: Element, max = 3): string[] {
  const out: string[] = [];
  const add = (text: string | false | undefined) => {
    if (text && !out.includes(text)) out.push(text);
  };
  let branch = el;
  let depth = 0;
  for (
    let p = parentOf(el);
    p && depth < 8 && out.length < max;
    depth += levels(p), branch = p, p = parentOf(p)
  ) {
    if (p.localName === 'body') break;
    if (branch.parentElement === p) {
      // a title is close to its content: a few siblings away at most
      // an element of its own kind beside it (a card's title link copied beside it) is a peer, not its title
      let found: string | false | undefined;
      let s = branch.previousElementSibling;
      for (let i = 0; s && !found && i < 8; s = s.previousElementSibling, i++)
        found = s.localName !== el.localName && headingText(s);
      s = branch.nextElementSibling;
      for (let i = 0; s && !found && i < 8; s = s.nextElementSibling, i++)
        found = s.localName !== el.localName && headingText(s);
      add(found);
    }
    add(normalize(p.getAttribute('aria-label'), 60));
    // a table row or list item is named by its first cell or piece of text that is not a control
    if (/^(tr|li)$/.test(p.localName) || /^(row|listitem)$/.test(p.getAttribute('role') ?? '')) {
      for (const cell of p.children) {
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

/**
 * How many levels of structure an ancestor adds when looking around an element: none for a wrapper holding
 * nothing else (a redeploy's `display: contents` span or layout div), so that wrappers added around the target
 * or its card do not push its section title, label and list out of reach.
 */
const levels = (el: Element) => (el.children.length > 1 ? 1 : 0);

export const contextOf = (el: Element): string | undefined => contextsOf(el, 1)[0];

export function sameTagPosition(el: Element): { index: number; count: number } {
  const parent = el.parentNode;
  if (!parent) return { index: 0, count: 1 };
  let index = 0;
  let count = 0;
  for (const child of parent.children) {
    if (child.localName !== el.localName) continue;
    if (child === el) index = count;
    count++;
  }
  return { index, count };
}

/** A structural CSS path inside the target's own document or shadow root, anchored on a stable id. */
export function cssPath(el: Element): string {
  const parts: string[] = [];
  for (let node: Element | null = el; node; node = node.parentElement) {
    const id = stableId(node);
    // an escaped id is always a valid selector; the root (document, shadow root or detached subtree) is a ParentNode
    const selector = id && `#${CSS.escape(id)}`;
    if (selector && (node.getRootNode() as ParentNode).querySelectorAll(selector).length === 1) {
      parts.unshift(selector);
      break;
    }
    if (node.localName === 'html') {
      parts.unshift('html');
      break;
    }
    // always indexed: an unindexed step would also match elements added later at the same level
    parts.unshift(`${node.localName}:nth-of-type(${sameTagPosition(node).index + 1})`);
  }
  return parts.join(' > ');
}

// read as attributes of their own, or ours (data-mulot-ui)
const OWN_ATTRIBUTES = /^data-(tour|testid|test|cy|mulot.*)$/;
const EXTRA = /^(data-.*|rel|target|autocomplete|aria-haspopup|inputmode|accept)$/;

/** data-* attributes and the other attributes people write on purpose, values that look generated left out. */
export function extraAttributes(el: Element): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  let count = 0;
  for (const { name, value } of el.attributes) {
    if (count >= 10 || !EXTRA.test(name) || OWN_ATTRIBUTES.test(name)) continue;
    if (value.length > 100 || (/[a-z]/i.test(value) && /\d/.test(value) && isGeneratedId(value))) continue;
    out ??= {};
    out[name] = value;
    count++;
  }
  return out;
}

export const ICON = 'i,svg,use,img,span:empty';

/**
 * The character an icon font draws before an element (quoted, as CSS gives it), if any. An empty one (`content: ""`,
 * an icon drawn by a mask or a background) is the same for every icon of its kind, and says nothing.
 */
export const glyphOf = (el: Element): string | undefined => {
  const content = getComputedStyle(el, '::before').content;
  return /^"[^"]/.test(content) ? content : undefined;
};

/**
 * What tells an icon-only control apart: the icon font classes, sprite references or image files inside it, and the
 * glyphs its icon fonts draw.
 */
export function iconsOf(el: Element): string[] {
  const out: string[] = [];
  const add = (value?: string | null) => {
    if (value && !out.includes(value) && out.length < 6) out.push(value);
  };
  for (const icon of [el, ...[...el.querySelectorAll(ICON)].slice(0, 4)]) {
    if (icon === el && !/^(i|svg|img)$/.test(el.localName)) continue;
    if (icon.localName === 'use') add(icon.getAttribute('href') ?? icon.getAttribute('xlink:href'));
    // an image's file name; an inline one (`data:`) has none to be found again by, and its tail is no name
    else if (icon.localName === 'img')
      add(
        icon
          .getAttribute('src')
          ?.replace(/^data:.*|.*\//, '')
          .replace(/[?#].*$/, ''),
      );
    else {
      for (const c of stableClasses(icon)) add(c);
      // the glyph its font draws: a restyle renames the classes drawing it, not the glyph
      add(glyphOf(icon));
    }
  }
  return out;
}

/** The text just before the element (up to two levels up), else just after it: a label, a row's title. */
export function nearText(el: Element): string | undefined {
  const textOf = (node: Node | null, forward: boolean): string | undefined => {
    for (let n = node; n; n = forward ? n.nextSibling : n.previousSibling) {
      // another control's words are its own, not the target's label
      if (n.nodeType === 1 && ((n as Element).matches(CONTROLS) || (n as Element).querySelector(CONTROLS)))
        return undefined;
      const text = normalize(n.textContent?.slice(0, 400), 40);
      if (text) return text;
    }
    return undefined;
  };
  let node: Element = el;
  for (
    let depth = 0;
    depth < 2 && node.parentElement;
    depth += levels(node.parentElement), node = node.parentElement
  ) {
    const text = textOf(node.previousSibling, false);
    if (text) return text;
  }
  return textOf(el.nextSibling, true);
}

const LANDMARK_ROLES =
  /^(navigation|banner|contentinfo|complementary|main|form|search|dialog|menu(bar)?|tablist|toolbar)$/;

/** The nearest landmark or form around the element, with its name when it has one. */
export function landmarkOf(el: Element): string | undefined {
  for (let p = parentOf(el); p && p.localName !== 'body'; p = parentOf(p)) {
    // nav, header, footer, aside, main, form and dialog have these roles implicitly
    const role = [p.getAttribute('role'), TAG_ROLES[p.localName]].find((r) => r && LANDMARK_ROLES.test(r));
    if (!role) continue;
    // an id is marked as one: find() can tell when the site regenerated it
    const id = stableId(p);
    const label = normalize(p.getAttribute('aria-label') ?? p.getAttribute('name') ?? (id && `#${id}`), 40);
    return `${role}:${label}`;
  }
  return undefined;
}

/**
 * The words of the other items of the list the element is an item of (a menu's other entries, a button group's other
 * buttons): the other children of its nearest container holding more than it that are or hold an element of its tag
 * (wrappers a redeploy adds around it or them change no tag that counts). A re-order or a restyle keeps them; the link
 * of the same name outside the list (a footer's line "made by …") has none of them.
 */
export function peerWords(el: Element): string[] {
  const tag = el.localName;
  for (let item = el, parent = el.parentElement; parent && parent.localName !== 'body'; ) {
    if (normalize(parent.textContent) !== normalize(item.textContent)) {
      const peers = [...parent.children].filter(
        (c) => c !== item && (c.localName === tag || c.getElementsByTagName(tag).length),
      );
      const words = new Set(peers.flatMap((peer) => wordsOf(normalize(peer.textContent, 40))));
      return [...words].slice(0, 24);
    }
    item = parent;
    parent = parent.parentElement;
  }
  return [];
}

/** Position among the elements of the same tag of the nearest container (up to four levels up) holding several. */
export function rankOf(el: Element): { index: number; count: number } | undefined {
  let p = el.parentElement;
  for (let depth = 0; p && depth < 4 && p.localName !== 'body'; depth += levels(p), p = p.parentElement) {
    const same = p.getElementsByTagName(el.localName);
    if (same.length >= 2) return { index: [...same].indexOf(el), count: same.length };
  }
  return undefined;
}

/**
 * The features an element carries itself, as one string: two elements with the same one look alike. `between`: its
 * classes and icons, or (placedSignature) its nearby text and section title.
 */
const signature = (el: Element, between: [string | undefined, string | undefined]) =>
  [
    el.localName,
    between[0],
    normalize(el.textContent, 60).toLowerCase(),
    // join() writes an absent attribute (null) as ''
    ...STABLE_ATTRIBUTES.slice(1).map((a) => el.getAttribute(a)),
    between[1],
    JSON.stringify(extraAttributes(el) ?? {}),
  ].join('|');

/** The features an element carries itself, as one string: two elements with the same one look alike. */
export const ownSignature = (el: Element): string => signature(el, [classSet(el), iconsOf(el).join(' ')]);

/**
 * The element's own signature with its nearby text and section title in place of its classes and icon classes, which
 * a restyle renames: the same element on a restyled page is known by where it stands.
 */
export const placedSignature = (el: Element): string => signature(el, [nearText(el), contextOf(el)]);

/** How many siblings of the element look exactly like it (same tag and own features). */
export function twinsOf(el: Element): number {
  const signature = ownSignature(el);
  let twins = 0;
  for (const sibling of el.parentNode?.children ?? []) {
    if (sibling !== el && ownSignature(sibling) === signature) twins++;
  }
  return twins;
}

/**
 * A container's own label, read from where the branch holding the target stands in it: its `aria-label`; a row's key
 * cell; the menu entry of a list item holding a nested list ("Level One" above its own "Level Two"), or the first
 * words of an item (a tag's name beside its remove button); the title or label of a card, section or group, the last
 * one before the branch, else the first after it. The first is the label; the others, other readings a redeploy may
 * leave it under (a row's cells or an item's parts re-ordered). Classes are never read: a restyle renames them.
 */
export function containerLabels(container: Element, branch: Element): string[] {
  const out: string[] = [];
  const add = (text: string | undefined) => {
    if (text && !out.includes(text) && out.length < 6) out.push(text);
  };
  add(normalize(container.getAttribute('aria-label'), 60));
  const role = container.getAttribute('role') ?? '';
  if (container.localName === 'tr' || role === 'row') {
    for (const cell of container.children)
      if (!cell.contains(branch) && !cell.matches(CONTROLS) && !cell.querySelector(CONTROLS))
        add(normalize(cell.textContent, 60));
  } else if (container.localName === 'li' || /^(listitem|menuitem|treeitem)$/.test(role)) {
    for (const part of container.children) if (part !== branch) add(normalize(part.textContent, 60));
  } else {
    const titleOf = (s: Element) =>
      s.localName === 'label' && !s.querySelector(CONTROLS) ? normalize(s.textContent, 60) : headingText(s);
    let title: string | undefined;
    for (
      let s = branch.previousElementSibling, i = 0;
      s && !title && i < 8;
      s = s.previousElementSibling, i++
    )
      title = titleOf(s);
    for (let s = branch.nextElementSibling, i = 0; s && !title && i < 8; s = s.nextElementSibling, i++)
      title = titleOf(s);
    add(title);
  }
  return out;
}

/** The labels of the containers around the element (containerLabels), nearest first, up to the page's body. */
export function labelsAround(el: Element): string[][] {
  const out: string[][] = [];
  let branch = el;
  for (let p = parentOf(el), depth = 0; p && p.localName !== 'body' && depth < 16; p = parentOf(p), depth++) {
    // across a shadow root or a frame the branch is no child of the container
    const labels = branch.parentElement === p ? containerLabels(p, branch) : [];
    if (labels.length && out.length < 8) out.push(labels);
    branch = p;
  }
  return out;
}

const numbersOf = (text: string) => text.match(/\d+/g)?.join(' ') ?? '';

/** Two labels name the same container: alike in words (re-cased, a word added), and with the same numbers. */
export const sameLabel = (a: string, b: string): boolean =>
  numbersOf(a) === numbersOf(b) && similarity(a, b) >= MIN_SIMILARITY;

/**
 * Whether the labels around an element (labelsAround, nearest first) hold the given ones (nearest first), in that
 * order, other labelled containers between them or not.
 */
export function standsUnder(around: string[][], nearestFirst: readonly string[]): boolean {
  let at = 0;
  for (const labels of around) {
    const wanted = nearestFirst[at];
    if (wanted !== undefined && labels.some((label) => sameLabel(wanted, label))) at++;
  }
  return at === nearestFirst.length;
}

/** Elements in the order of the document. */
export const inDocumentOrder = (elements: Element[]): Element[] =>
  elements.toSorted((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));

/**
 * Where the target stands among its exact copies: the labels of the containers around it, nearest first, as far up
 * as they leave out copies (the card's title, the parent menu entry, the group's legend, the row's key cell; then
 * the menu above that menu…), none when no label does, and its position among the copies standing under the same
 * labels.
 */
export function placeAmong(el: Element, copies: Element[]): Place | undefined {
  if (!copies.length) return undefined;
  const mine = labelsAround(el);
  const theirs = copies.map(labelsAround);
  let labels = 0;
  let standing = copies;
  for (let k = 1; k <= mine.length; k++) {
    const prefix = mine.slice(0, k).map((labels) => labels[0] as string);
    const under = copies.filter((_, i) => standsUnder(theirs[i] as string[][], prefix));
    if (under.length < standing.length) {
      labels = k;
      standing = under;
    }
  }
  // no label tells it from its copies: its place is among all of them
  const group = inDocumentOrder([el, ...standing]);
  const path = mine.slice(0, labels).map((choices) => choices[0] as string);
  const place: Place = { path: path.reverse(), index: group.indexOf(el), count: group.length };
  const [own, ...others] = itemsOf([el, ...copies]).map(itemWords);
  const words = [...(own as Set<string>)].filter((w) => !others.some((theirs) => theirs.has(w)));
  if (words.length) place.words = words.slice(0, 8);
  return place;
}

/**
 * For each element, its item: the largest container holding it and none of the others (an alert around its close
 * button, a card around its link, a row around its action), the element itself when none does.
 */
export function itemsOf(elements: readonly Element[]): Element[] {
  const holding = new Map<Element, number>();
  for (const el of elements)
    for (let p = parentOf(el); p; p = parentOf(p)) holding.set(p, (holding.get(p) ?? 0) + 1);
  return elements.map((el) => {
    let item = el;
    for (let p = parentOf(el); p && p.localName !== 'body' && holding.get(p) === 1; p = parentOf(p)) item = p;
    return item;
  });
}

/**
 * The words of an item, whatever their order: a re-order of its parts keeps them. Read text by text, as its parts
 * re-ordered may bring two texts together with no space between them.
 */
export function itemWords(item: Element): Set<string> {
  const words = new Set<string>();
  const walker = item.ownerDocument.createTreeWalker(item, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(), read = 0; n && read < 2000; n = walker.nextNode()) {
    read += n.nodeValue?.length ?? 0;
    for (const word of wordsOf(n.nodeValue ?? '')) words.add(word);
  }
  return words;
}
