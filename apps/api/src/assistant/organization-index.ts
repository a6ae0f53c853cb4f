// One organization's published guides, indexed in memory by this process and brought up to date in place as its
// content changes (an edit reads that guide only, a question while nothing changed reads nothing).
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { Doc, type Scope, type ScopeIndex } from './guides.ts';

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
  /** How many guides have each word; counted on the first question that needs the words (a typo), then kept. */
  #wordCounts: Map<string, number> | undefined;
  #words: string[] | undefined;
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
    const counts = this.#wordCounts;
    const drop = (id: string) => {
      const entry = this.entries.get(id);
      if (!entry) return;
      this.entries.delete(id);
      this.docs[entry.slot] = undefined;
      this.#free.push(entry.slot);
      for (const field of entry.doc.indexed)
        for (const lexeme of field) {
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
      if (counts)
        for (const word of entry.doc.words) {
          const n = (counts.get(word) ?? 0) - 1;
          if (n > 0) counts.set(word, n);
          else {
            counts.delete(word);
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
      for (const field of doc.indexed)
        for (const lexeme of field) {
          const list = this.postings.get(lexeme);
          // A lexeme in several fields: the guide's slot, pushed last, is there already.
          if (list) {
            if (list[list.length - 1] !== slot) list.push(slot);
          } else {
            this.postings.set(lexeme, [slot]);
            if (gone.has(lexeme)) gone.delete(lexeme);
            else fresh.add(lexeme);
          }
        }
      if (counts)
        for (const word of doc.words) {
          const n = counts.get(word) ?? 0;
          counts.set(word, n + 1);
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
    if (wordsChanged) this.#words = undefined;
  }

  /** The distinct words of the guides held: what a typo is read as. */
  get words(): readonly string[] {
    if (!this.#wordCounts) {
      const counts = new Map<string, number>();
      for (const { doc } of this.entries.values())
        for (const word of doc.words) counts.set(word, (counts.get(word) ?? 0) + 1);
      this.#wordCounts = counts;
    }
    this.#words ??= [...this.#wordCounts.keys()];
    return this.#words;
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
    for (const field of doc.indexed)
      for (const lexeme of field) {
        const list = postings.get(lexeme);
        if (!list) postings.set(lexeme, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
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
const maxHeldGuides = 100_000;

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
    // Another version, even an older one (a restore takes it back), is checked against the database.
    if (wanted !== null && index.contentVersion === wanted) break;
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
  if (index.entries.size === 0) {
    // Nothing held (a start, or an organization let go): every guide is read, with no list to compare first.
    index.change([], await readDocs(db, organizationId, null), []);
  } else {
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
    // A guide changed again between the two reads is indexed as read (the newer content); its write moved the
    // organization's version, so the next question compares again. One unpublished or deleted meanwhile is not read.
    const added = stale.length > 0 ? await readDocs(db, organizationId, stale) : [];
    const readIds = new Set(added.map((a) => a.id));
    index.change([...removed, ...stale.filter((id) => !readIds.has(id))], added, moved);
  }
  index.contentVersion = contentVersion;
}

type DocRow = [
  id: string,
  version: string,
  projectId: string,
  title: string,
  a: string,
  n: string,
  b: string,
  c: string,
  words: string,
];

/**
 * The organization's published guides (all, or those of `ids`) with their search rows, as one JSON text whose
 * lexemes and words are joined with spaces: on PGlite, decoding one value and one JSON.parse cost a fraction of a row
 * per guide and of a tsvector's text form parsed in JavaScript (bench/assistant-index.ts, 20,000 guides).
 */
async function readDocs(
  db: Db,
  organizationId: string,
  ids: string[] | null,
): Promise<Array<{ id: string; projectId: string; doc: Doc }>> {
  const only = ids === null ? sql`` : sql`AND s.id = ANY(${sql.val(ids)}::uuid[])`;
  const result = await sql<{ docs: string | null }>`
    SELECT json_agg(json_build_array(s.id, x.xmin::text, c.project_id, s.title,
      array_to_string(tsvector_to_array(x.a), ' '), array_to_string(tsvector_to_array(x.n), ' '),
      array_to_string(tsvector_to_array(x.b), ' '), array_to_string(tsvector_to_array(x.c), ' '),
      array_to_string(x.words, ' ')))::text AS docs
    FROM scenarios s
    JOIN categories c ON c.id = s.category_id
    JOIN mulot_search.scenario_search x ON x.scenario_id = s.id
    WHERE s.organization_id = ${organizationId} AND s.status = 'published' ${only}`.execute(db);
  const rows = JSON.parse(result.rows[0]?.docs ?? '[]') as DocRow[];
  return rows.map(([id, version, projectId, title, a, n, b, c, words]) => ({
    id,
    projectId,
    doc: new Doc({ version, title, a, n, b, c, words }),
  }));
}
