import {
  type AncestorSignature,
  ancestorSignature,
  ancestorsOf,
  contextOf,
  STABLE_ATTRIBUTES,
  type StableAttribute,
  siblingSignature,
  stableClasses,
  type TargetDescriptor,
} from './capture';
import {
  accessibleName,
  collect,
  isVisible,
  roleOf,
  type SearchRoot,
  similarity,
  similarityTo,
  visibleText,
} from './dom';

export type FindStatus = 'found' | 'ambiguous' | 'low-confidence' | 'not-found';

export interface Candidate {
  element: Element;
  /** share of the descriptor's strategies that agree with this element, 0..1 */
  confidence: number;
  /** share of the target's own features (attributes, name, text, paths) this element has, 0..1 */
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
  /** below this confidence the best candidate is reported as "low-confidence" (default 0.45) */
  minConfidence?: number;
}

export const MIN_CONFIDENCE = 0.45;
/** found, but weakly: worth reporting to the guide's author (guide health) */
export const DEGRADED_CONFIDENCE = 0.7;
// under this the best candidate has too little in common with the target to be worth mentioning
const NOT_FOUND_CONFIDENCE = 0.3;
// two candidates closer than this share of the total are indistinguishable
const AMBIGUITY_MARGIN = 0.07;
// share of the element's own features (attributes, name, text, paths) a match must keep
const MIN_IDENTITY = 0.4;
// below this, two texts are different texts rather than one text reworded
const MIN_SIMILARITY = 0.6;

const ATTRIBUTE_WEIGHT: Record<StableAttribute, number> = {
  id: 3,
  'data-testid': 4,
  'data-test': 4,
  'data-cy': 4,
  name: 2.5,
  'aria-label': 2,
  placeholder: 2,
  href: 1.5,
  title: 1,
  alt: 1.5,
  for: 1.5,
  type: 0.5,
  value: 2,
};
const W = {
  tag: 1,
  role: 1,
  name: 3,
  text: 2,
  classes: 1.5,
  css: 1,
  xpath: 1,
  ancestors: 2,
  context: 3,
  sibling: 0.5,
  index: 0.5,
};
const INTERACTIVE = /^(a|button|input|select|textarea|summary|label|option)$/;

function attributeMatch(name: StableAttribute, expected: string, el: Element): number {
  const actual = el.getAttribute(name);
  if (actual === null) return 0;
  if (actual === expected) return 1;
  if (name === 'aria-label' || name === 'placeholder' || name === 'title' || name === 'alt') {
    // wording changes like the visible text does
    const s = similarity(expected, actual);
    return s >= MIN_SIMILARITY ? s : 0;
  }
  if (name === 'href') {
    // same path with another query string or fragment still points at the same page
    const strip = (href: string) => href.replace(/[?#].*$/, '').replace(/\/$/, '');
    return strip(actual) === strip(expected) ? 0.7 : 0;
  }
  return 0;
}

function signatureSimilarity(a: AncestorSignature, b: AncestorSignature): number {
  if (a.tag !== b.tag) return 0;
  let considered = 1;
  let agreed = 1;
  for (const key of ['id', 'role', 'label'] as const) {
    if (a[key] === undefined) continue;
    considered++;
    if (a[key] === b[key]) agreed++;
  }
  if (a.classes) {
    considered++;
    agreed += jaccard(a.classes, b.classes ?? []);
  }
  return agreed / considered;
}

function jaccard(a: string[], b: string[]): number {
  if (!a.length && !b.length) return 1;
  const set = new Set(b);
  const common = a.filter((x) => set.has(x)).length;
  return common / (a.length + b.length - common);
}

/** How well the element's ancestors match the captured ones, tolerating inserted wrapper elements. */
function ancestorSimilarity(captured: AncestorSignature[], el: Element): number {
  const actual = ancestorsOf(el, 14).map(ancestorSignature);
  let position = 0;
  let total = 0;
  let agreed = 0;
  captured.forEach((sig, i) => {
    const weight = 1 / (i + 1);
    total += weight;
    for (let j = position; j < Math.min(actual.length, position + 4); j++) {
      const s = signatureSimilarity(sig, actual[j] as AncestorSignature);
      if (s >= 0.5) {
        agreed += weight * s;
        position = j + 1;
        break;
      }
    }
  });
  return total ? agreed / total : 0;
}

function position(el: Element): { index: number; count: number } {
  let index = 0;
  let count = 0;
  for (const child of Array.from(el.parentNode?.children ?? [])) {
    if (child.localName !== el.localName) continue;
    if (child === el) index = count;
    count++;
  }
  return { index, count };
}

function structuralHits(
  d: TargetDescriptor,
  roots: SearchRoot[],
): { css: Set<Element>; xpath: Set<Element> } {
  const css = new Set<Element>();
  const xpath = new Set<Element>();
  // an absolute path only means something from a document; a relative one only inside a shadow root
  const absolute = d.css.startsWith('html') || d.css.startsWith('#');
  for (const root of roots) {
    const isDocument = root.nodeType === 9;
    if (absolute === isDocument || d.css.startsWith('#')) {
      try {
        const hit = root.querySelector(d.css);
        if (hit) css.add(hit);
      } catch {
        // a path captured on another engine may not parse here
      }
    }
    if (isDocument && d.xpath.startsWith('/')) {
      try {
        const doc = root as Document;
        const hit = doc.evaluate(
          d.xpath,
          doc,
          null,
          XPathResult.FIRST_ORDERED_NODE_TYPE,
          null,
        ).singleNodeValue;
        if (hit && hit.nodeType === 1) xpath.add(hit as Element);
      } catch {
        // same as above
      }
    }
  }
  return { css, xpath };
}

interface Scored {
  element: Element;
  score: number;
  /** multiplies the final score: below 1 for hidden elements and for elements lacking the target's own features */
  factor: number;
  identity: number;
}

/** Finds the element a descriptor was captured from, by letting its strategies vote. */
export function find(
  descriptor: TargetDescriptor,
  root: SearchRoot = document,
  options: FindOptions = {},
): FindResult {
  const d = descriptor;
  const { elements, roots } = collect(root);
  let pool = elements;
  if (d.tour) {
    const tagged = elements.filter((el) => el.getAttribute('data-tour') === d.tour);
    if (tagged.length === 1) {
      const element = tagged[0] as Element;
      return {
        status: 'found',
        element,
        confidence: 1,
        candidates: [{ element, confidence: 1, identity: 1 }],
      };
    }
    if (tagged.length > 1) pool = tagged;
  }

  const { css, xpath } = structuralHits(d, roots);
  const attributes = STABLE_ATTRIBUTES.filter((name) => d.attributes[name] !== undefined);
  const fp = d.fingerprint;
  let max = W.tag + W.css + W.xpath + W.index;
  for (const name of attributes) max += ATTRIBUTE_WEIGHT[name];
  if (d.role) max += W.role;
  if (d.name) max += W.name;
  if (d.text) max += W.text;
  if (d.classes) max += W.classes;
  if (fp.ancestors.length) max += W.ancestors;
  if (fp.context) max += W.context;
  if (fp.previous) max += W.sibling;
  if (fp.next) max += W.sibling;

  // strategies describing the element itself, as opposed to its surroundings shared with its neighbours
  // positional paths count half: a re-ordered neighbour inherits them
  // attributes together count at most as much as the accessible name: losing an id and a name attribute in a
  // redesign leaves a field its label
  let maxAttributes = 0;
  for (const name of attributes) maxAttributes += ATTRIBUTE_WEIGHT[name];
  const attributeShare = maxAttributes > W.name + 1 ? (W.name + 1) / maxAttributes : 1;
  let maxIdentity = (W.css + W.xpath) / 2 + maxAttributes * attributeShare;
  if (d.name) maxIdentity += W.name;
  if (d.text) maxIdentity += W.text;

  const nameSimilarity = similarityTo(d.name ?? '');
  const textSimilarity = similarityTo(d.text ?? '');
  const contextSimilarity = similarityTo(fp.context ?? '');
  const previousSimilarity = similarityTo(fp.previous ?? '');
  const nextSimilarity = similarityTo(fp.next ?? '');

  // first pass: cheap strategies on every plausible element
  const first: Scored[] = [];
  for (const el of pool) {
    let score = 0;
    const sameTag = el.localName === d.tag;
    if (sameTag) score += W.tag;
    let attributeScore = 0;
    for (const name of attributes) {
      attributeScore += ATTRIBUTE_WEIGHT[name] * attributeMatch(name, d.attributes[name] as string, el);
    }
    score += attributeScore;
    const role = d.role ? roleOf(el) : '';
    if (d.role && role === d.role) score += W.role;
    const structural = css.has(el) || xpath.has(el);
    if (
      !sameTag &&
      !attributeScore &&
      !(d.role && role === d.role) &&
      !structural &&
      !INTERACTIVE.test(el.localName)
    ) {
      continue;
    }
    let paths = 0;
    if (css.has(el)) paths += W.css;
    if (xpath.has(el)) paths += W.xpath;
    let identity = attributeScore * attributeShare;
    if (d.name) {
      const s = nameSimilarity(accessibleName(el));
      if (s >= MIN_SIMILARITY) identity += W.name * s;
    }
    if (d.text) {
      const s = textSimilarity(visibleText(el).slice(0, 100));
      if (s >= MIN_SIMILARITY) identity += W.text * s;
    }
    score += identity - attributeScore * attributeShare + paths;
    if (d.classes) score += W.classes * jaccard(d.classes, stableClasses(el));
    // a neighbour of the same kind shares the surroundings, and after a re-order it takes the target's place:
    // without enough of the target's own features it is a different element, however well the rest matches
    const own = identity + paths / 2;
    const ratio = maxIdentity ? Math.min(1, own / maxIdentity) : 1;
    const factor = (ratio < MIN_IDENTITY ? 0.6 : 1) * (0.6 + 0.4 * ratio);
    if (score > W.tag) first.push({ element: el, score, factor, identity: ratio });
  }
  first.sort((a, b) => b.score * b.factor - a.score * a.factor);

  // second pass: the element's surroundings, for the most promising elements only
  const second = first.slice(0, 60).map(({ element: el, score, factor: baseFactor, identity }) => {
    let factor = baseFactor;
    if (fp.ancestors.length) score += W.ancestors * ancestorSimilarity(fp.ancestors, el);
    if (fp.context) {
      const context = contextOf(el);
      const s = contextSimilarity(context ?? '');
      if (s >= 0.8) score += W.context * s;
      // another card's or row's title is evidence against: that is the same control of another item; a
      // title the target also had further out is not (the target left its section, e.g. into a dialog)
      else if (context && !fp.outer?.some((outer) => similarity(outer, context) >= 0.8)) {
        score -= W.context / 2;
        factor *= 0.75;
      }
    } else if (contextOf(el)) score -= W.context / 4;
    if (fp.previous && previousSimilarity(siblingSignature(el.previousElementSibling) ?? '') >= 0.8) {
      score += W.sibling;
    }
    if (fp.next && nextSimilarity(siblingSignature(el.nextElementSibling) ?? '') >= 0.8) {
      score += W.sibling;
    }
    const { index, count } = position(el);
    if (index === fp.index) score += count === fp.siblings ? W.index : W.index / 2;
    // a hidden copy (template, closed menu) must not take the place of the visible target
    return { element: el, score: score * factor * (isVisible(el) ? 1 : 0.6), identity };
  });
  second.sort((a, b) => b.score - a.score);

  const candidates = second.slice(0, 3).map(({ element, score, identity }) => ({
    element,
    confidence: Math.min(1, score / max),
    identity,
  }));
  const best = second[0];
  const runnerUp = second[1];
  const confidence = candidates[0]?.confidence ?? 0;
  const minConfidence = options.minConfidence ?? MIN_CONFIDENCE;
  if (!best || confidence < Math.min(NOT_FOUND_CONFIDENCE, minConfidence)) {
    return { status: 'not-found', element: null, confidence, candidates };
  }
  if (confidence < minConfidence) return { status: 'low-confidence', element: null, confidence, candidates };
  if (runnerUp && best.score - runnerUp.score < AMBIGUITY_MARGIN * max) {
    return { status: 'ambiguous', element: null, confidence, candidates };
  }
  return { status: 'found', element: best.element, confidence, candidates };
}
