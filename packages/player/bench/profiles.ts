// Redeploy profiles of the bench: seeded changes applied to a whole page the way a customer's next deploy
// changes it. Page-wide profiles change the page once for all its targets; per-target profiles (the target
// removed or duplicated) change it once per target. Runs in the browser (bundled by bench.ts).

export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const token = (random: Random, length = 6) =>
  Array.from({ length }, () => pick(random, [...'abcdefghijklmnopqrstuvwxyz0123456789'])).join('');

const TITLES = 'h1,h2,h3,h4,h5,h6,legend';
const CONTROL = 'a,button,input,select,textarea,summary,[role=button],[role=link],[role=menuitem],[role=tab]';
const LANDMARK = /^(body|main|nav|header|footer|aside|form|html)$/;

/** The closest container with its own title (card, section, fieldset), a row or list item, else the parent. */
export function block(target: Element): Element {
  let depth = 0;
  for (
    let p = target.parentElement;
    p && !LANDMARK.test(p.localName) && depth < 5;
    p = p.parentElement, depth++
  ) {
    if (p.localName === 'tr' || p.localName === 'li') return p;
    const title = Array.from(p.querySelectorAll(TITLES)).find(
      (t) => !t.contains(target) && (t.parentElement as Element).contains(target),
    );
    if (title) return p;
  }
  return target.parentElement as Element;
}

/** The element that stands for the target among its siblings: the target, or the single-child chain around it. */
function itemOf(target: Element): Element {
  let item = target;
  for (let depth = 0; depth < 3; depth++) {
    const parent = item.parentElement;
    if (!parent || LANDMARK.test(parent.localName) || parent.children.length !== 1) break;
    item = parent;
  }
  return item;
}

function textNodes(el: Element): Text[] {
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const out: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if (/\p{L}/u.test(n.nodeValue ?? '')) out.push(n as Text);
  return out;
}

const pathIn = (ancestor: Element, el: Element): number[] => {
  const path: number[] = [];
  for (let n = el; n !== ancestor; n = n.parentElement as Element) {
    path.unshift(Array.prototype.indexOf.call((n.parentElement as Element).children, n));
  }
  return path;
};
const atPath = (ancestor: Element, path: number[]): Element =>
  path.reduce((el, i) => el.children[i] as Element, ancestor);

/** A copy made by the site itself: its ids are made unique again and its own references follow them. */
function renameIdsIn(copy: Element, suffix: string) {
  for (const node of [copy, ...Array.from(copy.querySelectorAll('[id]'))]) {
    const id = node.getAttribute('id');
    if (!id) continue;
    node.setAttribute('id', `${id}-${suffix}`);
    for (const ref of Array.from(copy.querySelectorAll(`[for="${CSS.escape(id)}"]`)))
      ref.setAttribute('for', `${id}-${suffix}`);
  }
}

const WORDS = [
  'Reports',
  'Archive',
  'Billing',
  'Export',
  'Invite',
  'Templates',
  'Usage',
  'Audit log',
  'Webhooks',
];

/** Another control of the same component next to the target: same classes and shape, another label and link. */
function lookAlike(target: Element, random: Random) {
  const item = itemOf(target);
  const copy = item.cloneNode(true) as Element;
  const twin = atPath(copy, pathIn(item, target));
  renameIdsIn(copy, token(random, 3));
  const word = pick(random, WORDS);
  const nodes = textNodes(twin);
  nodes.forEach((node, i) => {
    node.nodeValue = i ? '' : ` ${word} `;
  });
  for (const name of ['aria-label', 'title', 'placeholder', 'alt'])
    if (twin.hasAttribute(name)) twin.setAttribute(name, word);
  if (twin.localName === 'input' && /^(submit|button|reset)$/.test(twin.getAttribute('type') ?? ''))
    twin.setAttribute('value', word);
  // a new form field has a label of its own: a copy naming itself by the target's label, or by none (for a field
  // that had none, the target duplicated), is not what a deploy adds
  else if (
    /^(input|select|textarea)$/.test(twin.localName) &&
    !['aria-label', 'title', 'placeholder'].some((name) => twin.hasAttribute(name))
  ) {
    twin.removeAttribute('aria-labelledby');
    twin.setAttribute('aria-label', word);
  }
  const href = twin.getAttribute('href');
  if (href && href !== '#') twin.setAttribute('href', `${word.toLowerCase().replace(' ', '-')}.html`);
  const name = twin.getAttribute('name');
  if (name) twin.setAttribute('name', `${name}2`);
  for (const attr of Array.from(twin.attributes)) {
    if (attr.name.startsWith('data-') && random() < 0.5)
      twin.setAttribute(attr.name, `${attr.value}-${word.toLowerCase()}`);
  }
  if (!nodes.length) otherIcon(twin, word.toLowerCase().replace(' ', '-'));
  if (random() < 0.5) item.before(copy);
  else item.after(copy);
}

const SYMBOLS = ['⚙', '✎', '⋯', '★', '⟳', '✉', '⌂', '⚑', '☰'];

/**
 * An icon-only control's look-alike is another control of the same component, so it shows another icon: its
 * glyph class (the icon's rarest class on the page, whether the site's classes are kept or renamed), sprite or
 * image, or its symbol. Copied as it is, it would be the target duplicated, a profile of its own.
 */
function otherIcon(control: Element, slug: string) {
  const doc = control.ownerDocument;
  for (const icon of [control, ...Array.from(control.querySelectorAll('i,svg,use,img,span:empty'))]) {
    if (icon.localName === 'use') {
      for (const name of ['href', 'xlink:href'])
        if (icon.hasAttribute(name)) icon.setAttribute(name, `#${slug}`);
      return;
    }
    if (icon.localName === 'img') {
      icon.setAttribute('src', `${slug}.svg`);
      return;
    }
    if (icon === control) continue;
    const glyph = Array.from(icon.classList).sort(
      (a, b) => doc.getElementsByClassName(a).length - doc.getElementsByClassName(b).length,
    )[0];
    if (glyph) {
      icon.classList.replace(glyph, `${glyph}-${slug}`);
      return;
    }
  }
  const walker = doc.createTreeWalker(control, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const symbol = n.nodeValue?.trim();
    if (symbol) {
      n.nodeValue = SYMBOLS.find((s) => s !== symbol) ?? '';
      return;
    }
  }
}

/** The target's card or section copied as another item of the same kind, its title saying which. */
function duplicateSection(target: Element, random: Random) {
  const card = block(target);
  if (LANDMARK.test(card.localName)) return;
  const copy = card.cloneNode(true) as Element;
  renameIdsIn(copy, token(random, 3));
  const titles = Array.from(card.querySelectorAll(TITLES));
  const index = titles.findLastIndex(
    (t) =>
      !t.contains(target) &&
      (t.parentElement as Element).contains(target) &&
      t.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  const title = copy.querySelectorAll(TITLES)[index];
  if (title) {
    title.textContent = pick(random, ['Recently viewed', 'Archived items', 'Team activity']);
    card.before(copy);
  } else {
    if (card.localName === 'tr' || card.localName === 'li') {
      // another row or item: its first cell or words say which
      const first = textNodes(copy)[0];
      if (first) first.nodeValue = ` ${pick(random, WORDS)} `;
    } else
      copy.prepend(
        Object.assign(target.ownerDocument.createElement('h3'), { textContent: 'Recently viewed' }),
      );
    card.after(copy);
  }
}

function reword(text: string, random: Random): string {
  const words = text.trim().split(/\s+/);
  const lead = /^\s*/.exec(text)?.[0] ?? '';
  const trail = /\s*$/.exec(text)?.[0] ?? '';
  const variants = [
    () => (words.length >= 2 ? [words[0], 'your', ...words.slice(1)] : [...words, 'now']).join(' '),
    () => [...words, pick(random, ['now', 'here', 'all'])].join(' '),
    () => words.join(' ').toUpperCase(),
    () => words.map((w) => (w[0] ?? '').toUpperCase() + w.slice(1).toLowerCase()).join(' '),
    () => words.join(' ').toLowerCase(),
  ];
  for (let i = 0; i < 5; i++) {
    const changed = pick(random, variants)();
    if (changed !== words.join(' ')) return lead + changed + trail;
  }
  return `${lead}${words.join(' ')} now${trail}`;
}

/** New copy: the control's words, labels and placeholders reworded or re-cased. */
function rewordControl(el: Element, random: Random) {
  for (const node of textNodes(el)) node.nodeValue = reword(node.nodeValue ?? '', random);
  for (const name of ['aria-label', 'title', 'placeholder']) {
    const value = el.getAttribute(name);
    if (value) el.setAttribute(name, reword(value, random));
  }
  if (el.localName === 'input' && /^(submit|button|reset)$/.test(el.getAttribute('type') ?? '')) {
    el.setAttribute('value', reword(el.getAttribute('value') ?? '', random));
  }
  for (const label of Array.from((el as HTMLInputElement).labels ?? [])) {
    for (const node of textNodes(label))
      if (!el.contains(node)) node.nodeValue = reword(node.nodeValue ?? '', random);
  }
}

/** A wrapper element around el: a layout-free `display: contents` one, or a real box. */
function wrap(el: Element, random: Random, kind: 'contents' | 'box' = random() < 0.5 ? 'contents' : 'box') {
  const wrapper = el.ownerDocument.createElement(kind === 'contents' ? 'span' : 'div');
  if (kind === 'contents') wrapper.style.display = 'contents';
  else wrapper.className = `wrap-${token(random, 5)}`;
  el.replaceWith(wrapper);
  wrapper.append(el);
}

function shuffle(parent: Element, random: Random) {
  const children = Array.from(parent.children);
  const order = children.map((child) => ({ child, key: random() }));
  order.sort((a, b) => a.key - b.key);
  if (order.every((o, i) => o.child === children[i])) order.reverse();
  parent.append(...order.map((o) => o.child));
}

/** The nearest level above el with something to re-order. */
function reorderAround(el: Element, random: Random, done: Set<Element>) {
  let node = el;
  while (
    node.parentElement &&
    node.parentElement.children.length < 2 &&
    !LANDMARK.test(node.parentElement.localName)
  )
    node = node.parentElement;
  const parent = node.parentElement;
  if (!parent || parent.localName === 'body' || parent.localName === 'head' || done.has(parent)) return;
  done.add(parent);
  shuffle(parent, random);
}

const ID_REFERENCES = [
  'for',
  'aria-labelledby',
  'aria-describedby',
  'aria-controls',
  'aria-owns',
  'list',
  'form',
  'headers',
];
const SELECTOR_REFERENCES = ['href', 'data-target', 'data-bs-target', 'data-parent', 'data-bs-parent'];
const TEST_IDS = ['data-testid', 'data-test', 'data-cy', 'data-qa', 'data-test-id'];

/** A framework upgrade: every id regenerated (references kept consistent), test ids stripped from production. */
function regenerateIds(doc: Document, random: Random) {
  const ids = new Map<string, string>();
  for (const el of Array.from(doc.body.querySelectorAll('[id]'))) {
    const id = el.getAttribute('id') as string;
    const next = `:r${token(random, 4)}:`;
    ids.set(id, next);
    el.setAttribute('id', next);
  }
  for (const el of Array.from(doc.body.querySelectorAll('*'))) {
    for (const name of ID_REFERENCES) {
      const value = el.getAttribute(name);
      if (value)
        el.setAttribute(
          name,
          value
            .split(/\s+/)
            .map((id) => ids.get(id) ?? id)
            .join(' '),
        );
    }
    for (const name of SELECTOR_REFERENCES) {
      const value = el.getAttribute(name);
      const id = value?.startsWith('#') ? ids.get(value.slice(1)) : undefined;
      if (id) el.setAttribute(name, `#${CSS.escape(id)}`);
    }
    for (const name of TEST_IDS) el.removeAttribute(name);
  }
}

function banner(doc: Document, targets: Element[], random: Random) {
  const consent = doc.createElement('div');
  consent.setAttribute('role', 'dialog');
  consent.setAttribute('aria-label', 'Cookie consent');
  consent.style.cssText =
    'position:fixed;left:0;right:0;bottom:0;z-index:9999;padding:12px;background:#fff;box-shadow:0 -2px 8px #0003';
  consent.innerHTML =
    '<p>We use cookies to improve your experience.</p><button type="button" class="btn btn-primary">Accept all</button> <button type="button" class="btn btn-link">Settings</button>';
  doc.body.prepend(consent);
  // new content above the page's own: an announcement at the top of the section of one of the targets
  const note = doc.createElement('div');
  note.className = 'alert alert-info';
  note.innerHTML = '<strong>New:</strong> dashboards can now be shared. <a href="#whats-new">Learn more</a>';
  const first = targets.length ? block(pick(random, targets)) : doc.body;
  const holder =
    first.parentElement && !/^(tr|tbody|table|ul|ol|select)$/.test(first.parentElement.localName)
      ? first.parentElement
      : doc.body;
  holder.prepend(note);
}

/** Some of the page's other elements changed the same way: a redeploy touches more than the targets. */
function others(
  doc: Document,
  selector: string,
  share: number,
  random: Random,
  change: (el: Element) => void,
) {
  for (const el of Array.from(doc.body.querySelectorAll(selector))) if (random() < share) change(el);
}

type Change = (doc: Document, targets: Element[], random: Random) => void;

const change = {
  banner: ((doc, targets, random) => banner(doc, targets, random)) as Change,
  lookAlike: ((_doc, targets, random) => {
    for (const t of targets) lookAlike(t, random);
  }) as Change,
  sections: ((_doc, targets, random) => {
    const done = new Set<Element>();
    for (const t of targets) {
      if (done.has(block(t))) continue;
      done.add(block(t));
      duplicateSection(t, random);
    }
  }) as Change,
  wrappers:
    (share: number, depth: number): Change =>
    (doc, targets, random) => {
      for (const t of targets) {
        for (let i = 0; i < depth; i++) wrap(t, random);
        const card = block(t);
        if (!/^(tr|td|th|li|tbody|thead|body)$/.test(card.localName)) wrap(card, random, 'box');
      }
      others(doc, 'div,section,form,nav,header,p', share, random, (el) => wrap(el, random));
    },
  reorder:
    (share: number): Change =>
    (doc, targets, random) => {
      const done = new Set<Element>();
      for (const t of targets) reorderAround(t, random, done);
      others(doc, 'ul,ol,nav,tbody,.row,div', share, random, (el) => {
        if (el.children.length >= 2 && !done.has(el)) {
          done.add(el);
          shuffle(el, random);
        }
      });
    },
  reword:
    (share: number): Change =>
    (doc, targets, random) => {
      for (const t of targets) rewordControl(t, random);
      others(doc, CONTROL, share, random, (el) => {
        if (!targets.includes(el)) rewordControl(el, random);
      });
    },
  ids: ((doc, _targets, random) => regenerateIds(doc, random)) as Change,
};

export interface Profile {
  name: string;
  /** per target: the element that now is the target (null: gone); else the change is page-wide */
  perTarget?: (target: Element, random: Random) => { expected: Element | null; copy?: Element };
  page?: Change[];
}

export const PROFILES: Profile[] = [
  { name: 'unchanged', page: [] },
  { name: 'banner and new content above', page: [change.banner] },
  { name: 'look-alike siblings', page: [change.lookAlike] },
  { name: 'duplicated sections', page: [change.sections] },
  { name: 'wrappers (contents and boxes)', page: [change.wrappers(0.1, 1)] },
  { name: 'siblings reordered', page: [change.reorder(0.1)] },
  { name: 'text reworded or re-cased', page: [change.reword(0.15)] },
  { name: 'ids regenerated, test ids dropped', page: [change.ids] },
  { name: 'light: banner + look-alike', page: [change.lookAlike, change.banner] },
  {
    name: 'medium: light + wrappers, order, text',
    page: [
      change.lookAlike,
      change.reword(0.15),
      change.wrappers(0.1, 1),
      change.reorder(0.1),
      change.banner,
    ],
  },
  {
    // the heavy redeploy: medium's changes, more of both (look-alikes, wrappers, re-orders, rewording),
    // ids regenerated and test ids dropped
    name: 'heavy: medium + more of both, ids',
    page: [
      change.lookAlike,
      change.lookAlike,
      change.ids,
      change.reword(0.3),
      change.wrappers(0.25, 2),
      change.reorder(0.25),
      change.banner,
    ],
  },
  {
    // harsher than the heavy: the target's whole card or row also copied as another item
    name: 'heavy + duplicated sections',
    page: [
      change.sections,
      change.lookAlike,
      change.lookAlike,
      change.ids,
      change.reword(0.3),
      change.wrappers(0.25, 2),
      change.reorder(0.25),
      change.banner,
    ],
  },
  {
    name: 'target removed',
    perTarget: (target) => {
      target.remove();
      return { expected: null };
    },
  },
  {
    name: 'target duplicated',
    perTarget: (target, random) => {
      const copy = target.cloneNode(true) as Element;
      renameIdsIn(copy, token(random, 3));
      if (random() < 0.5) target.before(copy);
      else target.after(copy);
      return { expected: target, copy };
    },
  },
];
