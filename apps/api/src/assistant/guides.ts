// The guides in scope as the search reads them: their search rows, kept in memory by version, and the fields each
// reading of a query word is found in.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Alternative, Stems } from './query.ts';

/** Where a query word was found in a guide, best field first. */
export type Field = 'title' | 'names' | 'summary' | 'steps';

export interface Scope {
  organizationId: string;
  /** Only guides of these projects (the URL's site); undefined: every project. */
  projectIds?: string[];
}

/** A field's lexemes, sorted, for exact and prefix lookups. */
type Lexicon = { sorted: string[]; set: Set<string> };

export interface Doc {
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

export async function scopeIndex(db: Db, scope: Scope): Promise<ScopeIndex> {
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
export function guidesWith(index: ScopeIndex, reading: Reading): Set<number> {
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

const fieldsByWeight: Field[] = ['title', 'names', 'summary', 'steps'];

const present = (l: Lexicon, reading: Reading) =>
  reading.languages.some((terms) => terms.length > 0 && terms.every((t) => has(l, t.stem, t.prefix)));

/** Every field of a guide an alternative is found in, best first. */
export function fieldsOf(doc: Doc, reading: Reading): Field[] {
  if (!present(doc.all, reading)) return [];
  return fieldsByWeight.filter((f) => present(doc.fields[f], reading));
}
