// The guides in scope as the search reads them: each organization's search rows, indexed in memory and updated in
// place as its content changes, and the fields each reading of a query word is found in.
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
   * The organization's content version the caller read before this search (the access check's): the index held at
   * that version or a later one is current. Unknown (benchmarks): the index is checked against the database.
   */
  contentVersion?: string | null;
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

function lexicon(words: Iterable<string>): Lexicon {
  const set = new Set(words);
  return { sorted: [...set].sort(), set };
}

/** The lexemes of a tsvector's text form ('lex':1,2 'other':3). */
function lexemes(tsvector: string): string[] {
  return [...tsvector.matchAll(/'((?:[^']|'')*)'/g)].map((m) => (m[1] as string).replace(/''/g, "'"));
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

/**
 * One organization's published guides, indexed, kept by this process and brought up to date in place: a content
 * write in the organization (on any replica) moves its content version, and the next question here compares the
 * guides' ids, search-row versions and projects with the database's and reads only the guides that changed. An edit
 * costs reading that guide and updating its postings, not rebuilding the index; a question while nothing changed
 * reads nothing. A guide is always indexed whole, and an index is never served partly filled.
 */
class OrganizationIndex {
  /** The content version this index is current at (null: not yet read). */
  contentVersion: bigint | null = null;
  /** Moves with every change of the guides held: the project views built from them are rebuilt after one. */
  revision = 0;
  readonly entries = new Map<string, { slot: number; projectId: string; doc: Doc }>();
  readonly docs: Array<readonly [string, Doc] | undefined> = [];
  readonly #free: number[] = [];
  readonly postings = new Map<string, number[]>();
  sorted: string[] = [];
  readonly #wordCounts = new Map<string, number>();
  words: string[] = [];
  /** The refresh under way: the questions arriving meanwhile wait for it rather than run their own. */
  refreshing: Promise<void> | undefined;
  readonly #views = new Map<string, { revision: number; view: ScopeIndex }>();

  /** The whole organization, as a scope. */
  get all(): ScopeIndex {
    return this;
  }

  get total(): number {
    return this.entries.size;
  }

  /** Applies a set of changes, keeping the sorted lexemes and the words in step once at the end. */
  change(
    removed: Iterable<string>,
    added: Iterable<{ id: string; projectId: string; doc: Doc }>,
    moved: Iterable<{ id: string; projectId: string }>,
  ): void {
    const gone = new Set<string>();
    const fresh = new Set<string>();
    let wordsChanged = false;
    const drop = (id: string) => {
      const entry = this.entries.get(id);
      if (!entry) return;
      this.entries.delete(id);
      this.docs[entry.slot] = undefined;
      this.#free.push(entry.slot);
      for (const lexeme of entry.doc.all.sorted) {
        const list = this.postings.get(lexeme);
        if (!list) continue;
        const at = list.indexOf(entry.slot);
        if (at >= 0) {
          list[at] = list[list.length - 1] as number;
          list.pop();
        }
        if (list.length === 0) {
          this.postings.delete(lexeme);
          if (fresh.has(lexeme)) fresh.delete(lexeme);
          else gone.add(lexeme);
        }
      }
      for (const word of entry.doc.words) {
        const n = (this.#wordCounts.get(word) ?? 0) - 1;
        if (n > 0) this.#wordCounts.set(word, n);
        else {
          this.#wordCounts.delete(word);
          wordsChanged = true;
        }
      }
      this.revision++;
    };
    for (const id of removed) drop(id);
    for (const { id, projectId, doc } of added) {
      drop(id);
      const slot = this.#free.pop() ?? this.docs.length;
      this.docs[slot] = [id, doc];
      this.entries.set(id, { slot, projectId, doc });
      for (const lexeme of doc.all.sorted) {
        const list = this.postings.get(lexeme);
        if (list) list.push(slot);
        else {
          this.postings.set(lexeme, [slot]);
          if (gone.has(lexeme)) gone.delete(lexeme);
          else fresh.add(lexeme);
        }
      }
      for (const word of doc.words) {
        const n = this.#wordCounts.get(word) ?? 0;
        this.#wordCounts.set(word, n + 1);
        if (n === 0) wordsChanged = true;
      }
      this.revision++;
    }
    for (const { id, projectId } of moved) {
      const entry = this.entries.get(id);
      if (entry && entry.projectId !== projectId) {
        entry.projectId = projectId;
        this.revision++;
      }
    }
    if (gone.size > 0 || fresh.size > 0) this.sorted = mergeSorted(this.sorted, gone, [...fresh].sort());
    if (wordsChanged) this.words = [...this.#wordCounts.keys()];
  }

  /** The guides of some projects only (a site's), as a scope of their own: kept until the guides change. */
  view(projectIds: string[]): ScopeIndex {
    const key = [...projectIds].sort().join(',');
    const known = this.#views.get(key);
    if (known?.revision === this.revision) return known.view;
    const wanted = new Set(projectIds);
    const docs: Array<[string, Doc]> = [];
    for (const [id, entry] of this.entries) if (wanted.has(entry.projectId)) docs.push([id, entry.doc]);
    const view = indexOf(docs);
    if (this.#views.size >= maxViews) this.#views.clear();
    this.#views.set(key, { revision: this.revision, view });
    return view;
  }
}

/** Project views kept per organization (sites are few; a bound all the same). */
const maxViews = 200;

/** `sorted` without `gone`, with `fresh` (sorted, none already there) merged in: linear, not a new sort. */
function mergeSorted(sorted: string[], gone: Set<string>, fresh: string[]): string[] {
  const out: string[] = [];
  let j = 0;
  for (const lexeme of sorted) {
    if (gone.has(lexeme)) continue;
    while (j < fresh.length && (fresh[j] as string) < lexeme) out.push(fresh[j++] as string);
    out.push(lexeme);
  }
  while (j < fresh.length) out.push(fresh[j++] as string);
  return out;
}

function indexOf(docs: Array<[string, Doc]>): ScopeIndex {
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
  return { docs, total: docs.length, postings, sorted: [...postings.keys()].sort(), words: [...words] };
}

/**
 * The organizations' indexes, per database (search-row versions are only unique within one), least recently
 * questioned first. Bounded by the guides they hold together: past it, whole organizations are let go, least
 * recently questioned first, never the one being answered; one let go is read again in full at its next question.
 */
const organizationIndexes = new WeakMap<Db, Map<string, OrganizationIndex>>();
const maxHeldGuides = 250_000;

/** The guides in scope, indexed, current at the caller's content version. */
export async function scopeIndex(db: Db, scope: Scope): Promise<ScopeIndex> {
  const index = await organizationIndex(db, scope.organizationId, scope.contentVersion);
  return scope.projectIds === undefined ? index.all : index.view(scope.projectIds);
}

async function organizationIndex(
  db: Db,
  organizationId: string,
  contentVersion: string | null | undefined,
): Promise<OrganizationIndex> {
  let indexes = organizationIndexes.get(db);
  if (!indexes) {
    indexes = new Map();
    organizationIndexes.set(db, indexes);
  }
  let index = indexes.get(organizationId);
  if (index) indexes.delete(organizationId);
  else index = new OrganizationIndex();
  // Most recently questioned last.
  indexes.set(organizationId, index);
  const wanted = contentVersion === null || contentVersion === undefined ? null : BigInt(contentVersion);
  let checked = false;
  for (;;) {
    // The version is read by the caller before the guides are: an index read after it holds at least its content.
    if (wanted !== null && index.contentVersion !== null && index.contentVersion >= wanted) break;
    if (index.refreshing) {
      await index.refreshing;
      continue;
    }
    if (checked) break;
    const target = index;
    target.refreshing = refresh(db, organizationId, target, wanted).finally(() => {
      target.refreshing = undefined;
    });
    await target.refreshing;
    checked = true;
  }
  letGo(indexes, index);
  return index;
}

function letGo(indexes: Map<string, OrganizationIndex>, kept: OrganizationIndex): void {
  let held = 0;
  for (const index of indexes.values()) held += index.total;
  for (const [id, index] of indexes) {
    if (held <= maxHeldGuides) break;
    if (index === kept || index.refreshing) continue;
    indexes.delete(id);
    held -= index.total;
  }
}

/**
 * Brings an organization's index to the database's state: the published guides' ids, search-row versions and
 * projects, as one text (decoding one value is much cheaper than a row per guide on PGlite), compared with those
 * held; only the guides added or changed are read.
 */
async function refresh(
  db: Db,
  organizationId: string,
  index: OrganizationIndex,
  contentVersion: bigint | null,
): Promise<void> {
  const listedText = await sql<{ list: string | null }>`
    SELECT string_agg(s.id::text || ' ' || x.xmin::text || ' ' || c.project_id::text, ',') AS list
    FROM scenarios s
    JOIN categories c ON c.id = s.category_id
    JOIN mulot_search.scenario_search x ON x.scenario_id = s.id
    WHERE s.organization_id = ${organizationId} AND s.status = 'published'`.execute(db);
  const listed = new Map<string, { version: string; projectId: string }>();
  for (const item of (listedText.rows[0]?.list ?? '').split(',')) {
    if (!item) continue;
    const [id, version, projectId] = item.split(' ') as [string, string, string];
    listed.set(id, { version, projectId });
  }
  const removed = [...index.entries.keys()].filter((id) => !listed.has(id));
  const stale: string[] = [];
  const moved: Array<{ id: string; projectId: string }> = [];
  for (const [id, { version, projectId }] of listed) {
    const held = index.entries.get(id);
    if (held?.doc.version !== version) stale.push(id);
    else if (held.projectId !== projectId) moved.push({ id, projectId });
  }
  const added = stale.length > 0 ? await readDocs(db, stale, listed) : [];
  // A guide changed again between the two reads has a newer version than listed: it is indexed as read (the newer
  // content), and its version moved the organization's, so the next question reads it again.
  index.change(removed, added, moved);
  if (contentVersion !== null && (index.contentVersion === null || contentVersion > index.contentVersion))
    index.contentVersion = contentVersion;
}

async function readDocs(
  db: Db,
  ids: string[],
  listed: Map<string, { version: string; projectId: string }>,
): Promise<Array<{ id: string; projectId: string; doc: Doc }>> {
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
    WHERE x.scenario_id = ANY(${sql.val(ids)}::uuid[])`.execute(db);
  return rows.rows.flatMap((r) => {
    const projectId = listed.get(r.id)?.projectId;
    if (projectId === undefined) return [];
    const fields = {
      title: lexicon(lexemes(r.a)),
      names: lexicon(lexemes(r.n)),
      summary: lexicon(lexemes(r.b)),
      steps: lexicon(lexemes(r.c)),
    };
    const doc: Doc = {
      version: r.version,
      title: r.title,
      summary: r.summary,
      description: r.description,
      fields,
      all: lexicon([...fields.title.set, ...fields.summary.set, ...fields.steps.set]),
      words: r.words,
    };
    return [{ id: r.id, projectId, doc }];
  });
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
