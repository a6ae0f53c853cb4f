// The evidence find() weighs: each piece of the descriptor turned into a question asked of a candidate (how well does
// it show this, 0..1) and a weight. The target's own features are asked of every plausible element; its surroundings,
// which cost more, of the shortlist only.
import { MIN_SIMILARITY, type SearchRoot, similarity, similarityTo, visibleText, wordsOf } from './dom';
import {
  ancestorSignature,
  ancestorsOf,
  classSet,
  glyphOf,
  ICON,
  landmarkOf,
  nearText,
  peerWords,
  rankOf,
  sameTagPosition,
  setOf,
  stableId,
} from './features';
import { LIMITS } from './limits';
import {
  type AncestorSignature,
  STABLE_ATTRIBUTES,
  type StableAttribute,
  type TargetDescriptor,
} from './target';

/** How much each piece of evidence weighs when every element of the page shows it (rarer evidence weighs more). */
export const WEIGHTS = {
  tag: 0.5,
  role: 0.5,
  extra: 1.5,
  icons: 2,
  name: 3,
  text: 2,
  classes: 1.5,
  variant: 1,
  css: 2,
  ancestors: 2,
  context: 2.5,
  landmark: 2,
  near: 1,
  peers: 1.5,
  outer: 1.5,
  index: 0.5,
  // as much as the section title and the title around it: among copies, the variant of the component they are in
  // is what a title would be
  containers: 4,
} as const;

/** The weight of each stable attribute: test ids are written for finding elements, a type is shared by many. */
export const ATTRIBUTE_WEIGHTS: Record<StableAttribute, number> = {
  id: 3,
  'data-testid': 4,
  'data-test': 4,
  'data-cy': 4,
  name: 2.5,
  'aria-label': 2,
  placeholder: 2,
  href: 2,
  title: 1,
  alt: 1.5,
  for: 1.5,
  type: 0.5,
  value: 1.5,
};

/** What is still on the page: a class name used somewhere, an id some element has. */
export interface Live {
  has(name: string): boolean;
  id(id: string): boolean;
}

/** A piece of evidence about the target: how much it weighs and how well an element shows it (0..1). */
export interface Evidence {
  weight: number;
  /** evidence of position only: a neighbour that takes the target's place inherits it */
  place?: boolean;
  /** the accessible name */
  named?: boolean;
  /**
   * what a copy of the target (capture's `copies`) may differ by, or the target itself once reworded: its id, its
   * words (name, text, and the attributes holding words)
   */
  apart?: 'id' | 'words';
  /** counts only when it tells the candidates apart: every one of them showing it, it is not the target's alone */
  selective?: boolean;
  match: (el: Element) => number;
}

/** Evidence shared by n candidates proves less than evidence one alone has (an IDF). */
export const rarity = (n: number) => 1 / (1 + Math.log(Math.max(1, n)));

/**
 * A name's words, a word said again counted as a word of its own ("Digit 6 of 6" holds "6" twice): the second "6" is
 * what tells the sixth digit's field from the others, whose names all end in "of 6".
 */
const countedWords = (text: string): string[] => {
  const seen = new Map<string, number>();
  return wordsOf(text).map((w) => {
    const n = (seen.get(w) ?? 0) + 1;
    seen.set(w, n);
    return n === 1 ? w : `${w} ×${n}`;
  });
};

/**
 * The word of a name of several words that the fewest plausible elements' names have, when no other is as rare:
 * a candidate without it names something else, however many of the other words it shares.
 */
export function keyWord(
  name: string | undefined,
  pool: Element[],
  nameOf: (el: Element) => string,
): string | undefined {
  const words = [...new Set(countedWords(name ?? ''))];
  if (words.length < 2) return undefined;
  const names = pool.map((el) => countedWords(nameOf(el)));
  const counts = words.map((w) => names.filter((n) => n.includes(w)).length);
  const least = counts.indexOf(Math.min(...counts));
  // several words as rare as each other: which one made the name distinctive cannot be told from this page
  return least === counts.lastIndexOf(counts[least] as number) ? words[least] : undefined;
}

const WORDED_ATTRIBUTES = new Set<StableAttribute>(['aria-label', 'placeholder', 'title', 'alt']);

function attributeMatch(name: StableAttribute, expected: string, el: Element): number {
  const actual = el.getAttribute(name);
  if (actual === null) return 0;
  if (actual === expected) return 1;
  if (WORDED_ATTRIBUTES.has(name)) {
    // wording changes like the visible text does
    const s = similarity(expected, actual);
    return s >= MIN_SIMILARITY ? s : 0;
  }
  // any other attribute is the same or not: an address differing only by its query string or fragment is another
  // link as often as not (`?page=2`, `#billing`), and taking it for the same one made look-alikes closer
  return 0;
}

function signatureSimilarity(a: AncestorSignature, b: AncestorSignature, live: Live): number {
  if (a.tag !== b.tag) return 0;
  let considered = 1;
  let agreed = 1;
  for (const key of ['id', 'role', 'label'] as const) {
    // an id no element has any more was regenerated site-wide: it says nothing either way
    if (a[key] === undefined || (key === 'id' && !live.id(a[key]))) continue;
    considered++;
    if (a[key] === b[key]) agreed++;
  }
  const classes = a.classes?.filter((c) => live.has(c));
  if (classes?.length) {
    // their Jaccard index
    const theirs = b.classes ?? [];
    const common = classes.filter((c) => theirs.includes(c)).length;
    considered++;
    agreed += common / (classes.length + theirs.length - common);
  }
  return agreed / considered;
}

/** A candidate's ancestors, far enough up to meet the captured ones with wrappers added between them. */
const candidateAncestors = (el: Element) => ancestorsOf(el, 14);

/** How well the element's ancestors match the captured ones, tolerating inserted wrapper elements. */
function ancestorSimilarity(captured: AncestorSignature[], el: Element, live: Live): number {
  const actual = candidateAncestors(el).map(ancestorSignature);
  let position = 0;
  let total = 0;
  let agreed = 0;
  captured.forEach((sig, i) => {
    const weight = 1 / (i + 1);
    total += weight;
    for (let j = position; j < Math.min(actual.length, position + LIMITS.addedWrappers); j++) {
      const s = signatureSimilarity(sig, actual[j] as AncestorSignature, live);
      if (s >= LIMITS.sameAncestor) {
        agreed += weight * s;
        position = j + 1;
        break;
      }
    }
  });
  return total ? agreed / total : 0;
}

/** The elements at the captured CSS path, in every root it can mean something in. */
export function pathHits(d: TargetDescriptor, roots: SearchRoot[]): Set<Element> {
  const hits = new Set<Element>();
  // an absolute path only means something from a document; a relative one only inside a shadow root; one anchored
  // on an id, from anywhere
  const anchored = d.css[0] === '#';
  const absolute = d.css.startsWith('html');
  for (const root of roots) {
    try {
      if (anchored || absolute === (root.nodeType === 9)) {
        const hit = root.querySelector(d.css);
        if (hit) hits.add(hit);
      }
    } catch {
      // a path captured on another engine may not parse here
    }
  }
  return hits;
}

/** The page as the evidence reads it. */
export interface PageReading {
  live: Live;
  roots: SearchRoot[];
  /** whether anything on the page matches the selector */
  anywhere: (selector: string) => boolean;
  /** the accessible name, remembered */
  nameOf: (el: Element) => string;
}

/**
 * The target's own features. Each class and each icon class is a piece of evidence of its own, so that a class
 * forty elements share weighs little next to one only the target has. Classes and icon classes missing from the
 * whole page were renamed site-wide (a restyle, a CSS-modules rebuild), and attributes missing from the whole
 * page were dropped site-wide (test ids stripped from production): either says nothing about the target, so
 * they are left out. `key`: the word of the target's name that tells it apart (keyWord).
 */
export function ownEvidence(d: TargetDescriptor, page: PageReading, key: string | undefined): Evidence[] {
  const { live, roots, anywhere, nameOf } = page;
  const out: Evidence[] = [];
  // the ids captured around the target mostly gone too: the site regenerated its ids, the target's says nothing.
  // With none captured around it, the page's own ids tell: most of them generated ones (`:r1f:`, `ember42`)
  const ids = d.fingerprint.ancestors.flatMap((a) => (a.id ? [a.id] : []));
  const alive = ids.length
    ? ids.map(live.id)
    : roots.flatMap((r) => [...r.querySelectorAll('[id]')].map(stableId));
  const regenerated = alive.filter(Boolean).length * 2 < alive.length;
  // an attribute no element has any more was dropped site-wide; a reference to an id no element has any more
  // (`href="#section"`, `for`, `data-bs-target`) followed the ids the site regenerated: either says nothing
  const dead = (name: string, value: string) => {
    if (name === 'id') return regenerated && !live.id(value);
    if (!anywhere(`[${CSS.escape(name)}]`)) return true;
    if (name === 'for') return !live.id(value);
    return /^#./.test(value) && !live.id(value.slice(1));
  };
  for (const name of STABLE_ATTRIBUTES) {
    const value = d.attributes[name];
    if (value === undefined || dead(name, value)) continue;
    out.push({
      weight: ATTRIBUTE_WEIGHTS[name],
      apart: name === 'id' ? 'id' : WORDED_ATTRIBUTES.has(name) ? 'words' : undefined,
      match: (el) => attributeMatch(name, value, el),
    });
  }
  for (const [name, value] of Object.entries(d.extra ?? {})) {
    if (!dead(name, value))
      out.push({ weight: WEIGHTS.extra, match: (el) => +(el.getAttribute(name) === value) });
  }
  // most of the classes captured around the target still on the page: the site was not restyled, and a class
  // gone from the whole page went with the element that carried it (a removed target's btn-google)
  const around = [...(d.classes ?? []), ...d.fingerprint.ancestors.flatMap((a) => a.classes ?? [])];
  const restyled = around.filter((c) => live.has(c)).length * 2 < around.length;
  const kept = (c: string) => !restyled || live.has(c);
  out.push(...iconEvidence(d, roots, kept));
  // attributes together weigh at most a little more than the accessible name: a redesign that renames a
  // field's id and name attribute leaves it its label
  const attributes = out.reduce((sum, e) => sum + e.weight, 0);
  const most = WEIGHTS.name + 1;
  if (d.name && attributes > most) for (const e of out) e.weight *= most / attributes;
  out.push(...wordEvidence(d, nameOf, key));
  const classes = d.classes?.filter(kept) ?? [];
  for (const c of classes) {
    out.push({
      weight: WEIGHTS.classes / Math.sqrt(classes.length),
      match: (el) => +el.classList.contains(c),
    });
  }
  // a class the target did not have makes another variant of the same control (`btn rounded-pill btn-info` beside
  // `btn btn-info`, `btn-sm`): the target's very set of classes is evidence of its own, while none of them went
  // from the page (a restyle renamed them, or some: no element has that set any more)
  const variant = setOf(classes);
  if (!restyled && d.classes?.every(live.has))
    out.push({ weight: WEIGHTS.variant, match: (el) => +(classSet(el) === variant) });
  return out;
}

/**
 * The target's icons: icon classes (those a restyle did not rename), sprite and image references, and the glyphs its
 * icon fonts draw. The controls holding each icon are found from the icon, rather than the icon searched for in
 * every control.
 */
function iconEvidence(d: TargetDescriptor, roots: SearchRoot[], kept: (c: string) => boolean): Evidence[] {
  const icons = d.icons?.filter((c) => kept(c) || /[/#."]/.test(c)) ?? [];
  return icons.map((icon) => {
    const drawn = icon[0] === '"';
    const selector = drawn
      ? ICON
      : /[/#.]/.test(icon)
        ? `use[href="${CSS.escape(icon)}"],img[src$="${CSS.escape(icon)}"]`
        : `.${CSS.escape(icon)}`;
    const holders = new Set<Element>();
    for (const r of roots) {
      for (const hit of r.querySelectorAll(selector)) {
        if (drawn && glyphOf(hit) !== icon) continue;
        for (let p: Element | null = hit, i = 0; p && i < 4; p = p.parentElement, i++) holders.add(p);
      }
    }
    return { weight: WEIGHTS.icons / Math.sqrt(icons.length), match: (el: Element) => +holders.has(el) };
  });
}

/** The target's accessible name, and its visible text when that says something else. */
function wordEvidence(
  d: TargetDescriptor,
  nameOf: (el: Element) => string,
  key: string | undefined,
): Evidence[] {
  const sameText = d.text && d.text === d.name;
  // a target with no name has that as a feature too: a name it never had counts against (a new field's label, a
  // look-alike's title)
  const name = similarityTo(d.name ?? '');
  const out: Evidence[] = [
    {
      weight: sameText ? WEIGHTS.name + WEIGHTS.text : WEIGHTS.name,
      named: true,
      apart: 'words',
      match: (el) => {
        const actual = nameOf(el);
        // the word of the name fewest elements share is what tells "Login with Google" from "… with Facebook"
        if (key && !countedWords(actual).includes(key)) return 0;
        const s = name(actual);
        return s >= MIN_SIMILARITY ? s : 0;
      },
    },
  ];
  if (d.text && !sameText) {
    const text = similarityTo(d.text);
    out.push({
      weight: WEIGHTS.text,
      apart: 'words',
      match: (el) => {
        const s = text(visibleText(el).slice(0, 100));
        return s >= MIN_SIMILARITY ? s : 0;
      },
    });
  }
  return out;
}

/** The target's surroundings: compared on the shortlist only, they cost more and tell look-alikes apart. */
export function surroundingEvidence(d: TargetDescriptor, css: Set<Element>, live: Live): Evidence[] {
  const fp = d.fingerprint;
  const out: Evidence[] = [];
  out.push({ weight: WEIGHTS.css, place: true, match: (el) => +css.has(el) });
  if (fp.ancestors.length)
    out.push({ weight: WEIGHTS.ancestors, match: (el) => ancestorSimilarity(fp.ancestors, el, live) });
  // the very sets of classes of the target's containers, every one still on a container of it, wrappers added or
  // not: the variant of the component it is in (the plain pagination among the sized ones, the alert of its colour,
  // the card without `text-center`). Not once a class of theirs left the page: a restyle renamed it
  const containers = fp.ancestors.flatMap((a) => (a.classes ? [setOf(a.classes)] : []));
  if (containers.length && fp.ancestors.flatMap((a) => a.classes ?? []).every(live.has))
    out.push({
      weight: WEIGHTS.containers,
      selective: true,
      match: (el) => {
        const theirs = candidateAncestors(el).map(classSet);
        return +containers.every((c) => theirs.includes(c));
      },
    });
  const similar = (
    expected: string | undefined,
    weight: number,
    actual: (el: Element) => string | undefined,
  ) => {
    if (!expected) return;
    const test = similarityTo(expected);
    out.push({
      weight,
      match: (el) => {
        const s = test(actual(el) ?? '');
        return s >= LIMITS.same ? s : 0;
      },
    });
  };
  // a landmark named by an id the site regenerated is still the same kind of landmark
  similar(
    d.landmark?.replace(/:#(.+)/, (m, id: string) => (live.id(id) ? m : ':')),
    WEIGHTS.landmark,
    landmarkOf,
  );
  similar(d.near, WEIGHTS.near, nearText);
  const peers = d.peers;
  if (peers?.length)
    out.push({
      weight: WEIGHTS.peers,
      match: (el) => {
        const theirs = new Set(peerWords(el));
        return +(peers.filter((w) => theirs.has(w)).length >= LIMITS.samePeers * peers.length);
      },
    });
  out.push({
    weight: WEIGHTS.index,
    place: true,
    match: (el) => +(sameTagPosition(el).index === fp.index),
  });
  const rank = d.rank;
  if (rank)
    out.push({ weight: WEIGHTS.index, place: true, match: (el) => +(rankOf(el)?.index === rank.index) });
  return out;
}
