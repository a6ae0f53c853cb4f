// The assistant's labelled set (guides.json, queries.json) and how an answer is scored against it. Shared by
// `pnpm bench:assistant` and test/assistant.test.ts, which load the guides through the real API.
// The queries were written as users write them before any tuning; a seeded hash of each query's text puts it in
// the tuning half (where the ranking's constants may be chosen) or the held-out half (which only measures). A
// query is never moved or edited to fit: new queries go in with the hash deciding their half.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LabelledGuide {
  key: string;
  project: string;
  category: string;
  title: string;
  description: string;
  summary: string;
  steps: Array<[name: string, text: string]>;
}

export interface LabelledProject {
  key: string;
  name: string;
  sites: string[];
  categories: string[];
}

export interface LabelledQuery {
  query: string;
  /** Key of the guide that answers it; null: no guide does, the assistant must answer none. */
  expected: string | null;
  kind: string;
}

const dir = import.meta.dirname;
export const labelled = JSON.parse(readFileSync(join(dir, 'guides.json'), 'utf8')) as {
  projects: LabelledProject[];
  guides: LabelledGuide[];
};
export const labelledQueries = (
  JSON.parse(readFileSync(join(dir, 'queries.json'), 'utf8')) as { queries: LabelledQuery[] }
).queries;

/**
 * A second set (fresh.json), written on 2026-11-27 by a writer who saw only guides.json: not the queries above, not
 * the vocabulary, not the ranking. No vocabulary entry or rule is ever chosen reading it. A seeded hash splits it: the
 * calibration half is where the two "no guide" scores may be placed, in aggregate (the tuning half places them badly:
 * its queries were read while the vocabulary was written, so its right answers score higher than a new user's; ADR
 * 0005, sixth pass), and the fresh held-out half only measures.
 */
const freshQueries = (
  JSON.parse(readFileSync(join(dir, 'fresh.json'), 'utf8')) as { queries: LabelledQuery[] }
).queries;
const freshHeldOut = (query: LabelledQuery) =>
  (createHash('sha256').update(`mulot-assistant-fresh-split-1\n${query.query}`).digest()[0] as number) % 2 ===
  1;
export const calibrationQueries = freshQueries.filter((q) => !freshHeldOut(q));
export const freshHeldOutQueries = freshQueries.filter(freshHeldOut);

export type Half = 'tuning' | 'held-out';

const splitSeed = 'mulot-assistant-split-1';

/** The half a query belongs to, from a seeded hash of its text (stable, independent of the file's order). */
export function halfOf(query: LabelledQuery): Half {
  const digest = createHash('sha256').update(`${splitSeed}\n${query.query}`).digest();
  return (digest[0] as number) % 2 === 0 ? 'tuning' : 'held-out';
}

export const tuningQueries = labelledQueries.filter((q) => halfOf(q) === 'tuning');
export const heldOutQueries = labelledQueries.filter((q) => halfOf(q) === 'held-out');

/** One HTTP call as the loader needs it (the test harness's or a bare fetch). */
export type Call = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown }>;

async function created(call: Call, path: string, body: unknown): Promise<string> {
  const answer = await call('POST', path, body);
  if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { id: string }).id;
}

/** Creates every project, category, guide and step through the API and publishes the guides; key → scenario id. */
export async function loadLabelledSet(call: Call): Promise<Map<string, string>> {
  const categories = new Map<string, string>();
  for (const project of labelled.projects) {
    const projectId = await created(call, '/api/projects', {
      name: project.name,
      description: '',
      sites: project.sites,
    });
    for (const name of project.categories) {
      const id = await created(call, `/api/projects/${projectId}/categories`, { name });
      categories.set(`${project.key}/${name}`, `/api/projects/${projectId}/categories/${id}/scenarios`);
    }
  }
  const ids = new Map<string, string>();
  for (const guide of labelled.guides) {
    const path = categories.get(`${guide.project}/${guide.category}`);
    if (!path) throw new Error(`guide ${guide.key}: unknown category ${guide.project}/${guide.category}`);
    const id = await created(call, path, {
      title: guide.title,
      description: guide.description,
      summary: guide.summary,
      minDuration: 1,
      maxDuration: 3,
    });
    const site = labelled.projects.find((p) => p.key === guide.project)?.sites[0] ?? 'https://example.com';
    // A guide is published only when every step has a target to highlight.
    for (const [name, text] of guide.steps)
      await created(call, `/api/scenarios/${id}/steps`, {
        name,
        text,
        url: `${site}/`,
        target: { text: name },
      });
    const published = await call('PATCH', `/api/scenarios/${id}/status`, { status: 'published' });
    if (published.status !== 200) throw new Error(`publish ${guide.key}: ${published.status}`);
    ids.set(guide.key, id);
  }
  return ids;
}

export interface Scores {
  /** Queries with an expected guide. */
  answerable: number;
  top1: number;
  top3: number;
  /** No-match queries. */
  noMatch: number;
  /** No-match queries answered with no guide. */
  noMatchEmpty: number;
  /** Of the queries answered with no guide, the share that were no-match queries (precision of "no guide"). */
  noMatchPrecision: number;
  /** Of the no-match queries, the share answered with no guide (recall of "no guide"). */
  noMatchRecall: number;
  /** Answerable queries whose guide is among the confident answers or the "peut-être" ones (first 3 of each). */
  found: number;
  misses: Array<{ query: string; expected: string | null; got: string[] }>;
}

export interface Ranked {
  query: LabelledQuery;
  /** Confident answers, best first (guide keys). */
  ranked: string[];
  /** Weak "peut-être" answers when there is no confident one. */
  weak?: string[];
}

/** Scores ranked answers (guide keys, best first) against the labelled queries. */
export function score(answers: Ranked[]): Scores {
  const answerable = answers.filter((a) => a.query.expected !== null);
  const noMatch = answers.filter((a) => a.query.expected === null);
  const empty = answers.filter((a) => a.ranked.length === 0);
  const top1 = answerable.filter((a) => a.ranked[0] === a.query.expected).length;
  const top3 = answerable.filter((a) => a.ranked.slice(0, 3).includes(a.query.expected as string)).length;
  const noMatchEmpty = noMatch.filter((a) => a.ranked.length === 0).length;
  return {
    answerable: answerable.length,
    top1,
    top3,
    noMatch: noMatch.length,
    noMatchEmpty,
    noMatchPrecision: empty.length === 0 ? 1 : noMatchEmpty / empty.length,
    noMatchRecall: noMatch.length === 0 ? 1 : noMatchEmpty / noMatch.length,
    found: answerable.filter((a) =>
      [...a.ranked.slice(0, 3), ...(a.weak ?? []).slice(0, 3)].includes(a.query.expected as string),
    ).length,
    misses: answers
      .filter((a) => (a.query.expected === null ? a.ranked.length > 0 : a.ranked[0] !== a.query.expected))
      .map((a) => ({ query: a.query.query, expected: a.query.expected, got: a.ranked.slice(0, 3) })),
  };
}
