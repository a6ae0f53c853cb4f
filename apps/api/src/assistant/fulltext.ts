// The assistant's full-text ranking: a query's concepts (./query.ts) found in the guides in scope (./guides.ts),
// unknown words read as typos (./typos.ts), scored, and the confident and "peut-être" answers chosen.
import type { Db } from '../db/index.ts';
import type { Locale } from '../problems.ts';
import {
  type Doc,
  describe,
  distinct,
  type Field,
  fieldOrder,
  fieldsOf,
  guidesWith,
  type Lookups,
  type Reading,
  readingOf,
  type Scope,
} from './guides.ts';
import { scopeIndex } from './organization-index.ts';
import { alternativesOf, conceptsOf, key, stemsOf, vocabulary } from './query.ts';
import { corrections } from './typos.ts';

export type { Field } from './guides.ts';

export interface TermMatch {
  /** The words as the user typed them (accents kept: issue 40), the query's spelling. */
  word: string;
  /** The guide's words they were read as: the closest guide word (a typo) or a term of the domain vocabulary. */
  correctedTo?: string;
  field: Field;
}

export interface Candidate {
  scenarioId: string;
  title: string;
  summary: string;
  description: string;
  /** 0..1: the query's concepts found, each weighted by its rarity and by the best field it was found in. */
  score: number;
  /** How many of the query's words (actions aside) the guide holds: a phrase of the vocabulary counts its words. */
  held: number;
  matches: TermMatch[];
}

/**
 * Field weights (title; step names; LLM summary and description; step texts). A word of the title says much more
 * about what a guide does than one of a step's text; a step's name is what users call the step they look for.
 */
const fieldWeight: Record<Field, number> = { title: 1, names: 0.7, summary: 0.6, steps: 0.35 };
/** A word read as another (a typo, a synonym or a translation) counts a little less than the word itself. */
const correctedWeight = 0.8;
/**
 * A word found in no guide weighs this share of the rarest word's weight: it keeps a request about something else
 * ("recette de la tarte") from being answered by the one word it shares with a guide, without letting a detail no
 * guide mentions ("en août") sink the guide that answers the rest.
 */
const unknownWeight = 0.5;
/**
 * An action (create, change, see, send, connect…) weighs this share of its rarity: every back-office does the same
 * few things to many objects, so the object says which guide ("connecter slack" is not "Connecter mon compte
 * bancaire"), while the action still orders the guides about that object ("annuler" or "suivre" a commande).
 */
const actionWeight = 0.5;
/**
 * The "no guide" decision (ADR 0005): the best guide is a confident answer from this score when it holds one word of
 * the query (actions aside), and from `confidentSeveral` when it holds two or more: a guide found by one word is often
 * found by chance ("connecter slack", "quel temps fera-t-il"), one holding two words of the query seldom is. Placed on
 * the sweep `pnpm bench:assistant` prints: one word at the tuning half's trade-off for a 92.5 % "no guide" precision
 * (fourth pass); two or more where the tuning and calibration halves pooled give "no guide" its best precision with
 * the one-word score kept (eighth pass: 0.23 to 0.27 alike, 0.25 the middle). The tuning half alone places it too
 * high: its queries were read while the vocabulary was written, so its right answers score higher than a new user's.
 * Never placed on a held-out half.
 */
export const confidentScore = 0.45;
export const confidentSeveral = 0.25;
/** The score from which a guide holding this many of the query's words is a confident answer. */
export const confidentFrom = (held: number) => (held >= 2 ? confidentSeveral : confidentScore);
const confident = (guide: Candidate | undefined) =>
  guide !== undefined && guide.score >= confidentFrom(guide.held);
/** Guides far behind the best one are noise, not alternatives. */
const relativeThreshold = 0.5;
/** Below the confident score, the closest guides from this score are shown apart as "peut-être". */
export const weakScore = 0.15;
/** At most this many "peut-être" guides. */
export const maxWeak = 3;

/**
 * Every published guide in scope that shares at least one concept with the query, with its score, best first
 * (at most 12). `relevant` keeps the confident answers, `weak` the "peut-être" ones.
 */
export async function searchGuides(db: Db, scope: Scope, query: string): Promise<Candidate[]> {
  const concepts = await conceptsOf(db, query);
  if (concepts.length === 0) return [];
  const index = await scopeIndex(db, scope);
  const docs = index.docs;
  if (index.total === 0) return [];
  const stems = await stemsOf(
    db,
    concepts.flatMap((c) => c.alternatives.flatMap((a) => a.words)),
  );
  const readings = concepts.map((c) => distinct(c.alternatives.map((a) => readingOf(a, stems))));

  const lookups: Lookups = new Map();
  // A word that no guide has, itself, may be a typo: read it as the closest title or step-name word.
  const unknown = concepts
    .map((c, ci) => ({ c, ci }))
    .filter(
      ({ c, ci }) =>
        c.alternatives[0]?.words.length === 1 &&
        (readings[ci]?.[0] === undefined ||
          guidesWith(index, readings[ci]?.[0] as Reading, lookups).size === 0),
    );
  const fixes = corrections(
    index.words,
    unknown.map((u) => u.c.label),
  );
  if (fixes.size > 0) {
    const fixed = unknown
      .filter((u) => fixes.has(u.c.label))
      .map((u) => {
        const to = fixes.get(u.c.label) as string;
        return {
          ci: u.ci,
          alternatives: alternativesOf([to], vocabulary.byTerm.get(key(to)) ?? [], correctedWeight, to),
        };
      });
    const fixedStems = await stemsOf(
      db,
      fixed.flatMap((f) => f.alternatives.flatMap((a) => a.words)),
    );
    for (const f of fixed)
      readings[f.ci]?.push(...distinct(f.alternatives.map((a) => readingOf(a, fixedStems))));
  }

  // Each guide's best match of each concept (field weight × the alternative's weight) and, per concept and field, the
  // best alternative found there: a guide that has a concept in several fields is more about it (it orders guides of
  // equal score, like a term's frequency in BM25, without changing the decision). Each reading visits only the
  // guides having it; the figures go to flat arrays, a row per guide, so that thousands of guides sharing a word
  // with the query cost no object each (four questions at once at 25,000 guides queued on the collector: issue 43).
  const C = concepts.length;
  const rowOf = new Map<number, number>();
  const slots: number[] = [];
  const having = readings.map((list) => list.map((reading) => guidesWith(index, reading, lookups)));
  for (const list of having)
    for (const set of list) for (const di of set) if (!rowOf.has(di)) rowOf.set(di, slots.push(di) - 1);
  const rows = slots.length;
  const best = new Float64Array(rows * C);
  const depth = new Float64Array(rows * C * fieldOrder.length);
  /** The reading that gave a concept its best match (-1: none), and the field it was found in. */
  const matchedBy = new Int32Array(rows * C).fill(-1);
  const matchedIn = new Uint8Array(rows * C);
  readings.forEach((list, ci) => {
    list.forEach((reading, ri) => {
      for (const di of having[ci]?.[ri] ?? []) {
        const fields = fieldsOf((docs[di] as readonly [string, Doc])[1], reading);
        if (fields === 0) continue;
        const row = rowOf.get(di) as number;
        const at = row * C + ci;
        let field = -1;
        for (let f = 0; f < fieldOrder.length; f++) {
          if ((fields & (1 << f)) === 0) continue;
          if (field < 0) field = f;
          const d = at * fieldOrder.length + f;
          depth[d] = Math.max(depth[d] as number, (fieldWeights[f] as number) * reading.factor);
        }
        const value = (fieldWeights[field] as number) * reading.factor;
        if (value > (best[at] as number)) {
          best[at] = value;
          matchedBy[at] = ri;
          matchedIn[at] = field;
        }
      }
    });
  });

  // Rarer concepts say more: a concept's weight is its inverse document frequency in scope.
  const total = index.total;
  const idf = (df: number) => Math.log(1 + total / (1 + df));
  const weights = concepts.map((c, ci) => {
    let df = 0;
    for (let row = 0; row < rows; row++) if ((best[row * C + ci] as number) > 0) df++;
    return (df === 0 ? unknownWeight * idf(0) : idf(df)) * (c.action ? actionWeight : 1);
  });
  const totalWeight = weights.reduce((a, b) => a + b, 0);

  // Equal scores: the guide with the query's concepts in more of its fields first, then the title's order. Only the
  // best 12 are kept, so each guide is placed among them rather than every guide sorted.
  const chosen: Ranked[] = [];
  for (let row = 0; row < rows; row++) {
    let sum = 0;
    let any = false;
    for (let ci = 0; ci < C; ci++) {
      const v = best[row * C + ci] as number;
      if (v > 0) any = true;
      sum += v * (weights[ci] as number);
    }
    if (!any) continue;
    const score = Math.round(Math.min(1, sum / totalWeight) * 1000) / 1000;
    let deep = 0;
    for (let ci = 0; ci < C; ci++) {
      let perConcept = 0;
      for (let f = 0; f < fieldOrder.length; f++)
        perConcept += depth[(row * C + ci) * fieldOrder.length + f] as number;
      deep += (weights[ci] as number) * perConcept;
    }
    const [id, doc] = docs[slots[row] as number] as readonly [string, Doc];
    const guide = { row, scenarioId: id, title: doc.title, score, depth: deep };
    if (chosen.length === shortlist && byRank(guide, chosen[shortlist - 1] as Ranked) >= 0) continue;
    let at = chosen.length;
    while (at > 0 && byRank(guide, chosen[at - 1] as Ranked) < 0) at--;
    chosen.splice(at, 0, guide);
    if (chosen.length > shortlist) chosen.pop();
  }
  const texts = await describe(
    db,
    chosen.map((g) => g.scenarioId),
  );
  return chosen.map(({ row, scenarioId, title, score }) => {
    const matches: TermMatch[] = [];
    let held = 0;
    for (let ci = 0; ci < C; ci++) {
      const at = row * C + ci;
      const ri = matchedBy[at] as number;
      if (ri < 0) continue;
      const concept = concepts[ci] as (typeof concepts)[number];
      if (!concept.action) held += concept.label.split(' ').length;
      const readAs = readings[ci]?.[ri]?.alternative.readAs;
      matches.push({
        word: concept.shown,
        field: fieldOrder[matchedIn[at] as number] as Field,
        ...(readAs ? { correctedTo: readAs } : {}),
      });
    }
    return {
      scenarioId,
      title,
      summary: '',
      description: '',
      score,
      held,
      matches,
      ...texts.get(scenarioId),
    };
  });
}

/** How many guides a question keeps, best first: the assistant shows fewer, a model reranks at most these. */
const shortlist = 12;
const fieldWeights = fieldOrder.map((f) => fieldWeight[f]);

interface Ranked {
  row: number;
  scenarioId: string;
  title: string;
  score: number;
  depth: number;
}

const byRank = (a: Ranked, b: Ranked) =>
  b.score - a.score ||
  b.depth - a.depth ||
  a.title.localeCompare(b.title) ||
  a.scenarioId.localeCompare(b.scenarioId);

/** The ranked guides that answer the query with confidence: a no-match query keeps none. */
export function relevant(ranked: Candidate[]): Candidate[] {
  const best = ranked[0]?.score ?? 0;
  if (!confident(ranked[0])) return [];
  return ranked.filter((g) => g.score >= best * relativeThreshold);
}

/** When no guide is a confident answer, the closest ones ("peut-être"); none when one is. */
export function weak(ranked: Candidate[]): Candidate[] {
  if (confident(ranked[0])) return [];
  return ranked.filter((g) => g.score >= weakScore).slice(0, maxWeak);
}

const fieldLabels: Record<Locale, Record<Field, string>> = {
  fr: { title: 'titre', names: 'noms des étapes', summary: 'résumé ou description', steps: 'étapes' },
  en: { title: 'title', names: 'step names', summary: 'summary or description', steps: 'steps' },
};

/** Why a guide matched, in the request's locale: the words found, grouped by field. */
export function reasonOf(matches: TermMatch[], locale: Locale): string {
  const quote = (w: string) => (locale === 'fr' ? `« ${w} »` : `“${w}”`);
  const groups = (['title', 'names', 'summary', 'steps'] as const)
    .map((field) => {
      const words = matches
        .filter((m) => m.field === field)
        .map((m) => (m.correctedTo ? `${quote(m.word)} ≈ ${quote(m.correctedTo)}` : quote(m.word)));
      return words.length > 0 ? `${words.join(', ')} (${fieldLabels[locale][field]})` : null;
    })
    .filter((g): g is string => g !== null);
  return locale === 'fr' ? `Mots trouvés : ${groups.join(' ; ')}` : `Words found: ${groups.join('; ')}`;
}
