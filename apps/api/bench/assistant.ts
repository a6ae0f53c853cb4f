// pnpm bench:assistant — quality of POST /assistant on the labelled set (bench/assistant/*.json): top-1 and top-3
// accuracy, precision and recall of "no guide" on no-match queries, and latency, next to a naive baseline measured
// in the same run on the same database (ILIKE substring match of each query word, ranked by words found).
// Database: a fresh in-memory PGlite (the default installation's engine), or, with BENCH_DATABASE_URL, a scratch
// database created on that PostgreSQL server and dropped afterwards. The guides go in through the real API.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { queryWords } from '../src/assistant/fulltext.ts';
import type { Db } from '../src/db/index.ts';
import { buildServer } from '../src/server.ts';
import {
  type Call,
  type LabelledQuery,
  labelledQueries,
  loadLabelledSet,
  type Scores,
  score,
} from './assistant/labelled.ts';
import { benchAccount, benchDatabase } from './support.ts';

/** Synthetic published guides added afterwards to measure how query-time vectors scale (0: skip). */
const scale = Number(process.env.BENCH_ASSISTANT_SCALE ?? 1000);
const dataDir = mkdtempSync(join(tmpdir(), 'mulot-bench-assistant-'));
const { database, drop } = await benchDatabase('mulot_bench_assistant', { kind: 'pglite-memory' });
// The model is left out on purpose: this measures the offline ranking every installation gets.
const app = await buildServer({ database, dataDir, logLevel: 'warn', backofficeDir: null, llm: null });

/** The naive way: a guide answers when one of the query's words is a substring of its texts. */
async function baseline(db: Db, organizationId: string, query: string): Promise<string[]> {
  const words = queryWords(query).filter((w) => w.length >= 3);
  if (words.length === 0) return [];
  const rows = await sql<{ id: string; found: number }>`
    SELECT s.id, (
      SELECT count(*)::int FROM unnest(${sql.val(words)}::text[]) AS w(word)
      WHERE s.title || ' ' || s.summary || ' ' || s.description || ' ' || coalesce(st.body, '')
        ILIKE '%' || w.word || '%'
    ) AS found
    FROM scenarios s
    LEFT JOIN LATERAL (SELECT string_agg(x.name || ' ' || x.text, ' ') AS body FROM steps x
      WHERE x.scenario_id = s.id) st ON true
    WHERE s.organization_id = ${organizationId} AND s.status = 'published'
    ORDER BY found DESC, s.title`.execute(db);
  return rows.rows.filter((r) => r.found > 0).map((r) => r.id);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function row(title: string, s: Scores, latencies: number[]) {
  const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}% (${n}/${of})`;
  return {
    ranking: title,
    'top-1': pct(s.top1, s.answerable),
    'top-3': pct(s.top3, s.answerable),
    'no-match precision': `${(100 * s.noMatchPrecision).toFixed(1)}%`,
    'no-match recall': pct(s.noMatchEmpty, s.noMatch),
    'p50 (ms)': percentile(latencies, 50).toFixed(1),
    'p95 (ms)': percentile(latencies, 95).toFixed(1),
  };
}

try {
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const { token, organizationId } = await benchAccount(app, base);
  const json = { 'content-type': 'application/json' };
  const headers = { ...json, authorization: `Bearer ${token}`, 'x-organization-id': organizationId };
  const call: Call = async (method, path, body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => undefined) };
  };
  const ids = await loadLabelledSet(call);
  const keyOf = new Map([...ids].map(([key, id]) => [id, key]));
  const keys = (list: string[]) => list.map((id) => keyOf.get(id) ?? id);

  const assistant: Array<{ query: LabelledQuery; ranked: string[] }> = [];
  const naive: Array<{ query: LabelledQuery; ranked: string[] }> = [];
  const assistantMs: number[] = [];
  const naiveMs: number[] = [];
  for (const query of labelledQueries) {
    let t = performance.now();
    const answer = await call('POST', '/api/assistant', { query: query.query });
    assistantMs.push(performance.now() - t);
    if (answer.status !== 200) throw new Error(`POST /assistant "${query.query}": ${answer.status}`);
    const guides = (answer.body as { guides: Array<{ scenarioId: string }> }).guides;
    assistant.push({ query, ranked: keys(guides.map((g) => g.scenarioId)) });
    t = performance.now();
    naive.push({ query, ranked: keys(await baseline(app.mulot.db, organizationId, query.query)) });
    naiveMs.push(performance.now() - t);
  }
  const ours = score(assistant);
  const theirs = score(naive);
  const engine = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\nAssistant on ${engine}: ${ids.size} published guides, ${labelledQueries.length} labelled queries ` +
      `(${ours.answerable} with an expected guide, ${ours.noMatch} no-match)\n`,
  );
  console.table([
    row('POST /assistant (full-text)', ours, assistantMs),
    row('baseline: ILIKE substring', theirs, naiveMs),
  ]);
  console.log('\nLatency: POST /assistant is measured over HTTP, the baseline as one SQL query.');
  if (scale > 0) {
    // Latency only: the documents are computed per query, so the cost grows with the guides in scope. The filler
    // guides are made of words from the labelled set's texts, so they match queries as real guides would.
    const words = [
      ...new Set(
        labelledQueries
          .flatMap((q) => queryWords(q.query))
          .concat('parametres', 'compte', 'commande', 'facture', 'client', 'export', 'ticket', 'profil'),
      ),
    ];
    const pick = (n: number, seed: number) =>
      Array.from({ length: n }, (_, i) => words[(seed * 7 + i * 13) % words.length]).join(' ');
    const category = await app.mulot.db
      .selectFrom('scenarios')
      .select('category_id')
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    for (let batch = 0; batch < scale; batch += 250) {
      const scenarios = Array.from({ length: Math.min(250, scale - batch) }, (_, i) => ({
        id: randomUUID(),
        organization_id: organizationId,
        category_id: category.category_id,
        title: `Guide ${batch + i} ${pick(3, batch + i)}`,
        description: pick(12, batch + i + 1),
        summary: pick(20, batch + i + 2),
        status: 'published' as const,
        min_duration: 1,
        max_duration: 3,
      }));
      await app.mulot.db.insertInto('scenarios').values(scenarios).execute();
      await app.mulot.db
        .insertInto('steps')
        .values(
          scenarios.flatMap((sc, n) =>
            [0, 1, 2, 3].map((position) => ({
              id: randomUUID(),
              organization_id: organizationId,
              scenario_id: sc.id,
              position,
              name: pick(3, n + position),
              text: pick(10, n + position + 5),
              url: 'https://example.com/',
              extra: null,
              target: null,
              auto_click: false,
              missing_wait_seconds: 6,
              missing_then: 'unanchored' as const,
            })),
          ),
        )
        .execute();
    }
    const scaled: number[] = [];
    for (const query of labelledQueries) {
      const t = performance.now();
      const answer = await call('POST', '/api/assistant', { query: query.query });
      scaled.push(performance.now() - t);
      if (answer.status !== 200) throw new Error(`POST /assistant "${query.query}": ${answer.status}`);
    }
    console.log(
      `\nWith ${scale} more published guides (${ids.size + scale} in all, 4 steps each): POST /assistant p50 ` +
        `${percentile(scaled, 50).toFixed(1)} ms, p95 ${percentile(scaled, 95).toFixed(1)} ms ` +
        `(BENCH_ASSISTANT_SCALE=0 skips this).`,
    );
  }
  if (ours.misses.length > 0) {
    console.log('\nQueries the assistant got wrong (expected → top 3):');
    for (const m of ours.misses)
      console.log(`  "${m.query}": ${m.expected ?? 'no guide'} → ${m.got.join(', ') || 'no guide'}`);
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  await drop();
}
