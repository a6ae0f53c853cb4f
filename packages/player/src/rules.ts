// The rules that turn find()'s scores into an answer, in the order they are asked. The first that answers decides,
// and its reason (reasons.ts) goes with the result; when none does, the best candidate is found.
import { isVisible, wordsOf } from './dom';
import { ownSignature, placedSignature, twinsOf } from './features';
import { LIMITS, MIN_CONFIDENCE } from './limits';
import type { FindReason, FindStatus } from './reasons';
import type { TargetDescriptor } from './target';

/** A candidate as find() scored it. */
export interface Scored {
  element: Element;
  /** its score from its own features alone */
  own: number;
  /** with its surroundings (for the shortlist) */
  score: number;
  /** share of the target's own features it keeps, 0..1 */
  identity: number;
  /** the same, its name and id left out: whether it keeps every feature but its words and id, as a copy would */
  copy: number;
  /** its accessible name is not nearly the target's */
  renamed: boolean;
  /** its accessible name is like the target's, reworded or not */
  alike: boolean;
  /** it bears the target's very name and yet lacks some of its features (an attribute, an icon, a class) */
  lacks: boolean;
  /** the part of its own score that comes from the target's words (name, text, the attributes holding words) */
  words: number;
  /** how alike its section title is to the target's, 1 when it stands under the same one (or, like it, none) */
  context: number;
  /** the title around its section is not the one around the target's */
  away?: boolean;
  /** the part of the score that comes from positions only (path, index, rank) */
  place: number;
}

/**
 * Where the target's copies stand against the place it had among them (Place): nothing to tell (`unknown`), every
 * copy where it stood (`kept`), the copies elsewhere set aside (`narrowed`), none where it stood (`gone`), some under
 * part of its labels only (`partial`), fewer where it stood than at capture (`fewer`).
 */
export type PlaceAnswer = 'unknown' | 'kept' | 'narrowed' | 'gone' | 'partial' | 'fewer';

/** Where the candidates stand once scored: what the rules read. */
export interface Standing {
  descriptor: TargetDescriptor;
  /** every plausible element, best by its own features first */
  pool: Scored[];
  best: Scored;
  runnerUp?: Scored;
  /** the best candidate's score as a share of the highest possible one */
  confidence: number;
  /** the confidence reported: that share, weighed by how clearly the best leads the next candidate */
  calibrated: number;
  place: PlaceAnswer;
  /** the copies standing under the labels that told the target from its copies (a reworded label still names it) */
  there: Scored[];
  /** closer than this, two scores are a tie */
  margin: number;
  /** the target's own features weighed anything (a descriptor may hold none that are still on the page) */
  hasOwnFeatures: boolean;
  /** the one element keeping every feature of the target, under its section title, when it is the target */
  chosen?: Scored;
  /** the element keeping every feature of the target that comes first, chosen or not */
  full?: Scored;
  /** the search covers a whole document or shadow root: counts over the page mean something */
  wholePage: boolean;
  /** fewer elements like the target on the page than at capture: one of them went, maybe the target */
  fewer: boolean;
  /** share of the evidence of its surroundings the best candidate keeps, 0..1 */
  surroundings: number;
  /** the title around the target's section, if any */
  enclosing: string;
  /** keeps enough of the target's own features to be claimed */
  kept: (s: Scored) => boolean;
  /** named by another element through the target's id */
  linked: (el: Element) => boolean;
  nameOf: (el: Element) => string;
}

export interface Rule {
  reason: FindReason;
  /** the answer, when this rule decides */
  decide: (s: Standing) => FindStatus | undefined;
}

/** Its score without the evidence of its position, which a re-order hands to whatever stands there now. */
const unplaced = (s: Scored) => s.score - s.place;

/** Its name is the target's with words added ("Save" → "Save changes"), which explains what it lacks. */
const nameWithWordsAdded = (s: Standing) => {
  const name = s.descriptor.name;
  if (!s.best.renamed || !name) return false;
  const words = wordsOf(s.nameOf(s.best.element));
  return wordsOf(name).every((w) => words.includes(w));
};

const when = (condition: boolean, status: FindStatus) => (condition ? status : undefined);

export const RULES: readonly Rule[] = [
  {
    // the best candidate has too little in common with the target to be worth mentioning
    reason: 'target-gone',
    decide: (s) => when(s.confidence < LIMITS.notFound, 'not-found'),
  },
  {
    // the target's own features are mostly gone: this is a neighbour that took its place. It neither gets claimed,
    // nor makes the target ambiguous, nor is reported as a candidate
    reason: 'features-lost',
    decide: (s) =>
      s.hasOwnFeatures && !s.kept(s.best)
        ? s.confidence < MIN_CONFIDENCE
          ? 'not-found'
          : 'low-confidence'
        : undefined,
  },
  {
    // the target had exact copies, told apart by the labels of the containers around it (a card's title, the
    // parent menu entry): no candidate stands under them any more, so the target went with its container or from it,
    // and whatever copy is left elsewhere is not it
    reason: 'context-gone',
    decide: (s) => when(s.place === 'gone', 'not-found'),
  },
  {
    // …some stand under part of those labels only (the same card title in another menu): which one, if any, is the
    // target cannot be told
    reason: 'context-partial',
    decide: (s) => when(s.place === 'partial', 'ambiguous'),
  },
  {
    // fewer identical copies stand where the target stood than at capture: one of them went, maybe the target, and
    // nothing tells which one is left
    reason: 'copy-gone',
    decide: (s) =>
      when(
        s.place === 'fewer' && s.wholePage && s.best.copy > LIMITS.everyFeature && s.best.alike,
        'ambiguous',
      ),
  },
  {
    // two candidates too close to choose. Not when only the other's place brings it close (a re-order put another
    // copy where the target stood, and this one is still clearly ahead by everything else: its own features, its
    // label beside it, its section); nor when this one is ahead and the other bears the target's very name yet lacks
    // one of its features (a look-alike, not a tie), unless one of the elements like the target went; nor when this
    // one stands under the target's section title (or, like it, none) and the other under another one: a copy made
    // of its section before it was reworded (a "Recently viewed" panel) is not a tie
    reason: 'too-close-to-call',
    decide: ({ best, runnerUp, margin, chosen, fewer }) =>
      when(
        !chosen &&
          !!runnerUp &&
          best.score - runnerUp.score < margin &&
          unplaced(best) < unplaced(runnerUp) + margin &&
          !(!best.lacks && runnerUp.lacks && !fewer) &&
          !(best.context >= LIMITS.same && runnerUp.context < LIMITS.same),
        'ambiguous',
      ),
  },
  {
    // weak surroundings (a redeploy moved, wrapped and re-worded around it) do not refuse the one plausible element
    // left when it keeps every feature of the target: nothing else on the page could be the target, and its
    // confidence under DEGRADED_CONFIDENCE still reports it to guide health; nor when the runner-up is under another
    // section title (another row's copy of it). A target that had an exact copy is refused further down when the
    // one left may be that copy
    reason: 'weak-match',
    decide: ({ confidence, runnerUp, full, descriptor }) =>
      when(
        confidence < MIN_CONFIDENCE &&
          ((!!runnerUp && !(descriptor.fingerprint.context && runnerUp.context < LIMITS.same)) || !full),
        'low-confidence',
      ),
  },
  {
    // elements that looked exactly like the target were told apart by their section's title: so must this one be,
    // unless where it stands among them already told it (a title reworded with a word added still names it, and so
    // do the words of its item); and, when one of them went (counted on the whole page), by the title around its
    // section too (one row in two tables, removed from one of them), unless it has the target's own id
    reason: 'copy-elsewhere',
    decide: ({ descriptor: d, best, enclosing, wholePage, pool, there }) =>
      when(
        !!d.copies &&
          !!d.fingerprint.context &&
          ((best.context < LIMITS.same && !there.includes(best)) ||
            (!!enclosing &&
              !!best.away &&
              wholePage &&
              best.element.id !== d.attributes.id &&
              pool.filter((s) => s.identity > LIMITS.everyFeature).length <= d.copies)),
        'low-confidence',
      ),
  },
  {
    // one of the elements like the target went: this one must also stand where the target stood
    reason: 'look-alike-gone',
    decide: (s) => when(s.fewer && s.surroundings < LIMITS.vanishedSurroundings, 'low-confidence'),
  },
  {
    // ahead by its place alone while keeping only part of the target's own features: a neighbour that moved into a
    // removed target's place looks just like this
    reason: 'ahead-by-place',
    decide: (s) =>
      when(
        !!s.runnerUp &&
          s.best.identity < LIMITS.mostFeatures &&
          !nameWithWordsAdded(s) &&
          unplaced(s.best) < unplaced(s.runnerUp) + s.margin,
        'ambiguous',
      ),
  },
  {
    // ahead by its place alone while the other is clearly ahead by everything else: a re-order put this copy where
    // the target stood
    reason: 'copy-in-its-place',
    decide: ({ best, runnerUp, margin }) =>
      when(!!runnerUp && unplaced(runnerUp) > unplaced(best) + margin, 'ambiguous'),
  },
  {
    // the element that would have been found had the target not been there at capture: where the target went, it
    // is the neighbour taking its place, and where the target is still there it is not the target either
    reason: 'decoy',
    decide: ({ best, descriptor }) => when(ownSignature(best.element) === descriptor.decoy, 'ambiguous'),
  },
  {
    // likewise on a restyled page, known by where it stands
    reason: 'restyled-decoy',
    decide: ({ best, descriptor }) =>
      when(placedSignature(best.element) === descriptor.restyledDecoy, 'ambiguous'),
  },
  {
    // bearing the target's name yet lacking one of its features, when the one after it keeps them all; not when that
    // one is hidden (the copy in a small screen's closed menu), as a hidden copy never takes the visible target's place
    reason: 'lacks-a-feature',
    decide: ({ best, runnerUp }) =>
      when(
        best.lacks && !!runnerUp && runnerUp.identity > LIMITS.everyFeature && isVisible(runnerUp.element),
        'ambiguous',
      ),
  },
  {
    // more exact copies of the target side by side than when it was captured: the site duplicated it, and only the
    // target's own id (unique on a page), or an element naming it by id, can still tell which one it is
    reason: 'ambiguous-copies',
    decide: ({ best, descriptor: d, linked }) =>
      when(
        twinsOf(best.element) > (d.twins ?? Number.POSITIVE_INFINITY) &&
          best.element.id !== d.attributes.id &&
          !linked(best.element),
        'ambiguous',
      ),
  },
];
