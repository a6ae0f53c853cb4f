import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Locale } from '../problems.ts';

/** Where a query word was found in a guide, best field first. */
export type Field = 'title' | 'names' | 'summary' | 'steps';

export interface TermMatch {
  /** The words as the user typed them (accents folded, lower case). */
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
const synonymWeight = 0.8;
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
/** Trigram similarity (pg_trgm) from which an unknown query word is read as a word of a title or step name. */
const typoSimilarity = 0.45;
const maxConcepts = 16;

/**
 * Words that say the user is asking, not what about; they are in no guide, so they would only dilute the score.
 * Grammatical words (le, de, the, to…) are dropped by the French and English stop lists of PostgreSQL instead;
 * the few that PostgreSQL's French list lacks ("les", "cette"…) are here too.
 */
const requestWords = new Set(
  `comment faire veux voudrais voudrai souhaite souhaiterais aimerais besoin dois doit peux peut puis pourrais
  savoir aide aidez aider svp merci bonjour salut quoi quel quelle quels quelles ou faut il est possible
  how want would like need help please can could where what which thanks hello hi way should
  les cette cet ca ici tout tous toute toutes plus tres aussi dont alors donc chez quelqu quelque chose moi toi`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Words that say when, not what: dates and days are details of a request ("en août", "friday") that no guide's
 * texts need to share.
 */
const whenWords = new Set(
  `janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre
  lundi mardi mercredi jeudi vendredi samedi dimanche demain hier aujourd aujourdhui prochain prochaine dernier derniere
  january february march april may june july august september october november december
  monday tuesday wednesday thursday friday saturday sunday tomorrow yesterday today tonight next last`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * French words that are a verb of every request and a noun of the domain: "avoir" is a credit note after a
 * determiner ("émettre un avoir", "l'avoir") and "to have" anywhere else ("avoir accès", "comment avoir ma facture"),
 * where it would answer with the credit-note guide. Its phrases ("facture d'avoir") are read before this.
 */
const verbUnlessNoun = new Set(['avoir']);
const determiners = new Set(
  'un une l le la les cet cette ce mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs chaque nouvel nouveau premier dernier'.split(
    ' ',
  ),
);

/** Lower-cased, accent-free words of a text, in order. */
export function foldWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Lower-cased, accent-free words of the query, without request words and duplicates. */
export function queryWords(query: string): string[] {
  const words = foldWords(query).filter((w) => w.length >= 2 && !requestWords.has(w) && !whenWords.has(w));
  return [...new Set(words)].slice(0, maxConcepts);
}

/** A word as the vocabulary compares it: singular and plural alike ("congés", "conge"). */
const key = (word: string) => (word.length > 3 ? word.replace(/[sx]$/, '') : word);

interface Vocabulary {
  /** Each group's terms as folded words. */
  groups: string[][][];
  /** The groups that are actions (verbs of any back-office: create, change, see, send…), by index. */
  actions: Set<number>;
  /** The groups of each term, by its keys joined with a space. */
  byTerm: Map<string, number[]>;
  /** The longest term, in words. */
  longest: number;
}

function loadVocabulary(): Vocabulary {
  const file = JSON.parse(readFileSync(join(import.meta.dirname, 'vocabulary.json'), 'utf8')) as {
    groups: string[][];
    actions: string[][];
  };
  const groups = [...file.groups, ...file.actions].map((g) => g.map(foldWords).filter((t) => t.length > 0));
  const actions = new Set(file.actions.map((_, i) => file.groups.length + i));
  const byTerm = new Map<string, number[]>();
  let longest = 1;
  groups.forEach((terms, index) => {
    for (const term of terms) {
      const k = term.map(key).join(' ');
      const list = byTerm.get(k) ?? [];
      if (!list.includes(index)) list.push(index);
      byTerm.set(k, list);
      longest = Math.max(longest, term.length);
    }
  });
  return { groups, actions, byTerm, longest };
}

/** The domain vocabulary (vocabulary.json): words and phrases meaning the same thing, in French and English. */
const vocabulary = loadVocabulary();

interface Alternative {
  words: string[];
  factor: number;
  /** The guide words it reads the user's words as, when not the words themselves. */
  readAs?: string;
}

interface Concept {
  /** The user's words. */
  label: string;
  alternatives: Alternative[];
  /** Only in action groups: it says what to do, not what with. */
  action: boolean;
  /** Its vocabulary groups, by index. */
  groups: number[];
}

/** Whether every vocabulary group of a term is an action group (a term in no group is not an action). */
const isAction = (groups: number[]) => groups.length > 0 && groups.every((g) => vocabulary.actions.has(g));

function alternativesOf(words: string[], groups: number[], factor: number, readAs?: string): Alternative[] {
  const own = words.join(' ');
  const list: Alternative[] = [{ words, factor, ...(readAs ? { readAs } : {}) }];
  const seen = new Set([own]);
  for (const g of groups)
    for (const term of vocabulary.groups[g] ?? []) {
      const text = term.join(' ');
      if (seen.has(text)) continue;
      seen.add(text);
      list.push({ words: term, factor: factor * synonymWeight, readAs: text });
    }
  return list;
}

/**
 * The query's concepts: phrases of the domain vocabulary ("chiffre d'affaires", "time off") first, longest first,
 * then single meaningful words; each with the vocabulary's other terms for it as alternatives.
 */
async function conceptsOf(db: Db, query: string): Promise<Concept[]> {
  const tokens = foldWords(query);
  const phrases: Concept[] = [];
  const rest: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    let matched = 0;
    for (let n = Math.min(vocabulary.longest, tokens.length - i); n >= 2; n--) {
      const groups = vocabulary.byTerm.get(
        tokens
          .slice(i, i + n)
          .map(key)
          .join(' '),
      );
      if (groups) {
        const words = tokens.slice(i, i + n);
        phrases.push({
          label: words.join(' '),
          alternatives: alternativesOf(words, groups, 1),
          action: isAction(groups),
          groups,
        });
        matched = n;
        break;
      }
    }
    if (matched > 0) i += matched;
    else {
      const token = tokens[i] as string;
      if (!verbUnlessNoun.has(token) || determiners.has(tokens[i - 1] ?? '')) rest.push(token);
      i++;
    }
  }
  const words = await meaningfulWords(db, queryWords(rest.join(' ')));
  const single = words.map((w) => {
    const groups = vocabulary.byTerm.get(key(w)) ?? [];
    return { label: w, alternatives: alternativesOf([w], groups, 1), action: isAction(groups), groups };
  });
  const seen = new Set<string>();
  const all = [...phrases, ...single].filter((c) => !seen.has(c.label) && seen.add(c.label));
  // Two words of one vocabulary group say one thing ("purchase order", "congés vacances"): they are one concept, or
  // a guide holding that one thing would count it twice.
  const merged: Concept[] = [];
  for (const c of all) {
    const same = merged.find((m) => m.action === c.action && m.groups.some((g) => c.groups.includes(g)));
    if (!same) {
      merged.push(c);
      continue;
    }
    for (const a of c.alternatives) {
      const text = a.words.join(' ');
      const i = same.alternatives.findIndex((b) => b.words.join(' ') === text);
      if (i < 0) same.alternatives.push(a);
      else if ((same.alternatives[i] as Alternative).factor < a.factor) same.alternatives[i] = a;
    }
    same.groups = [...new Set([...same.groups, ...c.groups])];
  }
  return merged.slice(0, maxConcepts);
}

/** Words that carry meaning in neither stop list (a word common in one language is noise in a mixed query). */
async function meaningfulWords(db: Db, words: string[]): Promise<string[]> {
  const stems = await stemsOf(db, words);
  return words.filter((w) => stems.get(w)?.fr !== null && stems.get(w)?.en !== null);
}

interface Stems {
  /** The word's lexeme by the French and the English configuration; null: a stop word of that language. */
  fr: string | null;
  en: string | null;
}

/**
 * Stems depend on the text search configurations only (migration 0002), never on data: each word is asked once per
 * process. Bounded: a long-running server forgets them all when the memo is full.
 */
const stemMemo = new Map<string, Stems>();
const maxStems = 50_000;

const lexemeOf = (tsquery: string) => /'((?:[^']|'')*)'/.exec(tsquery)?.[1]?.replace(/''/g, "'") ?? null;

async function stemsOf(db: Db, words: string[]): Promise<Map<string, Stems>> {
  const missing = [...new Set(words.filter((w) => !stemMemo.has(w)))];
  if (missing.length > 0) {
    const result = await sql<{ word: string; fr: string; en: string }>`
      SELECT word, to_tsquery('mulot_fr', word)::text AS fr, to_tsquery('mulot_en', word)::text AS en
      FROM unnest(${sql.val(missing)}::text[]) AS u(word)`.execute(db);
    if (stemMemo.size + missing.length > maxStems) stemMemo.clear();
    for (const r of result.rows) stemMemo.set(r.word, { fr: lexemeOf(r.fr), en: lexemeOf(r.en) });
  }
  return new Map(words.map((w) => [w, stemMemo.get(w) ?? { fr: null, en: null }]));
}

interface Scope {
  organizationId: string;
  /** Only guides of these projects (the URL's site); undefined: every project. */
  projectIds?: string[];
}

/** A field's lexemes, sorted, for exact and prefix lookups. */
type Lexicon = { sorted: string[]; set: Set<string> };

interface Doc {
  /** The search row's version (xmin): every refresh rewrites the row, so a changed guide has a new one. */
  version: string;
  title: string;
  summary: string;
  description: string;
  fields: Record<Field, Lexicon>;
  /** Every lexeme of the guide, to skip quickly the guides an alternative is not in. */
  all: Lexicon;
  /** Folded words of all its texts: what a typo is read as. */
  words: string[];
}

/**
 * The search rows of the guides, read from `mulot_search.scenario_search` (kept current by the triggers of
 * migrations 0002 and 0007) and kept in memory by version: a query reads only the ids and versions of the guides in
 * scope, and the rows it has not seen at that version. Scoring in process costs microseconds per guide, where
 * evaluating each term on each field in SQL cost hundreds of milliseconds at a thousand guides
 * (`pnpm bench:assistant`). One cache per database (versions are only unique within one); bounded: it is emptied
 * when it holds too many guides.
 */
const docCaches = new WeakMap<Db, Map<string, Doc>>();
const maxCachedDocs = 20_000;

function lexicon(words: Iterable<string>): Lexicon {
  const set = new Set(words);
  return { sorted: [...set].sort(), set };
}

/** The lexemes of a tsvector's text form ('lex':1,2 'other':3). */
function lexemes(tsvector: string): string[] {
  return [...tsvector.matchAll(/'((?:[^']|'')*)'/g)].map((m) => (m[1] as string).replace(/''/g, "'"));
}

/**
 * The guides in scope as an inverted index (lexeme → the guides having it, in any field; sorted lexemes for prefixes)
 * and their distinct words (what a typo is read as): a query then visits only the guides that have one of its
 * alternatives, not every guide in scope. Kept per database and scope while the scope's guides and versions are the
 * same (bounded); any change rebuilds it.
 */
interface ScopeIndex {
  signature: string;
  docs: Array<[string, Doc]>;
  postings: Map<string, number[]>;
  sorted: string[];
  words: string[];
}
const scopeIndexes = new WeakMap<Db, Map<string, ScopeIndex>>();
const maxScopeIndexes = 200;

async function scopeIndex(db: Db, scope: Scope): Promise<ScopeIndex> {
  const { docs, signature } = await scopeDocs(db, scope);
  let indexes = scopeIndexes.get(db);
  if (!indexes) {
    indexes = new Map();
    scopeIndexes.set(db, indexes);
  }
  const scopeKey = `${scope.organizationId} ${scope.projectIds?.join(',') ?? '*'}`;
  const known = indexes.get(scopeKey);
  if (known?.signature === signature) return known;
  const postings = new Map<string, number[]>();
  const words = new Set<string>();
  docs.forEach(([, doc], i) => {
    for (const lexeme of doc.all.sorted) {
      const list = postings.get(lexeme);
      if (list) list.push(i);
      else postings.set(lexeme, [i]);
    }
    for (const w of doc.words) words.add(w);
  });
  const index = { signature, docs, postings, sorted: [...postings.keys()].sort(), words: [...words] };
  if (indexes.size >= maxScopeIndexes) indexes.clear();
  indexes.set(scopeKey, index);
  return index;
}

/** The guides (indexes in scope) having a lexeme, or, for a prefix, a lexeme starting with it. */
function postingsOf(index: ScopeIndex, stem: string, prefix: boolean): Set<number> {
  if (!prefix) return new Set(index.postings.get(stem) ?? []);
  const found = new Set<number>();
  let lo = 0;
  let hi = index.sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((index.sorted[mid] as string) < stem) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < index.sorted.length && (index.sorted[i] as string).startsWith(stem); i++)
    for (const d of index.postings.get(index.sorted[i] as string) ?? []) found.add(d);
  return found;
}

/** The guides (indexes in scope) that have all the stems of one of a reading's languages in some field. */
function guidesWith(index: ScopeIndex, reading: Reading): Set<number> {
  const found = new Set<number>();
  for (const terms of reading.languages) {
    if (terms.length === 0) continue;
    let common: Set<number> | undefined;
    for (const t of terms) {
      const having = postingsOf(index, t.stem, t.prefix);
      common = common === undefined ? having : new Set([...common].filter((d) => having.has(d)));
      if (common.size === 0) break;
    }
    for (const d of common ?? []) found.add(d);
  }
  return found;
}

async function scopeDocs(db: Db, scope: Scope): Promise<{ docs: Array<[string, Doc]>; signature: string }> {
  let docCache = docCaches.get(db);
  if (!docCache) {
    docCache = new Map();
    docCaches.set(db, docCache);
  }
  const cache = docCache;
  const projectFilter =
    scope.projectIds === undefined
      ? sql``
      : sql`AND c.project_id = ANY(${sql.val(scope.projectIds)}::uuid[])`;
  // One text of "id version" pairs: decoding one value is much cheaper than a row per guide on PGlite.
  const listedText = await sql<{ list: string | null }>`
    SELECT string_agg(s.id::text || ' ' || x.xmin::text, ',') AS list
    FROM scenarios s
    JOIN categories c ON c.id = s.category_id
    JOIN mulot_search.scenario_search x ON x.scenario_id = s.id
    WHERE s.organization_id = ${scope.organizationId} AND s.status = 'published' ${projectFilter}`.execute(
    db,
  );
  const listed = {
    rows: (listedText.rows[0]?.list ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const [id, version] = pair.split(' ') as [string, string];
        return { id, version };
      }),
  };
  const stale = listed.rows.filter((r) => docCache.get(r.id)?.version !== r.version).map((r) => r.id);
  if (stale.length > 0) {
    const rows = await sql<{
      id: string;
      version: string;
      title: string;
      summary: string;
      description: string;
      a: string;
      n: string;
      b: string;
      c: string;
      words: string[];
    }>`
      SELECT x.scenario_id AS id, x.xmin::text AS version, s.title, s.summary, s.description,
        x.a::text AS a, x.n::text AS n, x.b::text AS b, x.c::text AS c, x.words
      FROM mulot_search.scenario_search x JOIN scenarios s ON s.id = x.scenario_id
      WHERE x.scenario_id = ANY(${sql.val(stale)}::uuid[])`.execute(db);
    if (docCache.size + rows.rows.length > maxCachedDocs) docCache.clear();
    for (const r of rows.rows) {
      const fields = {
        title: lexicon(lexemes(r.a)),
        names: lexicon(lexemes(r.n)),
        summary: lexicon(lexemes(r.b)),
        steps: lexicon(lexemes(r.c)),
      };
      docCache.set(r.id, {
        version: r.version,
        title: r.title,
        summary: r.summary,
        description: r.description,
        fields,
        all: lexicon([...fields.title.set, ...fields.summary.set, ...fields.steps.set]),
        words: r.words,
      });
    }
  }
  return {
    docs: listed.rows.flatMap((r) => {
      const doc = cache.get(r.id);
      return doc ? [[r.id, doc] as [string, Doc]] : [];
    }),
    signature: listedText.rows[0]?.list ?? '',
  };
}

/** Whether a lexicon has the lexeme, or, for a prefix, a lexeme starting with it. */
function has(l: Lexicon, lexeme: string, prefix: boolean): boolean {
  if (!prefix) return l.set.has(lexeme);
  let lo = 0;
  let hi = l.sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((l.sorted[mid] as string) < lexeme) lo = mid + 1;
    else hi = mid;
  }
  return (l.sorted[lo] ?? '').startsWith(lexeme);
}

/**
 * An alternative as each language reads it: its words' stems, stop words dropped (as `to_tsquery` does). The user's
 * own words of four letters or more are prefixes too ("factur" finds "factures"); the vocabulary's are whole words
 * (a stem as a prefix reaches too far: "sales" stems to "sal", which would find "salarié").
 */
interface Reading {
  alternative: Alternative;
  factor: number;
  /** Per language, the stems that must all be in a field; an empty list never matches. */
  languages: Array<Array<{ stem: string; prefix: boolean }>>;
}

function readingOf(alternative: Alternative, stems: Map<string, Stems>): Reading {
  const prefix = (w: string) => w.length >= 4 && alternative.readAs === undefined;
  const language = (lang: keyof Stems) =>
    alternative.words.flatMap((w) => {
      const stem = stems.get(w)?.[lang];
      return stem ? [{ stem, prefix: prefix(w) }] : [];
    });
  return { alternative, factor: alternative.factor, languages: [language('fr'), language('en')] };
}

/**
 * Readings with the same stems find the same guides ("congé", "congés", "conges"): the first, of the highest
 * weight, is kept. Readings no language can match (stop words only) are dropped.
 */
function distinct(readings: Reading[]): Reading[] {
  const seen = new Set<string>();
  return readings.filter((r) => {
    if (r.languages.every((terms) => terms.length === 0)) return false;
    const signature = JSON.stringify(r.languages);
    if (seen.has(signature)) return false;
    seen.add(signature);
    return true;
  });
}

const fieldsByWeight: Field[] = ['title', 'names', 'summary', 'steps'];

const present = (l: Lexicon, reading: Reading) =>
  reading.languages.some((terms) => terms.length > 0 && terms.every((t) => has(l, t.stem, t.prefix)));

/** Every field of a guide an alternative is found in, best first. */
function fieldsOf(doc: Doc, reading: Reading): Field[] {
  if (!present(doc.all, reading)) return [];
  return fieldsByWeight.filter((f) => present(doc.fields[f], reading));
}

/** pg_trgm's similarity: shared trigrams of the padded words over all their trigrams. */
const trigramMemo = new Map<string, Set<string>>();
function trigrams(word: string): Set<string> {
  let set = trigramMemo.get(word);
  if (!set) {
    const padded = `  ${word} `;
    set = new Set<string>();
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
    if (trigramMemo.size > maxStems) trigramMemo.clear();
    trigramMemo.set(word, set);
  }
  return set;
}
export function similarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

/**
 * Optimal string alignment distance (Levenshtein with transpositions, each one edit), stopping early past `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (prev2[j - 2] as number) + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > limit) return limit + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] as number;
}

/** The edits a typo may make in a word of this length: one in a short word, two from 5 letters, three from 9. */
const typoEdits = (length: number) => (length <= 4 ? 1 : length <= 8 ? 2 : 3);

/**
 * For each word found in no guide, the closest word of the guides' texts in scope, if it is a likely typo of it:
 * similar by trigrams (pg_trgm's measure) and a few edits away ("navigateur" shares trigrams with "naviguer" but is
 * another word).
 */
function corrections(vocabularyWords: string[], words: string[]): Map<string, string> {
  const candidates = words.filter((w) => w.length >= 4 && !/^\d+$/.test(w));
  const fixes = new Map<string, string>();
  if (candidates.length === 0) return fixes;
  for (const word of candidates) {
    let best: string | undefined;
    let bestSimilarity = typoSimilarity;
    for (const v of vocabularyWords) {
      const s = similarity(word, v);
      if (s < bestSimilarity) continue;
      if (editDistance(word, v, typoEdits(word.length)) > typoEdits(word.length)) continue;
      // The most similar word; among equals, the first in alphabetical order (stable answers).
      if (s > bestSimilarity || (s === bestSimilarity && (best === undefined || v < best))) {
        best = v;
        bestSimilarity = s;
      }
    }
    if (best !== undefined) fixes.set(word, best);
  }
  return fixes;
}

/**
 * Every published guide in scope that shares at least one concept with the query, with its score, best first
 * (at most 12). `relevant` keeps the confident answers, `weak` the "peut-être" ones.
 */
export async function searchGuides(db: Db, scope: Scope, query: string): Promise<Candidate[]> {
  const concepts = await conceptsOf(db, query);
  if (concepts.length === 0) return [];
  const index = await scopeIndex(db, scope);
  const docs = index.docs;
  if (docs.length === 0) return [];
  const stems = await stemsOf(
    db,
    concepts.flatMap((c) => c.alternatives.flatMap((a) => a.words)),
  );
  const readings = concepts.map((c) => distinct(c.alternatives.map((a) => readingOf(a, stems))));

  // A word that no guide has, itself, may be a typo: read it as the closest title or step-name word.
  const unknown = concepts
    .map((c, ci) => ({ c, ci }))
    .filter(
      ({ c, ci }) =>
        c.alternatives[0]?.words.length === 1 &&
        (readings[ci]?.[0] === undefined || guidesWith(index, readings[ci]?.[0] as Reading).size === 0),
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

  // Each guide's best match of each concept: field weight × the alternative's weight; only the guides that have one
  // of the alternatives are visited.
  const having = readings.map((list) => list.map((reading) => guidesWith(index, reading)));
  const visited = [...new Set(having.flatMap((list) => list.flatMap((set) => [...set])))].sort(
    (a, b) => a - b,
  );
  const found = visited.map((di) => {
    const [id, doc] = docs[di] as [string, Doc];
    const best = concepts.map(() => 0);
    // Per concept and field, the best alternative found there: a guide that has a concept in several fields is more
    // about it (it orders guides of equal score, like a term's frequency in BM25, without changing the decision).
    const depth = concepts.map(() => ({ title: 0, names: 0, summary: 0, steps: 0 }) as Record<Field, number>);
    const matches: (TermMatch | undefined)[] = concepts.map(() => undefined);
    readings.forEach((list, ci) => {
      for (const [ri, reading] of list.entries()) {
        if (!having[ci]?.[ri]?.has(di)) continue;
        const fields = fieldsOf(doc, reading);
        const field = fields[0];
        if (!field) continue;
        const perField = depth[ci] as Record<Field, number>;
        for (const f of fields) perField[f] = Math.max(perField[f], fieldWeight[f] * reading.factor);
        const value = fieldWeight[field] * reading.factor;
        if (value > (best[ci] as number)) {
          best[ci] = value;
          const readAs = reading.alternative.readAs;
          matches[ci] = {
            word: concepts[ci]?.label as string,
            field,
            ...(readAs ? { correctedTo: readAs } : {}),
          };
        }
      }
    });
    return { id, doc, best, matches, depth };
  });

  // Rarer concepts say more: a concept's weight is its inverse document frequency in scope.
  const total = docs.length;
  const idf = (df: number) => Math.log(1 + total / (1 + df));
  const weights = concepts.map((c, ci) => {
    const df = found.filter((f) => (f.best[ci] as number) > 0).length;
    return (df === 0 ? unknownWeight * idf(0) : idf(df)) * (c.action ? actionWeight : 1);
  });
  const totalWeight = weights.reduce((a, b) => a + b, 0);

  const ranked = found
    .filter((f) => f.best.some((v) => v > 0))
    .map((f) => ({
      scenarioId: f.id,
      title: f.doc.title,
      summary: f.doc.summary,
      description: f.doc.description,
      score:
        Math.round(
          Math.min(1, f.best.reduce((s, v, ci) => s + v * (weights[ci] as number), 0) / totalWeight) * 1000,
        ) / 1000,
      matches: f.matches.filter((m): m is TermMatch => m !== undefined),
      held: f.best.reduce(
        (n, v, ci) => n + (v > 0 && !concepts[ci]?.action ? (concepts[ci]?.label.split(' ').length ?? 0) : 0),
        0,
      ),
      depth: f.depth.reduce(
        (sum, perField, ci) =>
          sum + (weights[ci] as number) * Object.values(perField).reduce((a, b) => a + b, 0),
        0,
      ),
    }));
  // Equal scores: the guide with the query's concepts in more of its fields first, then the title's order.
  ranked.sort(
    (a, b) =>
      b.score - a.score ||
      b.depth - a.depth ||
      a.title.localeCompare(b.title) ||
      a.scenarioId.localeCompare(b.scenarioId),
  );
  return ranked.slice(0, 12).map(({ depth: _, ...guide }) => guide);
}

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
