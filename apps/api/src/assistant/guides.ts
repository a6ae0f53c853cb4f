// The guides in scope as the search reads them (./organization-index.ts holds them), and the fields each reading of a
// query word is found in.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Alternative, Stems } from './query.ts';

/** Where a query word was found in a guide, best field first. */
export type Field = 'title' | 'names' | 'summary' | 'steps';

export interface Scope {
  organizationId: string;
  /** Only guides of these projects (the URL's site); undefined: every project. */
  projectIds?: string[];
  /**
   * The organization's content version the caller read before this search (the access check's): an index brought up
   * to date at that version is current. Unknown (benchmarks): the index is checked against the database.
   */
  contentVersion?: string | null;
}

/** The fields a guide's words are found in, as bits in the order of their weight (title's is 1). */
export const fieldOrder: readonly Field[] = ['title', 'names', 'summary', 'steps'];

/**
 * A guide as the search reads it. Its lexemes with their fields, and its words split, are made on the first query
 * that needs them: reading an organization's 20,000 guides then costs the postings only. Its summary and
 * description are read for the guides a question answers with (`describe`).
 */
export class Doc {
  /** The search row's version (xmin): every refresh rewrites the row, so a changed guide has a new one. */
  readonly version: string;
  readonly title: string;
  /** The lexemes of the fields the postings are made from (title, summary and description, steps). */
  readonly indexed: ReadonlyArray<readonly string[]>;
  readonly #names: string;
  readonly #words: string;
  #fields: Map<string, number> | undefined;
  #sorted: string[] | undefined;

  /** Lexemes and words as the database joins them, with spaces (neither ever holds one). */
  constructor(row: {
    version: string;
    title: string;
    a: string;
    n: string;
    b: string;
    c: string;
    words: string;
  }) {
    this.version = row.version;
    this.title = row.title;
    this.indexed = [split(row.a), split(row.b), split(row.c)];
    this.#names = row.n;
    this.#words = row.words;
  }

  /**
   * Each lexeme of the guide with the fields it is in (`fieldOrder`'s bits): one lookup tells every field a word is
   * in, where a lexicon per field took four (most of a question's time at 25,000 guides: issue 43).
   */
  get fields(): ReadonlyMap<string, number> {
    if (!this.#fields) {
      const fields = new Map<string, number>();
      const [title, summary, steps] = this.indexed as [string[], string[], string[]];
      const add = (lexemes: readonly string[], bit: number) => {
        for (const lexeme of lexemes) fields.set(lexeme, (fields.get(lexeme) ?? 0) | bit);
      };
      add(title, 1);
      add(split(this.#names), 2);
      add(summary, 4);
      add(steps, 8);
      this.#fields = fields;
    }
    return this.#fields;
  }

  /** Its lexemes sorted, for prefixes (sorted on the first prefix lookup only). */
  get sorted(): readonly string[] {
    this.#sorted ??= [...this.fields.keys()].sort();
    return this.#sorted;
  }

  /** Folded words of all its texts: what a typo is read as. */
  get words(): string[] {
    return split(this.#words);
  }
}

const split = (joined: string): string[] => (joined === '' ? [] : joined.split(' '));

/** The summary and description of some guides (those a question answers with), by id. */
export async function describe(
  db: Db,
  ids: string[],
): Promise<Map<string, { summary: string; description: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{ id: string; summary: string; description: string }>`
    SELECT id, summary, description FROM scenarios WHERE id = ANY(${sql.val(ids)}::uuid[])`.execute(db);
  return new Map(rows.rows.map((r) => [r.id, { summary: r.summary, description: r.description }]));
}

/**
 * The guides in scope as an inverted index (lexeme → the guides having it, in any field; sorted lexemes for
 * prefixes) and their distinct words (what a typo is read as): a query then visits only the guides that have one of
 * its alternatives, not every guide in scope. A guide is named by its slot in `docs`; a slot may be empty (a guide
 * removed from an organization's index), and no posting names an empty slot.
 */
export interface ScopeIndex {
  docs: ReadonlyArray<readonly [string, Doc] | undefined>;
  /** How many guides are in scope (the slots in use). */
  total: number;
  postings: ReadonlyMap<string, readonly number[]>;
  sorted: readonly string[];
  words: readonly string[];
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

/** A question's lookups, by stem and kind: its readings share most of their stems. */
export type Lookups = Map<string, Set<number>>;

/**
 * The guides (indexes in scope) that have all the stems of one of a reading's languages in some field. The sets in
 * `lookups` are shared: never changed here.
 */
export function guidesWith(index: ScopeIndex, reading: Reading, lookups: Lookups = new Map()): Set<number> {
  const found = new Set<number>();
  for (const terms of reading.languages) {
    if (terms.length === 0) continue;
    let common: Set<number> | undefined;
    for (const t of terms) {
      const key = `${t.prefix ? '*' : '='}${t.stem}`;
      const having = lookups.get(key) ?? postingsOf(index, t.stem, t.prefix);
      lookups.set(key, having);
      common = common === undefined ? having : new Set([...common].filter((d) => having.has(d)));
      if (common.size === 0) break;
    }
    for (const d of common ?? []) found.add(d);
  }
  return found;
}

/** The fields (bits) of a guide having the lexeme, or, for a prefix, a lexeme starting with it. */
function fieldsHaving(doc: Doc, lexeme: string, prefix: boolean): number {
  if (!prefix) return doc.fields.get(lexeme) ?? 0;
  const sorted = doc.sorted;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as string) < lexeme) lo = mid + 1;
    else hi = mid;
  }
  let found = 0;
  for (let i = lo; i < sorted.length && (sorted[i] as string).startsWith(lexeme); i++)
    found |= doc.fields.get(sorted[i] as string) ?? 0;
  return found;
}

/**
 * An alternative as each language reads it: its words' stems, stop words dropped (as `to_tsquery` does). The user's
 * own words of four letters or more are prefixes too ("factur" finds "factures"); the vocabulary's are whole words
 * (a stem as a prefix reaches too far: "sales" stems to "sal", which would find "salarié").
 */
export interface Reading {
  alternative: Alternative;
  factor: number;
  /** Per language, the stems that must all be in a field; an empty list never matches. */
  languages: Array<Array<{ stem: string; prefix: boolean }>>;
}

export function readingOf(alternative: Alternative, stems: Map<string, Stems>): Reading {
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
export function distinct(readings: Reading[]): Reading[] {
  const seen = new Set<string>();
  return readings.filter((r) => {
    if (r.languages.every((terms) => terms.length === 0)) return false;
    const signature = JSON.stringify(r.languages);
    if (seen.has(signature)) return false;
    seen.add(signature);
    return true;
  });
}

/**
 * The fields of a guide an alternative is found in, as `fieldOrder`'s bits: none when its stems are spread over
 * several fields (the guide is among `guidesWith` the reading all the same).
 */
export function fieldsOf(doc: Doc, reading: Reading): number {
  let found = 0;
  for (const terms of reading.languages) {
    if (terms.length === 0) continue;
    let inAll = (1 << fieldOrder.length) - 1;
    for (const t of terms) {
      inAll &= fieldsHaving(doc, t.stem, t.prefix);
      if (inAll === 0) break;
    }
    found |= inAll;
  }
  return found;
}
