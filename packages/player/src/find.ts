// find(): the element a descriptor was captured from, on a page that may have changed since. Two passes score the
// candidates (evidence.ts), then the rules (rules.ts) decide, in order, whether the best one is claimed.
import {
  accessibleName,
  collect,
  isVisible,
  normalize,
  roleOf,
  type SearchRoot,
  similarity,
  similarityTo,
} from './dom';
import {
  type Evidence,
  keyWord,
  ownEvidence,
  type PageReading,
  pathHits,
  rarity,
  surroundingEvidence,
  WEIGHTS,
} from './evidence';
import {
  contextsOf,
  inDocumentOrder,
  itemsOf,
  itemWords,
  labelsAround,
  ownSignature,
  standsUnder,
} from './features';
import { LIMITS } from './limits';
import type { FindReason, FindStatus } from './reasons';
import { type PlaceAnswer, RULES, type Scored, type Standing } from './rules';
import { remembered } from './stability';
import type { TargetDescriptor } from './target';

export { DEGRADED_CONFIDENCE, MIN_CONFIDENCE } from './limits';
export type { FindReason, FindStatus } from './reasons';

export interface Candidate {
  element: Element;
  /** share of the descriptor's evidence, weighted by how distinctive it is on this page, this element has, 0..1 */
  confidence: number;
  /** share of the target's own features (attributes, name, text, icons, classes) this element has, 0..1 */
  identity: number;
}

export interface FindResult {
  status: FindStatus;
  /** the rule that decided (FIND_REASONS says what each means) */
  reason: FindReason;
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

const INTERACTIVE = new Set(['a', 'button', 'input', 'select', 'textarea', 'summary', 'label', 'option']);

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
  const { elements, roots } = collect(root);
  // the elements bearing the target's data-tour: the target when there is one, the only candidates when several
  const tagged = d.tour ? elements.filter((el) => el.getAttribute('data-tour') === d.tour) : [];
  if (tagged.length === 1) {
    const element = tagged[0] as Element;
    const candidates = [{ element, confidence: 1, identity: 1 }];
    return { status: 'found', reason: 'tour-attribute', element, confidence: 1, candidates };
  }
  const pool = (tagged.length > 1 ? tagged : elements).filter(
    (el) =>
      el !== options.skip &&
      (el.localName === d.tag ||
        INTERACTIVE.has(el.localName) ||
        (d.role && el.getAttribute('role') === d.role)),
  );
  // whether anything on the page still carries a class or an attribute
  const anywhere = remembered((selector: string) => roots.some((r) => r.querySelector(selector)));
  const page: PageReading = {
    live: {
      has: (name) => !options.restyled && anywhere(`.${CSS.escape(name)}`),
      id: (id) => anywhere(`[id="${CSS.escape(id)}"]`),
    },
    roots,
    anywhere,
    nameOf: remembered(accessibleName),
  };
  const own = scoreOwnFeatures(d, pool, page);
  const ranked = scoreSurroundings(d, own, page);
  const standing = stand(d, root, own, ranked, page);
  const answer = (status: FindStatus, reason: FindReason): FindResult => ({
    status,
    reason,
    element: status === 'found' ? (standing?.best.element ?? null) : null,
    confidence: standing?.calibrated ?? 0,
    candidates: ranked.candidates,
  });
  if (!standing) return answer('not-found', 'target-gone');
  for (const rule of RULES) {
    const status = rule.decide(standing);
    if (status) return answer(status, rule.reason);
  }
  if (standing.place === 'narrowed') return answer('found', 'place-among-copies');
  return answer('found', standing.chosen ? 'only-full-match' : 'unique-match');
}

/** The first pass: the target's own features on every plausible element, each weighed by how many share it. */
interface OwnScores {
  /** every plausible element, best first */
  first: Scored[];
  /** the highest score the target's own features can give */
  ownMax: number;
  /** the highest score the tag and role can give */
  fixedMax: number;
}

function scoreOwnFeatures(d: TargetDescriptor, pool: Element[], page: PageReading): OwnScores {
  const own = ownEvidence(d, page, keyWord(d.name, pool, page.nameOf));
  const matches = pool.map((el) => own.map((e) => e.match(el)));
  // a feature counts as shared when another element shows it nearly as well, not when a word of it recurs
  const weights = own.map(
    (e, f) => e.weight * rarity(matches.filter((m) => (m[f] as number) >= LIMITS.same).length),
  );
  const ownMax = sum(weights);
  const fixedMax = WEIGHTS.tag + (d.role ? WEIGHTS.role : 0);
  // the accessible name's evidence: there is always exactly one
  const named = own.findIndex((e) => e.named);
  const first: Scored[] = pool.map((element, i) => {
    const m = matches[i] as number[];
    let score = 0;
    for (let f = 0; f < m.length; f++) score += (weights[f] as number) * (m[f] as number);
    if (element.localName === d.tag) score += WEIGHTS.tag;
    if (d.role && roleOf(element) === d.role) score += WEIGHTS.role;
    // a link that became a button may be the same control; it keeps less of the target than one that did not
    const identity = ownMax ? score / (ownMax + fixedMax) : 0;
    const name = m[named] as number;
    // what a copy of the target keeps: every feature but its words and its id
    let apart = 0;
    let apartMax = 0;
    let words = 0;
    own.forEach((e, f) => {
      if (!e.apart) return;
      const points = (weights[f] as number) * (m[f] as number);
      apart += points;
      if (e.apart === 'words') words += points;
      apartMax += weights[f] as number;
    });
    const rest = ownMax + fixedMax - apartMax;
    return {
      element,
      own: score,
      score,
      identity,
      copy: ownMax && rest > 0 ? (score - apart) / rest : 0,
      renamed: name < LIMITS.same,
      alike: name > 0,
      lacks: name === 1 && identity < LIMITS.everyFeature,
      words,
      context: 0,
      place: 0,
    };
  });
  first.sort((a, b) => b.own - a.own);
  return { first, ownMax, fixedMax };
}

/**
 * The best ten by their own features, then the elements nearly as good as the tenth: look-alikes that only their
 * surroundings will tell apart. Twenty of them at most, a hundred of those that could be claimed: the target reworded
 * in one row of thirty falls behind the twenty-nine copies that kept its name, and only its row's title finds it
 * again; the same row's button in each of several identical tables ties with the target on everything but its table.
 * (With fewer than ten elements the tenth's score is NaN, no comparison holds, and every element is in.)
 */
function shortlistOf(first: Scored[]): Scored[] {
  const tenth = first[LIMITS.shortlist - 1]?.own as number;
  return first.filter(
    (s, i) =>
      i <
      (s.own < LIMITS.nearlyAsGood * tenth
        ? LIMITS.shortlist
        : s.identity < LIMITS.minIdentity
          ? LIMITS.shortlistMax
          : LIMITS.shortlistClaimable),
  );
}

/** The second pass, on the shortlist: the target's surroundings, each weighed by how well it tells them apart. */
interface Ranked {
  shortlist: Scored[];
  /** the shortlist's candidates that keep enough of the target's own features, wherever they stand */
  keeping: Scored[];
  /** the highest possible score */
  max: number;
  margin: number;
  /** the candidates that keep enough of the target's own features, best first (the chosen one first) */
  plausible: Scored[];
  chosen?: Scored;
  full?: Scored;
  candidates: Candidate[];
  linked: (el: Element) => boolean;
  place: PlaceAnswer;
  /** the copies standing under the labels that told the target from its copies */
  there: Scored[];
}

function scoreSurroundings(d: TargetDescriptor, own: OwnScores, page: PageReading): Ranked {
  const fp = d.fingerprint;
  const { first, ownMax, fixedMax } = own;
  const shortlist = shortlistOf(first);
  const css = pathHits(d, page.roots);
  for (const s of first) if (css.has(s.element) && !shortlist.includes(s)) shortlist.push(s);
  const around = surroundingEvidence(d, css, page.live);
  const near = shortlist.map(({ element }) => around.map((e) => e.match(element)));
  const aroundWeights = around.map((e, f) => {
    const n = near.filter((m) => (m[f] as number) >= LIMITS.sharedSurrounding).length;
    return e.selective && n === near.length ? 0 : e.weight * rarity(n);
  });
  const max = ownMax + fixedMax + sum(aroundWeights) + (fp.context ? WEIGHTS.context : 0);
  const margin = LIMITS.margin * max;
  const addTitles = titlesAgainst(d);
  shortlist.forEach((s, i) => {
    addSurroundings(s, near[i] as number[], around, aroundWeights);
    addTitles(s);
  });
  shortlist.sort(byScore);
  // a hidden copy (template, closed menu) must not take the place of the visible target
  for (const s of shortlist.slice(0, LIMITS.hiddenChecked))
    if (!isVisible(s.element)) s.score *= LIMITS.hidden;
  // a target known by its id may be named by another element through it (a menu's aria-labelledby, a label's
  // for, aria-controls): a tie to its surroundings that survives regenerated ids, and that a look-alike inserted
  // beside it does not have. It breaks ties between look-alikes, no more
  const linked = (el: Element) =>
    !!d.attributes.id &&
    !!el.id &&
    page.anywhere(
      ['aria-labelledby~', 'for', 'aria-controls~'].map((a) => `[${a}="${CSS.escape(el.id)}"]`).join(),
    );
  for (const s of shortlist) if (linked(s.element)) s.score += LIMITS.linked * margin;
  namesakesAlike(d, shortlist);
  shortlist.sort(byScore);

  const keeping = ownMax ? shortlist.filter(kept) : shortlist;
  const { listed, place, there } = standingPlace(d, first, keeping, margin);
  const { chosen, full } = onlyFullMatch(d, first, listed, margin);
  // the chosen one first, the others in their order
  const plausible = chosen ? [chosen, ...listed.filter((s) => s !== chosen)] : listed;
  const candidates = plausible
    .slice(0, 3)
    .map(({ element, score, identity }) => ({ element, confidence: shareOf(score, max), identity }));
  return { shortlist, keeping, max, margin, plausible, chosen, full, candidates, linked, place, there };
}

/**
 * Where the target's copies stand against the place it had among them (Place). A twin keeps every feature of the
 * target but perhaps its words (a copy, or the target reworded); the twins standing elsewhere than under the labels
 * that told the target from its copies are set aside: whatever else changed, they are not the target (`narrowed`).
 * When twins are left only elsewhere, the target went from its place (`gone`), or some stand under part of its
 * labels only (`partial`); when fewer twins stand there than at capture, one of them went and which one is not told
 * (`fewer`). Among the twins there, their words say nothing (wordsAlike); the one whose item alone holds the words
 * that told the target's from its copies' gains a clear lead, whether others stand there or not, and stands there
 * with it when none does under labels a redeploy changed (wordsHolder); among as many twins there as at capture,
 * the one at the target's position gains what a position is worth.
 */
/** Keeps every feature of the target but perhaps its words and its id: a copy of it, or the target reworded. */
const isTwin = (s: Scored) => s.copy > LIMITS.everyFeature && s.alike;

function standingPlace(
  d: TargetDescriptor,
  first: Scored[],
  listed: Scored[],
  margin: number,
): { listed: Scored[]; place: PlaceAnswer; there: Scored[] } {
  const place = d.place;
  if (!place || !listed.length) return { listed, place: 'unknown', there: [] };
  const nearestFirst = place.path.toReversed();
  const twins = listed.filter(isTwin);
  const labels = new Map(twins.map((s) => [s, labelsAround(s.element)]));
  const under = (s: Scored, path: readonly string[]) => standsUnder(labels.get(s) as string[][], path);
  // every copy of the page, the shortlist's or not
  const pageTwins = first.filter(isTwin);
  const holder = () => (place.words ? wordsHolder(place.words, pageTwins) : undefined);
  let there = twins.filter((s) => under(s, nearestFirst));
  let told: Scored | undefined;
  // the labels read around the target changed (a row's label is read from its first part, which a re-order
  // changed), while its item kept the words that told it from its copies: while none of them went (the target
  // removed, the item of a copy beside it may grow to hold them), the one holding them stands where it stood
  if (!there.length && pageTwins.length > (d.copies ?? 0)) {
    told = holder();
    if (told && listed.includes(told)) there = [told];
  }
  // a twin under no label at all (moved into a dialog, a frame, a popover) stands nowhere rather than elsewhere
  const elsewhere = twins.filter((s) => !there.includes(s) && labels.get(s)?.length);
  if (!there.length) {
    if (!elsewhere.length || elsewhere.length < twins.length) return { listed, place: 'unknown', there };
    const partly = elsewhere.some((s) => nearestFirst.some((label) => under(s, [label])));
    return { listed, place: partly ? 'partial' : 'gone', there };
  }
  // more of them there than at capture: some are not the copies it had, and may have had other words
  if (there.length <= place.count) wordsAlike(there);
  told ??= holder();
  if (told && there.includes(told)) told.score += LIMITS.itemWords * margin;
  if (there.length === place.count && place.count > 1) {
    const at = inDocumentOrder(there.map((s) => s.element))[place.index];
    const atIndex = there.find((s) => s.element === at);
    if (atIndex) {
      atIndex.score += WEIGHTS.index;
      atIndex.place += WEIGHTS.index;
    }
  }
  const remaining = listed.filter((s) => !elsewhere.includes(s)).sort(byScore);
  // counted on the whole page, not on the shortlist (a table of forty rows has more copies than the shortlist
  // holds); and, besides the twins, the elements that look exactly like one standing there, as capture counted
  // copies whatever their words: "Radio 1" and "Radio 2" are copies of "Radio 3", whose name's key word ("3") leaves
  // them out of its twins
  const exactly = new Set(there.map((s) => ownSignature(s.element)));
  let standing = there.length;
  for (const s of first) {
    if (standing >= place.count) break;
    const copy =
      (!listed.includes(s) && isTwin(s)) || (!there.includes(s) && exactly.has(ownSignature(s.element)));
    if (copy && standsUnder(labelsAround(s.element), nearestFirst)) standing++;
  }
  const answer = standing < place.count ? 'fewer' : elsewhere.length ? 'narrowed' : 'kept';
  return { listed: remaining, place: answer, there };
}

/**
 * The one copy of the page whose item (its alert, its card, its row: the largest container holding it and no other
 * copy) holds most of the words that told the target's item from its copies' at capture, if only one does. Words,
 * unlike positions, move with the item when a redeploy re-orders or wraps the copies. Every copy of the page, there
 * or elsewhere, is asked: a copy of its whole card (its words with it) makes them tell nothing.
 */
function wordsHolder(words: string[], twins: Scored[]): Scored | undefined {
  const items = itemsOf(twins.map((s) => s.element));
  const holders = twins.filter((_, i) => {
    const theirs = itemWords(items[i] as Element);
    return words.filter((w) => theirs.has(w)).length >= LIMITS.heldWords * words.length;
  });
  return holders.length === 1 ? holders[0] : undefined;
}

/**
 * Copies of the target had its words at capture (their own features were the same), so among those standing where
 * it stood, words reworded since tell which ones a redeploy reworded, not which one is the target: each is scored as
 * keeping the words the best of them keeps, and only the rest of the evidence (its place, its surroundings, its id)
 * tells them apart.
 */
function wordsAlike(twins: Scored[]) {
  const most = Math.max(...twins.map((s) => s.words));
  for (const s of twins) {
    const lift = most - s.words;
    if (!lift || !s.own) continue;
    s.identity *= (s.own + lift) / s.own;
    s.own += lift;
    s.score += lift;
    s.words = most;
  }
}

/**
 * Elements that bore the target's very name at capture (the same link in a footer's text and in its menu) had its
 * words then: when no more elements bear a name like it than at capture, one reworded since is no less the target
 * for that, and only the rest of the evidence tells them apart (wordsAlike). Copies are told apart by their place.
 */
function namesakesAlike(d: TargetDescriptor, shortlist: Scored[]) {
  if (!d.namesakes || d.copies) return;
  const alike = shortlist.filter((s) => s.alike);
  if (alike.length > 1 && alike.length <= (d.alike ?? 0) + 1) wordsAlike(alike);
}

function addSurroundings(s: Scored, matches: number[], around: Evidence[], weights: number[]) {
  for (let f = 0; f < matches.length; f++) {
    const points = (weights[f] as number) * (matches[f] as number);
    s.score += points;
    if (around[f]?.place) s.place += points;
  }
}

/** Scores the section title around a candidate, and the title around that section, against the target's. */
const titlesAgainst = (d: TargetDescriptor) => {
  const fp = d.fingerprint;
  const enclosing = fp.outer?.[0] ?? '';
  const title = similarityTo(fp.context ?? '');
  return (s: Scored) => {
    const [context, ...further] = contextsOf(s.element, enclosing ? 3 : 1);
    if (!fp.context) {
      // a section title the target had none of is as much against as another one: an item copied into a new titled
      // section is not the target; under no title, like the target, it stands where the target did
      if (context) s.score -= WEIGHTS.context;
      else s.context = 1;
      return;
    }
    s.context = title(context ?? '');
    // the same row or card in another table or section: the title around its section tells which (a title put after
    // its row or card may come first: one further out still counts)
    const at = further.findIndex((t) => similarity(enclosing, t) >= LIMITS.same);
    // standing right under that title (its own section's title gone) is standing in it
    s.away = at < 0 && similarity(enclosing, context ?? '') < LIMITS.same;
    if (s.context >= LIMITS.same && enclosing && further.length)
      s.score += at === 0 ? WEIGHTS.outer : s.away ? -WEIGHTS.outer : 0;
    // a table row or a list item is named by its first part of text, and a redeploy may re-order its parts (columns,
    // a price put before the route): the title in another part of it still names it
    const item = s.element.closest('tr,li');
    if (
      item &&
      [...item.children].some(
        (part) => !part.contains(s.element) && title(normalize(part.textContent, 60)) >= LIMITS.same,
      )
    )
      s.context = 1;
    if (s.context >= LIMITS.same) s.score += WEIGHTS.context * s.context;
    // another card's or row's title is evidence against: that is the same control of another item; a title the
    // target also had further out is not (the target left its section, e.g. into a dialog)
    else if (context && !fp.outer?.some((outer) => similarity(outer, context) >= LIMITS.same))
      s.score -= WEIGHTS.context;
    else s.context = 1;
  };
};

/**
 * The one element keeping every feature of the target, under its section title as the second pass read it (a row's
 * title in another of its cells included; or, like the target, under none), is the target: when it is the only one
 * of the page (the others clearly fewer, and the target had no exact copy at capture, nor another element of its
 * name: one only classes told from it keeps every feature once a restyle renames them), however its surroundings
 * place a look-alike added beside it or in its place; else when it is clearly ahead of the others keeping every
 * feature, and what leads it does so by its place alone (a look-alike put where the target stood: keeping clearly
 * less of the target, or bearing its very name without one of its features, such as another icon among buttons
 * sharing every class). Not under another title: a copy of the target's section made before the target was
 * reworded keeps every feature too.
 */
function onlyFullMatch(
  d: TargetDescriptor,
  first: Scored[],
  listed: Scored[],
  margin: number,
): { chosen?: Scored; full?: Scored } {
  const lead = listed[0];
  const [full, fuller] = listed.filter((s) => s.identity > LIMITS.everyFeature);
  if (!lead || !full || full.context < LIMITS.same) return { full };
  const alone = !d.copies && !d.namesakes && (first[1]?.identity ?? 0) < LIMITS.mostFeatures;
  const leadByPlace =
    (lead.identity < LIMITS.mostFeatures || lead.lacks) &&
    unplaced(lead) < unplaced(full) + margin &&
    !(fuller && fuller.score > full.score - margin);
  return { chosen: alone || leadByPlace ? full : undefined, full };
}

/** Reads the scores as the rules need them; undefined when no element of the page is plausible at all. */
function stand(
  d: TargetDescriptor,
  root: SearchRoot,
  own: OwnScores,
  ranked: Ranked,
  page: PageReading,
): Standing | undefined {
  const { first, ownMax, fixedMax } = own;
  const { plausible, shortlist, max } = ranked;
  const best = plausible[0] ?? shortlist[0];
  if (!best) return undefined;
  // under a narrower root, counts over the page say nothing
  const wholePage = root.nodeType !== 1;
  return {
    descriptor: d,
    pool: first,
    best,
    runnerUp: plausible[1],
    confidence: shareOf(best.score, max),
    // the next candidate the page offers, copies the target's place set aside included
    calibrated: calibrated(
      best,
      ranked.keeping.find((s) => s !== best),
      max,
      ranked.margin,
    ),
    margin: ranked.margin,
    place: ranked.place,
    there: ranked.there,
    hasOwnFeatures: ownMax > 0,
    chosen: ranked.chosen,
    full: ranked.full,
    wholePage,
    fewer: wholePage && fewerLikeIt(d, first, best),
    surroundings: (best.score - best.own) / (max - ownMax - fixedMax),
    enclosing: d.fingerprint.outer?.[0] ?? '',
    kept,
    linked: ranked.linked,
    nameOf: page.nameOf,
  };
}

/**
 * Fewer elements like the target on the page than when it was captured: one of them went, maybe the target. Counted
 * on the whole page, not on the shortlist: a table of forty rows has more look-alikes than the shortlist holds. Of
 * its tag, as capture counts the copies: a toggle showing the same icon is no copy of a button. Likewise for the
 * elements bearing the target's name (the same link in the header and the footer) when the best one bears it too,
 * and for those bearing a name like it ("Layouts" beside "Form Layouts") when the best one's is only like it.
 */
function fewerLikeIt(d: TargetDescriptor, first: Scored[], best: Scored): boolean {
  if (d.copies) return first.filter((s) => kept(s) && s.element.localName === d.tag).length <= d.copies;
  // bearing its very name, and bearing a name like it too: a namesake reworded ("Select" → "Select now") went nowhere
  if (!best.renamed)
    return (
      first.filter((s) => !s.renamed).length <= (d.namesakes || -1) &&
      (d.alike === undefined || first.filter((s) => s.alike).length <= d.alike)
    );
  // a name only like the target's: one of those bearing a name like it may have taken a removed target's place
  if (best.alike) return first.filter((s) => s.alike).length <= (d.alike ?? -1);
  return false;
}

/**
 * Whether a candidate keeps enough of the target's own features to be claimed: an element without most of them is
 * not the target, however well placed.
 */
const kept = (s: Scored) => s.identity >= (s.renamed ? LIMITS.minIdentityRenamed : LIMITS.minIdentity);

/**
 * The confidence reported with the answer: the best candidate's share of the highest possible score, times how
 * clearly it leads the next candidate the page offers (a copy, a look-alike), so that "found" means the same on a
 * page with one button and on a page with forty twins. A lead of `LIMITS.clearLead` margins or more (or no other
 * candidate) keeps the whole share; a lead of none halves it.
 */
function calibrated(best: Scored, next: Scored | undefined, max: number, margin: number): number {
  const lead = next ? (best.score - next.score) / margin : LIMITS.clearLead;
  const clear = Math.max(0, Math.min(1, lead / LIMITS.clearLead));
  return shareOf(best.score, max) * (0.5 + 0.5 * clear);
}

const unplaced = (s: Scored) => s.score - s.place;
const byScore = (a: Scored, b: Scored) => b.score - a.score;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const shareOf = (score: number, max: number) => Math.max(0, Math.min(1, score / max));
