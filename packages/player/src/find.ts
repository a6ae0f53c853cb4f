import {
  accessibleName,
  collect,
  isVisible,
  MIN_SIMILARITY,
  normalize,
  roleOf,
  type SearchRoot,
  similarity,
  similarityTo,
  visibleText,
  wordsOf,
} from './dom';
import {
  ancestorSignature,
  ancestorsOf,
  classSet,
  contextsOf,
  glyphOf,
  ICON,
  landmarkOf,
  nearText,
  ownSignature,
  rankOf,
  sameTagPosition,
  stableId,
  twinsOf,
} from './features';
import { remembered } from './stability';
import {
  type AncestorSignature,
  STABLE_ATTRIBUTES,
  type StableAttribute,
  type TargetDescriptor,
} from './target';

export type FindStatus = 'found' | 'ambiguous' | 'low-confidence' | 'not-found';

export interface Candidate {
  element: Element;
  /** share of the descriptor's evidence, weighted by how distinctive it is on this page, this element has, 0..1 */
  confidence: number;
  /** share of the target's own features (attributes, name, text, icons, classes) this element has, 0..1 */
  identity: number;
}

export interface FindResult {
  status: FindStatus;
  /** only set when status is "found": ambiguous and weak matches are reported, never guessed */
  element: Element | null;
  confidence: number;
  /** best candidates first, at most three */
  candidates: Candidate[];
}

export interface FindOptions {
  /** an element that is not a candidate (capture asks what would be found were the target gone) */
  skip?: Element;
  /** as if the page had been restyled: every class the descriptor holds taken as renamed (capture's question) */
  restyled?: boolean;
}

/**
 * below this confidence the best candidate is reported as "low-confidence", unless it is the only plausible element
 * and keeps every feature of the target
 */
export const MIN_CONFIDENCE = 0.45;
/** found, but weakly: worth reporting to the guide's author (guide health) */
export const DEGRADED_CONFIDENCE = 0.7;
// the finder's limits: an enum, like W, so that the bundle inlines them (a module's own constants stay variables)
// biome-ignore-start lint/suspicious/noDuplicateEnumValues: limits, several of them equal by chance
enum Limit {
  // under this the best candidate has too little in common with the target to be worth mentioning
  notFoundConfidence = 0.3,
  // two candidates closer than this share of the total are indistinguishable
  ambiguityMargin = 0.07,
  // share of the target's own features a match must keep: below it, the target is gone and this is a neighbour
  minIdentity = 0.5,
  // …and more when its name is not the target's (another word, or none): its other features must make up for it
  minIdentityUnnamed = 0.6,
  // share of its surroundings a look-alike must keep when one of the elements like the target vanished
  vanishedSurroundings = 0.6,
  // how many of the best elements by their own features get their surroundings compared
  shortlist = 10,
}
// biome-ignore-end lint/suspicious/noDuplicateEnumValues: the limits end here

// the weight of each of STABLE_ATTRIBUTES, in its order (an array: smaller in the runtime than an object)
const ATTRIBUTE_WEIGHT = [3, 4, 4, 4, 2.5, 2, 2, 2, 1, 1.5, 1.5, 0.5, 1.5];
// an enum rather than an object: bundlers inline its values, which keeps the runtime within its size budget
// biome-ignore-start lint/suspicious/noDuplicateEnumValues: weights, several of them equal on purpose
enum W {
  tag = 0.5,
  role = 0.5,
  extra = 1.5,
  icons = 2,
  name = 3,
  text = 2,
  classes = 1.5,
  variant = 1,
  css = 2,
  ancestors = 2,
  context = 2.5,
  landmark = 2,
  near = 1,
  outer = 1.5,
  index = 0.5,
  // as much as the section title and the title around it: among copies, the variant of the component they are in
  // is what a title would be
  containers = 4,
}
// biome-ignore-end lint/suspicious/noDuplicateEnumValues: the weights end here
const INTERACTIVE = new Set(['a', 'button', 'input', 'select', 'textarea', 'summary', 'label', 'option']);

/** Whether a class name is still used somewhere on the page. */
interface Live {
  has(name: string): boolean;
  /** whether an element still has this id */
  id(id: string): boolean;
}

/** Evidence shared by n candidates proves less than evidence one alone has (an IDF). */
const rarity = (n: number) => 1 / (1 + Math.log(Math.max(1, n)));

/**
 * The word of a name of several words that the fewest plausible elements' names have, when no other is as rare:
 * a candidate without it names something else, however many of the other words it shares.
 */
function keyWord(
  name: string | undefined,
  pool: Element[],
  nameOf: (el: Element) => string,
): string | undefined {
  const words = [...new Set(wordsOf(name ?? ''))];
  if (words.length < 2) return undefined;
  const names = pool.map((el) => wordsOf(nameOf(el)));
  const counts = words.map((w) => names.filter((n) => n.includes(w)).length);
  const least = counts.indexOf(Math.min(...counts));
  // several words as rare as each other: which one made the name distinctive cannot be told from this page
  return least === counts.lastIndexOf(counts[least] as number) ? words[least] : undefined;
}

function attributeMatch(name: StableAttribute, expected: string, el: Element): number {
  const actual = el.getAttribute(name);
  if (actual === null) return 0;
  if (actual === expected) return 1;
  if (/^(aria-label|placeholder|title|alt)$/.test(name)) {
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

/** How well the element's ancestors match the captured ones, tolerating inserted wrapper elements. */
function ancestorSimilarity(captured: AncestorSignature[], el: Element, live: Live): number {
  const actual = ancestorsOf(el, 14).map(ancestorSignature);
  let position = 0;
  let total = 0;
  let agreed = 0;
  captured.forEach((sig, i) => {
    const weight = 1 / (i + 1);
    total += weight;
    for (let j = position; j < Math.min(actual.length, position + 4); j++) {
      const s = signatureSimilarity(sig, actual[j] as AncestorSignature, live);
      if (s >= 0.5) {
        agreed += weight * s;
        position = j + 1;
        break;
      }
    }
  });
  return total ? agreed / total : 0;
}

/** The elements at the captured CSS path, in every root it can mean something in. */
function pathHits(d: TargetDescriptor, roots: SearchRoot[]): Set<Element> {
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

/** A piece of evidence about the target: how much it weighs and how well an element shows it (0..1). */
interface Evidence {
  weight: number;
  /** evidence of position only: a neighbour that takes the target's place inherits it */
  place?: boolean;
  /** the accessible name */
  named?: boolean;
  /** counts only when it tells the candidates apart: every one of them showing it, it is not the target's alone */
  selective?: boolean;
  match: (el: Element) => number;
}

/**
 * The target's own features. Each class and each icon class is a piece of evidence of its own, so that a class
 * forty elements share weighs little next to one only the target has. Classes and icon classes missing from the
 * whole page were renamed site-wide (a restyle, a CSS-modules rebuild), and attributes missing from the whole
 * page were dropped site-wide (test ids stripped from production): either says nothing about the target, so
 * they are left out.
 */
function ownEvidence(
  d: TargetDescriptor,
  live: Live,
  roots: SearchRoot[],
  anywhere: (selector: string) => boolean,
  nameOf: (el: Element) => string,
  key: string | undefined,
): Evidence[] {
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
  const dead = (name: string, value: string) =>
    name === 'id'
      ? regenerated && !live.id(value)
      : !anywhere(`[${CSS.escape(name)}]`) ||
        (name === 'for' ? !live.id(value) : /^#./.test(value) && !live.id(value.slice(1)));
  STABLE_ATTRIBUTES.forEach((name, i) => {
    const value = d.attributes[name];
    if (value === undefined || dead(name, value)) return;
    out.push({ weight: ATTRIBUTE_WEIGHT[i] as number, match: (el) => attributeMatch(name, value, el) });
  });
  for (const [name, value] of Object.entries(d.extra ?? {})) {
    if (!dead(name, value)) out.push({ weight: W.extra, match: (el) => +(el.getAttribute(name) === value) });
  }
  // most of the classes captured around the target still on the page: the site was not restyled, and a class
  // gone from the whole page went with the element that carried it (a removed target's btn-google)
  const around = [...(d.classes ?? []), ...d.fingerprint.ancestors.flatMap((a) => a.classes ?? [])];
  const restyled = around.filter((c) => live.has(c)).length * 2 < around.length;
  const kept = (c: string) => !restyled || live.has(c);
  const icons = d.icons?.filter((c) => kept(c) || /[/#."]/.test(c)) ?? [];
  for (const icon of icons) {
    // the controls holding the icon: found from the icon, rather than the icon searched in every control (a glyph,
    // from the icons drawing it)
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
    out.push({ weight: W.icons / Math.sqrt(icons.length), match: (el) => +holders.has(el) });
  }
  // attributes together weigh at most a little more than the accessible name: a redesign that renames a
  // field's id and name attribute leaves it its label
  const attributes = out.reduce((sum, e) => sum + e.weight, 0);
  if (d.name && attributes > W.name + 1) for (const e of out) e.weight *= (W.name + 1) / attributes;
  const sameText = d.text && d.text === d.name;
  // a target with no name has that as a feature too: a name it never had counts against (a new field's label, a
  // look-alike's title)
  const name = similarityTo(d.name ?? '');
  out.push({
    weight: sameText ? W.name + W.text : W.name,
    named: true,
    match: (el) => {
      const actual = nameOf(el);
      // the word of the name fewest elements share is what tells "Login with Google" from "… with Facebook"
      if (key && !wordsOf(actual).includes(key)) return 0;
      const s = name(actual);
      return s >= MIN_SIMILARITY ? s : 0;
    },
  });
  if (d.text && !sameText) {
    const text = similarityTo(d.text);
    out.push({
      weight: W.text,
      match: (el) => {
        const s = text(visibleText(el).slice(0, 100));
        return s >= MIN_SIMILARITY ? s : 0;
      },
    });
  }
  const classes = d.classes?.filter(kept) ?? [];
  for (const c of classes) {
    out.push({
      weight: W.classes / Math.sqrt(classes.length),
      match: (el) => +el.classList.contains(c),
    });
  }
  // a class the target did not have makes another variant of the same control (`btn rounded-pill btn-info` beside
  // `btn btn-info`, `btn-sm`): the target's very set of classes is evidence of its own, while none of them went
  // from the page (a restyle renamed them, or some: no element has that set any more)
  const variant = classes.sort().join(' ');
  if (!restyled && d.classes?.every(live.has))
    out.push({ weight: W.variant, match: (el) => +(classSet(el) === variant) });
  return out;
}

/** The target's surroundings: compared on the shortlist only, they cost more and tell look-alikes apart. */
function surroundingEvidence(d: TargetDescriptor, css: Set<Element>, live: Live): Evidence[] {
  const fp = d.fingerprint;
  const out: Evidence[] = [];
  out.push({ weight: W.css, place: true, match: (el) => +css.has(el) });
  if (fp.ancestors.length)
    out.push({ weight: W.ancestors, match: (el) => ancestorSimilarity(fp.ancestors, el, live) });
  // the very sets of classes of the target's containers, every one still on a container of it, wrappers added or
  // not: the variant of the component it is in (the plain pagination among the sized ones, the alert of its colour,
  // the card without `text-center`). Not once a class of theirs left the page: a restyle renamed it
  const containers = fp.ancestors.flatMap((a) => (a.classes ? [a.classes.toSorted().join(' ')] : []));
  if (containers[0] && fp.ancestors.flatMap((a) => a.classes ?? []).every(live.has))
    out.push({
      weight: W.containers,
      selective: true,
      match: (el) => {
        const theirs = ancestorsOf(el, 14).map(classSet);
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
        return s >= 0.8 ? s : 0;
      },
    });
  };
  // a landmark named by an id the site regenerated is still the same kind of landmark
  similar(
    d.landmark?.replace(/:#(.+)/, (m, id: string) => (live.id(id) ? m : ':')),
    W.landmark,
    landmarkOf,
  );
  similar(d.near, W.near, nearText);
  out.push({ weight: W.index, place: true, match: (el) => +(sameTagPosition(el).index === fp.index) });
  const rank = d.rank;
  if (rank) out.push({ weight: W.index, place: true, match: (el) => +(rankOf(el)?.index === rank.index) });
  return out;
}

interface Scored {
  element: Element;
  own: number;
  score: number;
  identity: number;
  /** its accessible name is not nearly the target's */
  renamed: boolean;
  /** its accessible name is like the target's, reworded or not */
  alike: boolean;
  /** it bears the target's very name and yet lacks some of its features (an attribute, an icon, a class) */
  lacks: boolean;
  context: number;
  /** the title around its section is not the one around the target's */
  away?: boolean;
  /** the part of the score that comes from positions only (path, index, rank) */
  place: number;
}

/**
 * Finds the element a descriptor was captured from. Every piece of evidence counts by how distinctive it is on
 * this page (an attribute forty elements share proves little); a candidate is claimed only when it keeps most of
 * the target's own features and is clearly ahead of the next one, otherwise the answer says why not.
 */
export function find(
  descriptor: TargetDescriptor,
  root: SearchRoot = document,
  options: FindOptions = {},
): FindResult {
  const d = descriptor;
  const fp = d.fingerprint;
  const { elements, roots } = collect(root);
  // the elements bearing the target's data-tour: the target when there is one, the only candidates when several
  const tagged = d.tour ? elements.filter((el) => el.getAttribute('data-tour') === d.tour) : [];
  if (tagged.length === 1) {
    const element = tagged[0] as Element;
    return {
      status: 'found',
      element,
      confidence: 1,
      candidates: [{ element, confidence: 1, identity: 1 }],
    };
  }

  // the plausible elements, and the class names present on the page
  const pool = (tagged.length > 1 ? tagged : elements).filter(
    (el) =>
      el !== options.skip &&
      (el.localName === d.tag ||
        INTERACTIVE.has(el.localName) ||
        (d.role && el.getAttribute('role') === d.role)),
  );
  // whether anything on the page still carries a class or an attribute
  const anywhere = remembered((selector: string) => roots.some((r) => r.querySelector(selector)));
  const live = {
    has: (name: string) => !options.restyled && anywhere(`.${CSS.escape(name)}`),
    id: (id: string) => anywhere(`[id="${CSS.escape(id)}"]`),
  };

  // first pass: the target's own features on every plausible element, counting how many elements share each
  const nameOf = remembered(accessibleName);
  const own = ownEvidence(d, live, roots, anywhere, nameOf, keyWord(d.name, pool, nameOf));
  const matches = pool.map((el) => own.map((e) => e.match(el)));
  // a feature counts as shared when another element shows it nearly as well, not when a word of it recurs
  const weights = own.map((e, f) => e.weight * rarity(matches.filter((m) => (m[f] as number) >= 0.8).length));
  const ownMax = weights.reduce((a, b) => a + b, 0);
  const fixedMax = W.tag + (d.role ? W.role : 0);
  // the accessible name's evidence: there is always exactly one
  const named = own.findIndex((e) => e.named);
  const first: Scored[] = pool.map((element, i) => {
    const m = matches[i] as number[];
    let score = 0;
    for (let f = 0; f < m.length; f++) score += (weights[f] as number) * (m[f] as number);
    if (element.localName === d.tag) score += W.tag;
    if (d.role && roleOf(element) === d.role) score += W.role;
    // a link that became a button may be the same control; it keeps less of the target than one that did not
    const identity = ownMax ? score / (ownMax + fixedMax) : 0;
    const renamed = (m[named] as number) < 0.8;
    const alike = (m[named] as number) > 0;
    const lacks = m[named] === 1 && identity < 0.99;
    return { element, own: score, score, identity, renamed, alike, lacks, context: 0, place: 0 };
  });
  first.sort((a, b) => b.own - a.own);
  // the best ten, then the elements nearly as good as the tenth: look-alikes that only their surroundings will
  // tell apart. Twenty of them at most, a hundred of those that could be claimed: the target reworded in one row of
  // thirty falls behind the twenty-nine copies that kept its name, and only its row's title finds it again; the
  // same row's button in each of several identical tables ties with the target on everything but its table. (With
  // fewer than ten elements the tenth's score is NaN, no comparison holds, and every element is in.)
  const shortlist = first.filter(
    (s, i) =>
      i <
      (s.own < 0.8 * (first[Limit.shortlist - 1]?.own as number)
        ? Limit.shortlist
        : s.identity < Limit.minIdentity
          ? 2 * Limit.shortlist
          : 10 * Limit.shortlist),
  );

  // second pass: the surroundings of the shortlist, each counting by how well it tells them apart
  const css = pathHits(d, roots);
  for (const s of first) if (css.has(s.element) && !shortlist.includes(s)) shortlist.push(s);
  const around = surroundingEvidence(d, css, live);
  const near = shortlist.map(({ element }) => around.map((e) => e.match(element)));
  const aroundWeights = around.map((e, f) => {
    const n = near.filter((m) => (m[f] as number) >= 0.5).length;
    return e.selective && n === near.length ? 0 : e.weight * rarity(n);
  });
  const max = ownMax + fixedMax + aroundWeights.reduce((a, b) => a + b, 0) + (fp.context ? W.context : 0);
  const margin = Limit.ambiguityMargin * max;
  const contextSimilarity = similarityTo(fp.context ?? '');
  // the title around the target's section
  const enclosing = fp.outer?.[0] ?? '';
  shortlist.forEach((s, i) => {
    const m = near[i] as number[];
    for (let f = 0; f < m.length; f++) {
      const points = (aroundWeights[f] as number) * (m[f] as number);
      s.score += points;
      if (around[f]?.place) s.place += points;
    }
    const [context, ...further] = contextsOf(s.element, enclosing ? 3 : 1);
    if (fp.context) {
      s.context = contextSimilarity(context ?? '');
      // the same row or card in another table or section: the title around its section tells which
      // (a title put after its row or card may come first: one further out still counts)
      const at = further.findIndex((t) => similarity(enclosing, t) >= 0.8);
      s.away = at < 0;
      if (s.context >= 0.8 && enclosing && further.length) s.score += !at ? W.outer : s.away ? -W.outer : 0;
      // a table row or a list item is named by its first part of text, and a redeploy may re-order its parts
      // (columns, a price put before the route): the title in another part of it still names it
      const item = s.element.closest('tr,li');
      if (
        item &&
        [...item.children].some(
          (part) => !part.contains(s.element) && contextSimilarity(normalize(part.textContent, 60)) >= 0.8,
        )
      )
        s.context = 1;
      if (s.context >= 0.8) s.score += W.context * s.context;
      // another card's or row's title is evidence against: that is the same control of another item; a title
      // the target also had further out is not (the target left its section, e.g. into a dialog)
      else if (context && !fp.outer?.some((outer) => similarity(outer, context) >= 0.8)) s.score -= W.context;
      else s.context = 1;
      // a section title the target had none of is as much against as another one: an item copied into a new
      // titled section is not the target
    } else if (context) s.score -= W.context;
    // under no title, like the target
    else s.context = 1;
  });
  shortlist.sort((a, b) => b.score - a.score);
  // a hidden copy (template, closed menu) must not take the place of the visible target
  for (const s of shortlist.slice(0, 4)) if (!isVisible(s.element)) s.score *= 0.6;
  // a target known by its id may be named by another element through it (a menu's aria-labelledby, a label's
  // for, aria-controls): a tie to its surroundings that survives regenerated ids, and that a look-alike inserted
  // beside it does not have. It breaks ties between look-alikes, no more
  const linked = (el: Element) =>
    d.attributes.id &&
    el.id &&
    anywhere(
      ['aria-labelledby~', 'for', 'aria-controls~'].map((a) => `[${a}="${CSS.escape(el.id)}"]`).join(),
    );
  for (const s of shortlist) if (linked(s.element)) s.score += 1.5 * margin;
  shortlist.sort((a, b) => b.score - a.score);

  // its score without the evidence of its position, which a re-order hands to whatever stands there now
  const unplaced = (s: Scored) => s.score - s.place;
  // an element without most of the target's own features is not the target, however well placed: it neither
  // gets claimed, nor makes the target ambiguous, nor is reported as a candidate (guide health then records
  // "not found" with no confidence, as the contract says when there was no candidate)
  const kept = (s: Scored) => s.identity >= (s.renamed ? Limit.minIdentityUnnamed : Limit.minIdentity);
  // the one element keeping every feature of the target, under its section title as the second pass read it (a row's
  // title in another of its cells included; or, like the target, under none), is the target: when it is the only one
  // of the page (the others clearly fewer, and the target had no exact copy at capture, nor another element of its
  // name: one only classes told from it keeps every feature once a restyle renames them), however its surroundings
  // place a look-alike added beside it or in its place; else when it is clearly ahead of the others keeping every
  // feature, and what leads it does so by its place alone (a look-alike put where the target stood: keeping clearly
  // less of the target, or bearing its very name without one of its features, such as another icon among buttons
  // sharing every class). Not under another title: a copy of the target's section made before the target was
  // reworded keeps every feature too
  const listed = ownMax ? shortlist.filter(kept) : shortlist;
  const lead = listed[0] as Scored;
  const [full, fuller] = listed.filter((s) => s.identity > 0.99);
  const chosen =
    full &&
    full.context >= 0.8 &&
    ((!d.copies && !d.namesakes && (first[1]?.identity ?? 0) < 0.9) ||
      ((lead.identity < 0.9 || lead.lacks) &&
        unplaced(lead) < unplaced(full) + margin &&
        !(fuller && fuller.score > full.score - margin))) &&
    full;
  const plausible = listed.sort((a, b) => (chosen ? +(b === chosen) - +(a === chosen) : 0));
  const share = (score: number) => Math.max(0, Math.min(1, score / max));
  const candidates = plausible
    .slice(0, 3)
    .map(({ element, score, identity }) => ({ element, confidence: share(score), identity }));
  const best = plausible[0] ?? shortlist[0];
  const runnerUp = plausible[1];
  const confidence = best ? share(best.score) : 0;
  const report = (status: FindStatus): FindResult => ({ status, element: null, confidence, candidates });
  if (!best || confidence < Limit.notFoundConfidence) return report('not-found');
  // fewer elements like the target on the page than when it was captured: one of them went, maybe the target
  // (under a narrower root, the count says nothing). Counted on the whole page, not on the shortlist: a table of
  // forty rows has more look-alikes than the shortlist holds. Of its tag, as capture counts the copies: a toggle
  // showing the same icon is no copy of a button. Likewise for the elements bearing the target's name
  // (the same link in the header and the footer) when this one bears it too, and for those bearing a name like it
  // ("Layouts" beside "Form Layouts") when this one's is only like it
  const fewer =
    root.nodeType !== 1 &&
    first.filter(
      d.copies
        ? (s) => kept(s) && s.element.localName === d.tag
        : best.renamed
          ? (s) => s.alike
          : (s) => !s.renamed,
    ).length <= (d.copies || (!best.renamed ? d.namesakes || -1 : best.alike ? (d.alike ?? -1) : -1));
  // the target's own features are mostly gone: this is a neighbour that took its place
  if (ownMax && !kept(best)) return report(confidence < MIN_CONFIDENCE ? 'not-found' : 'low-confidence');
  if (
    !chosen &&
    runnerUp &&
    best.score - runnerUp.score < margin &&
    // close only by the other's place: a re-order put another copy where the target stood, and this one is still
    // clearly ahead by everything else (its own features, its label beside it, its section)
    unplaced(best) < unplaced(runnerUp) + margin &&
    // ahead, and the other bears the target's very name yet lacks one of its features (an icon, an attribute): that
    // is a look-alike, not a tie; unless one of the elements like the target went, and this may be another of them
    !(!best.lacks && runnerUp.lacks && !fewer)
  )
    return report('ambiguous');
  // weak surroundings (a redeploy moved, wrapped and re-worded around it) do not refuse the one plausible element
  // left when it keeps every feature of the target (with no runner-up, it is `full`): nothing else on the page could
  // be the target, and its confidence under DEGRADED_CONFIDENCE still reports it to guide health; nor when the
  // runner-up is under another section title (another row's copy of it). A target that had an exact copy is
  // refused further down when the one left may be that copy
  if (confidence < MIN_CONFIDENCE && ((runnerUp && !(fp.context && runnerUp.context < 0.8)) || !full))
    return report('low-confidence');
  // elements that looked exactly like the target were told apart by their section's title: so must this one be;
  // and, when one of them went (counted on the whole page), by the title around its section too (one row in two
  // tables, removed from one of them), unless it has the target's own id
  if (
    d.copies &&
    fp.context &&
    (best.context < 0.8 ||
      (enclosing &&
        best.away &&
        root.nodeType !== 1 &&
        best.element.id !== d.attributes.id &&
        first.filter((s) => s.identity > 0.99).length <= d.copies))
  )
    return report('low-confidence');
  // one of the elements like the target went: this one must also stand where the target stood
  if (fewer && (best.score - best.own) / (max - ownMax - fixedMax) < Limit.vanishedSurroundings)
    return report('low-confidence');
  if (
    // ahead by its place alone while keeping only part of the target's own features: a neighbour that moved
    // into a removed target's place looks just like this
    (runnerUp &&
      best.identity < 0.9 &&
      // unless its name is the target's with words added ("Save" → "Save changes"), which explains what it lacks
      !(best.renamed && d.name && wordsOf(d.name).every((w) => wordsOf(nameOf(best.element)).includes(w))) &&
      unplaced(best) < unplaced(runnerUp) + margin) ||
    // ahead by its place alone while the other is clearly ahead by everything else: a re-order put this copy where
    // the target stood
    (runnerUp && unplaced(runnerUp) > unplaced(best) + margin) ||
    // the element that would have been found had the target not been there at capture: where the target went, it
    // is the neighbour taking its place, and where the target is still there it is not the target either
    ownSignature(best.element) === d.decoy ||
    // likewise on a restyled page, known by where it stands
    ownSignature(best.element, 1) === d.restyledDecoy ||
    // bearing the target's name yet lacking one of its features, when the one after it keeps them all; not when that
    // one is hidden (the copy in a small screen's closed menu), as a hidden copy never takes the visible target's place
    (best.lacks && runnerUp && runnerUp.identity > 0.99 && isVisible(runnerUp.element)) ||
    // more exact copies of the target side by side than when it was captured: the site duplicated it, and only
    // the target's own id (unique on a page), or an element naming it by id, can still tell which one it is
    (twinsOf(best.element) > (d.twins ?? Infinity) &&
      best.element.id !== d.attributes.id &&
      !linked(best.element))
  )
    return report('ambiguous');
  return { status: 'found', element: best.element, confidence, candidates };
}
