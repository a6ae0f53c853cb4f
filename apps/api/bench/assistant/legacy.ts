// The ranking of main before the assistant-recall work (ADR 0005 first version), kept verbatim so that
// `pnpm bench:assistant` measures the new ranking against it in the same run, on the same stored vectors.
import { sql } from 'kysely';
import type { Db } from '../../src/db/index.ts';

/** Where a query word was found in a guide, best field first. */
export type Field = 'title' | 'summary' | 'steps';

export interface TermMatch {
  /** The word as the user typed it (accents folded, lower case). */
  word: string;
  /** The guide's word it was read as when the typed word is not in any guide (a typo). */
  correctedTo?: string;
  field: Field;
}

export interface Candidate {
  scenarioId: string;
  title: string;
  summary: string;
  description: string;
  /** 0..1: the share of the query's meaningful words found, each counted by the best field it was found in. */
  score: number;
  matches: TermMatch[];
}

/**
 * Field weights (A: title, B: LLM summary and description, C: step names and texts). A word found in the title
 * says much more about what a guide does than one found in a step's text.
 */
const fieldWeight: Record<Field, number> = { title: 1, summary: 0.6, steps: 0.35 };
/** A word read as another guide word (typo) counts a little less than the word itself. */
const correctedWeight = 0.8;
/** Below this share of the query's words, a guide does not answer it: a no-match query gets no guide. */
export const relevanceThreshold = 0.3;
/** Guides far behind the best one are noise, not alternatives. */
const relativeThreshold = 0.4;
/** Trigram similarity (pg_trgm) from which an unknown query word is read as a guide word. */
const typoSimilarity = 0.45;
const maxTerms = 16;

/**
 * Words that say the user is asking, not what about; they are in no guide, so they would only dilute the score.
 * Grammatical words (le, de, the, to…) are dropped by the French and English stop lists of PostgreSQL instead;
 * the few that PostgreSQL's French list lacks ("les", "cette"…) are here too.
 */
const requestWords = new Set(
  `comment faire veux voudrais voudrai souhaite souhaiterais aimerais besoin dois doit peux peut puis pourrais
  savoir aide aidez aider svp merci bonjour salut quoi quel quelle quels quelles ou faut il est possible
  how want would like need help please can could where what which thanks hello hi way should
  les cette cet ca ici tout tous toute toutes plus tres aussi dont alors donc chez`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lower-cased, accent-free words of the query, without request words and duplicates. */
export function queryWords(query: string): string[] {
  const words = query
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && !requestWords.has(w));
  return [...new Set(words)].slice(0, maxTerms);
}

interface Scope {
  organizationId: string;
  /** Only guides of these projects (the URL's site); undefined: every project. */
  projectIds?: string[];
}

/**
 * The published guides in scope with their search vectors, kept current by the triggers of migration 0002 (computing
 * them per query cost seconds at a thousand guides: see `pnpm bench:assistant`).
 */
function documents(scope: Scope) {
  const projectFilter =
    scope.projectIds === undefined
      ? sql``
      : sql`AND c.project_id = ANY(${sql.val(scope.projectIds)}::uuid[])`;
  return sql`
    SELECT s.id, s.title, s.summary, s.description, x.a, x.b, x.c, x.words
    FROM scenarios s
    JOIN categories c ON c.id = s.category_id
    JOIN mulot_search.scenario_search x ON x.scenario_id = s.id
    WHERE s.organization_id = ${scope.organizationId} AND s.status = 'published' ${projectFilter}`;
}

/** A word as a prefix query in both languages ("factur" finds "factures", "facturation"). */
const termQuery = sql`(to_tsquery('mulot_fr', t.word || ':*') || to_tsquery('mulot_en', t.word || ':*'))`;

interface MatchRow {
  id: string;
  title: string;
  summary: string;
  description: string;
  i: number;
  in_a: boolean;
  in_b: boolean;
  in_c: boolean;
}

async function matchWords(db: Db, scope: Scope, words: string[]): Promise<MatchRow[]> {
  if (words.length === 0) return [];
  const result = await sql<MatchRow>`
    WITH d AS (${documents(scope)}),
    t AS (SELECT word, i::int AS i FROM unnest(${sql.val(words)}::text[]) WITH ORDINALITY AS u(word, i))
    SELECT d.id, d.title, d.summary, d.description, t.i,
      d.a @@ ${termQuery} AS in_a, d.b @@ ${termQuery} AS in_b, d.c @@ ${termQuery} AS in_c
    FROM d CROSS JOIN t
    WHERE d.a @@ ${termQuery} OR d.b @@ ${termQuery} OR d.c @@ ${termQuery}`.execute(db);
  return result.rows;
}

/** Words that carry meaning in neither stop list (a word common in one language is noise in a mixed query). */
async function meaningfulWords(db: Db, words: string[]): Promise<string[]> {
  if (words.length === 0) return [];
  const result = await sql<{ word: string }>`
    SELECT word FROM unnest(${sql.val(words)}::text[]) WITH ORDINALITY AS u(word, i)
    WHERE numnode(to_tsquery('mulot_fr', word)) > 0 AND numnode(to_tsquery('mulot_en', word)) > 0
    ORDER BY i`.execute(db);
  return result.rows.map((r) => r.word);
}

/** For each word found in no guide, the closest word of the guides in scope (pg_trgm similarity), if close enough. */
async function corrections(db: Db, scope: Scope, words: string[]): Promise<Map<string, string>> {
  const candidates = words.filter((w) => w.length >= 4 && !/^\d+$/.test(w));
  if (candidates.length === 0) return new Map();
  const result = await sql<{ word: string; best: string }>`
    WITH d AS (${documents(scope)}),
    vocabulary AS (SELECT DISTINCT unnest(d.words) AS vword FROM d),
    t AS (SELECT word FROM unnest(${sql.val(candidates)}::text[]) AS u(word))
    SELECT DISTINCT ON (t.word) t.word, vocabulary.vword AS best
    FROM t JOIN vocabulary ON similarity(t.word, vocabulary.vword) >= ${typoSimilarity}
    ORDER BY t.word, similarity(t.word, vocabulary.vword) DESC, vocabulary.vword`.execute(db);
  return new Map(result.rows.map((r) => [r.word, r.best]));
}

/**
 * Every published guide in scope that shares at least one meaningful word with the query, with its score, best
 * first. `threshold: false` keeps guides below the relevance threshold (candidates for a model to rerank).
 */
export async function searchGuides(
  db: Db,
  scope: Scope,
  query: string,
  options: { threshold: boolean } = { threshold: true },
): Promise<Candidate[]> {
  const words = await meaningfulWords(db, queryWords(query));
  if (words.length === 0) return [];
  const rows = await matchWords(db, scope, words);
  const found = new Set(rows.map((r) => words[r.i - 1]));
  const unknown = words.filter((w) => !found.has(w));
  const fixes = await corrections(db, scope, unknown);
  const fixedWords = unknown.filter((w) => fixes.has(w));
  const fixedRows = await matchWords(
    db,
    scope,
    fixedWords.map((w) => fixes.get(w) as string),
  );

  const byGuide = new Map<string, Candidate & { weighted: number }>();
  const add = (row: MatchRow, match: TermMatch, factor: number) => {
    let guide = byGuide.get(row.id);
    if (!guide) {
      guide = {
        scenarioId: row.id,
        title: row.title,
        summary: row.summary,
        description: row.description,
        score: 0,
        weighted: 0,
        matches: [],
      };
      byGuide.set(row.id, guide);
    }
    guide.weighted += fieldWeight[match.field] * factor;
    guide.matches.push(match);
  };
  const fieldOf = (row: MatchRow): Field => (row.in_a ? 'title' : row.in_b ? 'summary' : 'steps');
  for (const row of rows) add(row, { word: words[row.i - 1] as string, field: fieldOf(row) }, 1);
  for (const row of fixedRows) {
    const word = fixedWords[row.i - 1] as string;
    add(row, { word, correctedTo: fixes.get(word), field: fieldOf(row) }, correctedWeight);
  }
  const guides = [...byGuide.values()].map(({ weighted, ...guide }) => ({
    ...guide,
    score: Math.min(1, Math.round((weighted / words.length) * 1000) / 1000),
    // More words in the title break ties between equal scores.
    titleWords: guide.matches.filter((m) => m.field === 'title').length,
  }));
  guides.sort(
    (a, b) =>
      b.score - a.score ||
      b.titleWords - a.titleWords ||
      a.title.localeCompare(b.title) ||
      a.scenarioId.localeCompare(b.scenarioId),
  );
  const ranked = guides.map(({ titleWords: _, ...guide }) => guide);
  return options.threshold ? relevant(ranked) : ranked;
}

/** The ranked guides that answer the query: a no-match query keeps none. */
function relevant(ranked: Candidate[]): Candidate[] {
  const best = ranked[0]?.score ?? 0;
  return ranked.filter((g) => g.score >= relevanceThreshold && g.score >= best * relativeThreshold);
}
