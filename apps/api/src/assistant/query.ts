// What a query means: its words, the domain vocabulary's phrases and synonyms for them, and their stems.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

/** A word read as a synonym or a translation counts a little less than the word itself. */
export const synonymWeight = 0.8;
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

/**
 * Each word of a text as the user typed it (accents and case kept), by its folded form (`foldWords`'s): what a
 * reason shows, while matching goes on with the folded words. The first spelling of a word wins.
 */
export function typedWords(text: string): Map<string, string> {
  const typed = new Map<string, string>();
  let folded = '';
  let word = '';
  const end = () => {
    if (folded && !typed.has(folded)) typed.set(folded, word);
    folded = '';
    word = '';
  };
  for (const char of text.normalize('NFC')) {
    const f = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (/^[a-z0-9]+$/.test(f)) {
      folded += f;
      word += char;
    } else end();
  }
  end();
  return typed;
}

/** Lower-cased, accent-free words of the query, without request words and duplicates. */
export function queryWords(query: string): string[] {
  const words = foldWords(query).filter((w) => w.length >= 2 && !requestWords.has(w) && !whenWords.has(w));
  return [...new Set(words)].slice(0, maxConcepts);
}

/** A word as the vocabulary compares it: singular and plural alike ("congés", "conge"). */
export const key = (word: string) => (word.length > 3 ? word.replace(/[sx]$/, '') : word);

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
export const vocabulary = loadVocabulary();

export interface Alternative {
  words: string[];
  factor: number;
  /** The guide words it reads the user's words as, when not the words themselves. */
  readAs?: string;
}

export interface Concept {
  /** The user's words, folded (accent-free, lower case): what matching compares. */
  label: string;
  /** The same words as the user typed them, accents kept: what a reason shows. */
  shown: string;
  alternatives: Alternative[];
  /** Only in action groups: it says what to do, not what with. */
  action: boolean;
  /** Its vocabulary groups, by index. */
  groups: number[];
}

/** Whether every vocabulary group of a term is an action group (a term in no group is not an action). */
export const isAction = (groups: number[]) =>
  groups.length > 0 && groups.every((g) => vocabulary.actions.has(g));

export function alternativesOf(
  words: string[],
  groups: number[],
  factor: number,
  readAs?: string,
): Alternative[] {
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
export async function conceptsOf(db: Db, query: string): Promise<Concept[]> {
  const tokens = foldWords(query);
  const typed = typedWords(query);
  const shown = (words: string[]) => words.map((w) => typed.get(w) ?? w).join(' ');
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
          shown: shown(words),
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
    return {
      label: w,
      shown: shown([w]),
      alternatives: alternativesOf([w], groups, 1),
      action: isAction(groups),
      groups,
    };
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
export async function meaningfulWords(db: Db, words: string[]): Promise<string[]> {
  const stems = await stemsOf(db, words);
  return words.filter((w) => stems.get(w)?.fr !== null && stems.get(w)?.en !== null);
}

export interface Stems {
  /** The word's lexeme by the French and the English configuration; null: a stop word of that language. */
  fr: string | null;
  en: string | null;
}

/**
 * Stems depend on the text search configurations only (migration 0002), never on data: each word is asked once per
 * process. Bounded: a long-running server forgets them all when the memo is full.
 */
const stemMemo = new Map<string, Stems>();
export const maxStems = 50_000;

const lexemeOf = (tsquery: string) => /'((?:[^']|'')*)'/.exec(tsquery)?.[1]?.replace(/''/g, "'") ?? null;

export async function stemsOf(db: Db, words: string[]): Promise<Map<string, Stems>> {
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
