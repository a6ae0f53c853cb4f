// The re-find corpus: every target of every fixture page is captured on the original page, then the page
// is changed the way sites change between a guide's authoring and its playing, and the target is searched
// again. The browser tests assert on it; the bench plays its pages (pages.ts) under its own redeploy profiles.
import { capture, type FindResult, find, type TargetDescriptor } from '../../src/index';
import { type CorpusPage, PAGES } from './pages';

export type Expectation = 'found' | 'not-found' | 'ambiguous';

interface Mutation {
  name: string;
  expect: Expectation;
  /** changes the page; returns the element the target now is (null when it is gone) */
  apply(doc: Document, target: Element, random: () => number): Element | null;
}

function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const hash = (random: () => number, length: number, alphabet = ALPHABET) =>
  Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');

/** A new build: every generated class name gets a new hash. */
function regenerateClasses(doc: Document, random: () => number) {
  for (const el of Array.from(doc.body.querySelectorAll('[class]'))) {
    el.setAttribute(
      'class',
      (el.getAttribute('class') ?? '')
        .replace(/__[A-Za-z0-9]{4,6}\b/g, () => `__${hash(random, 5)}`)
        .replace(
          /\bcss-[a-z0-9]{6}\b/g,
          () => `css-${hash(random, 6, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
        )
        .replace(/\bsc-[A-Za-z]{6}\b/g, () => `sc-${hash(random, 6, ALPHABET.slice(0, 52))}`),
    );
  }
}

const TITLES = 'h1,h2,h3,h4,h5,h6,legend';

/** The closest container with its own title (card, section, fieldset), else the parent. */
function block(target: Element): Element {
  let depth = 0;
  for (let p = target.parentElement; p && p.localName !== 'body' && depth < 4; p = p.parentElement, depth++) {
    if (p.id === 'root' || p.localName === 'main') break;
    if (p.localName === 'tr' || p.localName === 'li') return p;
    const title = Array.from(p.querySelectorAll(TITLES)).find(
      (t) => !t.contains(target) && (t.parentElement as Element).contains(target),
    );
    if (title) return p;
  }
  return target.parentElement as Element;
}

function textNodes(el: Element): Text[] {
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const out: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.nodeValue?.trim()) out.push(n as Text);
  return out;
}

/** A copy change on the whole site: the target's words change slightly, wherever the same words appear. */
function rewordTarget(doc: Document, target: Element) {
  const reword = (text: string) => {
    const words = text.trim().split(/\s+/);
    if (words.length >= 2) words.splice(1, 0, words[0]?.length && words[0].length > 3 ? 'your' : 'the');
    else words.push('now');
    return words.join(' ');
  };
  const nodes = textNodes(target);
  if (nodes.length) {
    const original = nodes.map((n) => n.nodeValue).join('');
    for (const el of Array.from(doc.body.querySelectorAll(target.localName))) {
      const own = textNodes(el);
      if (own.map((n) => n.nodeValue).join('') !== original) continue;
      for (const node of own)
        if (/\w/.test(node.nodeValue ?? '')) node.nodeValue = reword(node.nodeValue ?? '');
    }
  }
  for (const name of ['aria-label', 'placeholder']) {
    const value = target.getAttribute(name);
    if (value) target.setAttribute(name, reword(value));
  }
  const labels = (target as HTMLInputElement).labels;
  for (const label of Array.from(labels ?? [])) {
    for (const node of textNodes(label))
      if (/\w/.test(node.nodeValue ?? '')) node.nodeValue = reword(node.nodeValue ?? '');
  }
}

function wrap(el: Element, random: () => number, depth = 2) {
  let inner = el;
  for (let i = 0; i < depth; i++) {
    const wrapper = el.ownerDocument.createElement(i ? 'span' : 'div');
    wrapper.className = `Wrapper_root__${hash(random, 5)} css-${hash(random, 6, 'abcdefghijklmnopqrstuvwxyz0123456789')}`;
    inner.replaceWith(wrapper);
    wrapper.append(inner);
    inner = wrapper;
  }
}

/** A copy made by the site itself: ids are made unique again and its labels follow them. */
let copies = 0;
function renameIds(el: Element) {
  copies++;
  for (const node of [el, ...Array.from(el.querySelectorAll('[id]'))]) {
    const id = node.getAttribute('id');
    if (!id) continue;
    node.setAttribute('id', `${id}-copy${copies}`);
    for (const ref of Array.from(el.querySelectorAll(`[for="${CSS.escape(id)}"]`)))
      ref.setAttribute('for', `${id}-copy${copies}`);
    for (const ref of Array.from(el.querySelectorAll(`[aria-labelledby="${CSS.escape(id)}"]`))) {
      ref.setAttribute('aria-labelledby', `${id}-copy${copies}`);
    }
  }
}

const MUTATIONS: Mutation[] = [
  { name: 'unchanged', expect: 'found', apply: (_doc, target) => target },
  {
    name: 'class names regenerated',
    expect: 'found',
    apply(doc, target, random) {
      regenerateClasses(doc, random);
      return target;
    },
  },
  {
    name: 'siblings re-ordered',
    expect: 'found',
    apply(_doc, target) {
      // the nearest level where there is something to re-order
      let el: Element = target;
      while (el.parentElement && el.parentElement.children.length < 2) el = el.parentElement;
      const parent = el.parentElement as Element;
      parent.append(...Array.from(parent.children).reverse());
      return target;
    },
  },
  {
    name: 'wrapper elements added',
    expect: 'found',
    apply(_doc, target, random) {
      wrap(target, random);
      wrap(block(target), random, 1);
      return target;
    },
  },
  {
    name: 'text changed slightly',
    expect: 'found',
    apply(doc, target) {
      rewordTarget(doc, target);
      return target;
    },
  },
  {
    name: 'attributes changed',
    expect: 'found',
    apply(_doc, target) {
      const id = target.getAttribute('id');
      if (id) {
        target.setAttribute('id', `${id}-v2`);
        // the site keeps its own labels pointing at the renamed control
        for (const label of Array.from(
          target.ownerDocument.querySelectorAll(`label[for="${CSS.escape(id)}"]`),
        )) {
          label.setAttribute('for', `${id}-v2`);
        }
      }
      const name = target.getAttribute('name');
      if (name) target.setAttribute('name', `${name}V2`);
      const href = target.getAttribute('href');
      if (href) target.setAttribute('href', `${href}?utm_source=guide`);
      target.setAttribute('data-state', 'idle');
      target.setAttribute('style', 'margin: 2px');
      return target;
    },
  },
  {
    name: 'moved into a shadow root',
    expect: 'found',
    apply(doc, target) {
      const moved = block(target);
      const host = doc.createElement('x-widget');
      moved.replaceWith(host);
      host.attachShadow({ mode: 'open' }).append(moved);
      return target;
    },
  },
  {
    name: 'moved into an iframe',
    expect: 'found',
    apply(doc, target) {
      const moved = block(target);
      const frame = doc.createElement('iframe');
      frame.style.cssText = 'width:800px;height:500px;border:0';
      moved.replaceWith(frame);
      (frame.contentDocument as Document).body.append(moved);
      return target;
    },
  },
  {
    name: 'moved into a modal dialog',
    expect: 'found',
    apply(doc, target) {
      const dialog = doc.createElement('dialog');
      doc.body.append(dialog);
      dialog.append(block(target));
      dialog.showModal();
      return target;
    },
  },
  {
    name: 'moved into a popover',
    expect: 'found',
    apply(doc, target) {
      const popover = doc.createElement('div');
      popover.setAttribute('popover', 'manual');
      doc.body.append(popover);
      popover.append(block(target));
      popover.showPopover();
      return target;
    },
  },
  {
    name: 'decoy copy elsewhere',
    expect: 'found',
    apply(doc, target) {
      const banner = doc.createElement('div');
      banner.className = 'Promo_banner__p1R2o';
      banner.innerHTML = '<h2>Special offer</h2>';
      const copy = target.cloneNode(true) as Element;
      renameIds(copy);
      banner.append(copy);
      doc.body.prepend(banner);
      return target;
    },
  },
  {
    name: 'decoy copy of its card',
    expect: 'found',
    apply(doc, target) {
      const card = block(target);
      const copy = card.cloneNode(true) as Element;
      renameIds(copy);
      // the copy is another item: the title of the target's section says so (the last title before it)
      const titles = Array.from(card.querySelectorAll(TITLES));
      const index = titles.findLastIndex(
        (t) =>
          !t.contains(target) &&
          (t.parentElement as Element).contains(target) &&
          t.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
      const title = copy.querySelectorAll(TITLES)[index];
      if (title) {
        // another item of the same kind, shown first: the page's positional paths now lead to it
        title.textContent = 'Recently viewed';
        if (copy.hasAttribute('aria-label')) copy.setAttribute('aria-label', 'Recently viewed');
        card.before(copy);
      } else {
        // nothing tells the copy apart but its place: it comes after the original
        copy.prepend(Object.assign(doc.createElement('h3'), { textContent: 'Recently viewed' }));
        card.after(copy);
      }
      return target;
    },
  },
  {
    name: 'redesign: classes, wrappers and text',
    expect: 'found',
    apply(doc, target, random) {
      regenerateClasses(doc, random);
      wrap(target, random);
      rewordTarget(doc, target);
      return target;
    },
  },
  {
    name: 'target removed',
    expect: 'not-found',
    apply(_doc, target) {
      target.remove();
      return null;
    },
  },
  {
    name: 'two identical copies',
    expect: 'ambiguous',
    apply(doc, target) {
      const card = block(target);
      const holder = doc.createElement('div');
      for (let i = 0; i < 2; i++) {
        const copy = card.cloneNode(true) as Element;
        renameIds(copy);
        holder.append(copy);
      }
      card.remove();
      doc.body.append(holder);
      return null;
    },
  },
];

export interface CaseResult {
  page: string;
  target: string;
  mutation: string;
  expect: Expectation;
  player: FindResult;
  playerOk: boolean;
  baselineOk: boolean;
}

export interface CorpusTarget {
  page: CorpusPage;
  key: string;
}

export function corpusTargets(doc: Document = document): CorpusTarget[] {
  const out: CorpusTarget[] = [];
  for (const page of PAGES) {
    doc.body.innerHTML = page.html;
    for (const el of Array.from(doc.body.querySelectorAll('[data-target]'))) {
      out.push({ page, key: el.getAttribute('data-target') as string });
    }
  }
  doc.body.replaceChildren();
  return out;
}

export const MUTATION_NAMES = MUTATIONS.map((m) => m.name);

/** Loads the page, captures the target, mutates the page, and searches with the player and the baseline. */
export function runCase(doc: Document, { page, key }: CorpusTarget, mutationName: string): CaseResult {
  const mutation = MUTATIONS.find((m) => m.name === mutationName);
  if (!mutation) throw new Error(`unknown mutation ${mutationName}`);
  doc.body.innerHTML = page.html;
  const target = doc.body.querySelector(`[data-target="${key}"]`) as Element;
  for (const el of Array.from(doc.body.querySelectorAll('[data-target]'))) el.removeAttribute('data-target');
  // descriptors travel as JSON between the extension, the API and the player
  const descriptor = JSON.parse(JSON.stringify(capture(target))) as TargetDescriptor;
  let seed = 0;
  for (const ch of `${page.name}/${key}/${mutation.name}`) seed = (seed * 31 + ch.charCodeAt(0)) | 0;
  const expected = mutation.apply(doc, target, seeded(seed));
  const player = find(descriptor, doc);
  let baseline: Element | null = null;
  try {
    baseline = doc.querySelector(descriptor.css);
  } catch {
    baseline = null;
  }
  const playerOk =
    mutation.expect === 'found'
      ? player.status === 'found' && player.element === expected
      : mutation.expect === 'ambiguous'
        ? player.status === 'ambiguous'
        : player.element === null;
  const baselineOk = mutation.expect === 'found' ? baseline === expected : baseline === null;
  const result: CaseResult = {
    page: page.name,
    target: key,
    mutation: mutation.name,
    expect: mutation.expect,
    player,
    playerOk,
    baselineOk,
  };
  return result;
}

export function cleanUp(doc: Document) {
  doc.body.replaceChildren();
}
