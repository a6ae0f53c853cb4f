// node bench/assistant-tuning.ts — the tuning half only, by kind of query, with each miss's scores: what to look at
// while tuning the ranking (ADR 0005). It never prints a held-out query.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  confidentFrom,
  noGuideFloor,
  relativeThreshold,
  relevant,
  searchGuides,
} from '../src/assistant/fulltext.ts';
import { buildServer } from '../src/server.ts';
import {
  type BestOf,
  type Call,
  loadLabelledSet,
  type Ranked,
  score,
  tradeOff,
  tuningQueries,
} from './assistant/labelled.ts';
import { benchAccount } from './support.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'mulot-bench-assistant-tuning-'));
const app = await buildServer({
  database: { kind: 'pglite-memory' },
  dataDir,
  logLevel: 'warn',
  backofficeDir: null,
  llm: undefined,
});
try {
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const { token, organizationId } = await benchAccount(app, base);
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
    'x-organization-id': organizationId,
  };
  const call: Call = async (method, path, body) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, body: await r.json().catch(() => undefined) };
  };
  const ids = await loadLabelledSet(call);
  const keyOf = new Map([...ids].map(([k, id]) => [id, k]));
  const byKind = new Map<string, { n: number; right: number }>();
  const lines: string[] = [];
  const answers: Ranked[] = [];
  const bests: BestOf[] = [];
  const rankings: Array<Awaited<ReturnType<typeof searchGuides>>> = [];
  for (const q of tuningQueries) {
    const ranked = await searchGuides(app.mulot.db, { organizationId }, q.query);
    rankings.push(ranked);
    bests.push({ expected: q.expected, best: ranked[0] });
    answers.push({
      query: q,
      ranked: relevant(ranked).map((c) => keyOf.get(c.scenarioId) ?? c.scenarioId),
    });
    // Each guide's score and how many of the query's words it holds (what the "no guide" decision reads).
    const top = ranked.slice(0, 3).map((c) => `${keyOf.get(c.scenarioId)} ${c.score} (${c.held}w)`);
    const confident = relevant(ranked)[0];
    const answer = confident ? keyOf.get(confident.scenarioId) : null;
    const right = answer === (q.expected ?? null);
    const k = byKind.get(q.kind) ?? { n: 0, right: 0 };
    k.n++;
    if (right) k.right++;
    byKind.set(q.kind, k);
    const line = `${right ? ' ' : 'X'} [${q.kind}] "${q.query}" → ${q.expected ?? 'none'} | ${top.join(' | ')}`;
    if (!right || process.env.ALL) lines.push(line);
  }
  // The full sweep is printed by `pnpm bench:assistant`; the rule's pair is printed here too, to tune with.
  const s = score(answers);
  const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}% (${n}/${of})`;
  const figures = (f: typeof s) =>
    `top-1 ${pct(f.top1, f.answerable)}, top-3 ${pct(f.top3, f.answerable)}, "no guide" precision ` +
    `${(100 * f.noMatchPrecision).toFixed(1)}%, recall ${pct(f.noMatchEmpty, f.noMatch)}`;
  console.log(`Tuning half: ${figures(s)}`);
  const rule = tradeOff(bests, noGuideFloor);
  const followed = rule !== undefined && rule.one === confidentFrom(1) && rule.several === confidentFrom(2);
  console.log(
    `The rule (floor ${100 * noGuideFloor}%) picks one word ${rule?.one}, two or more ${rule?.several}; in use ` +
      `${confidentFrom(1)}, ${confidentFrom(2)}${followed ? '' : " — NOT the rule's pair"}`,
  );
  if (rule && !followed) {
    // What the tuning half would measure with the rule's pair, to see a change's effect before setting it.
    const at = rankings.map((ranked, i) => {
      const best = ranked[0];
      const ok = best !== undefined && best.score >= (best.held >= 2 ? rule.several : rule.one);
      const kept = ok && best ? ranked.filter((g) => g.score >= best.score * relativeThreshold) : [];
      return {
        query: tuningQueries[i] as (typeof tuningQueries)[number],
        ranked: kept.map((c) => keyOf.get(c.scenarioId) ?? c.scenarioId),
      };
    });
    console.log(`With the rule's pair: ${figures(score(at))}`);
  }
  console.log([...byKind].map(([kind, k]) => `${kind}: ${k.right}/${k.n}`).join(', '));
  console.log(lines.join('\n'));
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
