// node bench/assistant-tuning.ts — the tuning half only, by kind of query, with each miss's scores: what to look at
// while tuning the ranking (ADR 0005). It never prints a held-out query.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { confidentScore, searchGuides } from '../src/assistant/fulltext.ts';
import { buildServer } from '../src/server.ts';
import { type Call, loadLabelledSet, tuningQueries } from './assistant/labelled.ts';
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
  const bests: Array<{ answerable: boolean; best: number; right: boolean }> = [];
  const lines: string[] = [];
  for (const q of tuningQueries) {
    const ranked = await searchGuides(app.mulot.db, { organizationId }, q.query);
    const top = ranked.slice(0, 3).map((c) => `${keyOf.get(c.scenarioId)} ${c.score}`);
    const best = ranked[0]?.score ?? 0;
    const answer = best >= confidentScore ? keyOf.get(ranked[0]?.scenarioId ?? '') : null;
    const right = answer === (q.expected ?? null) || (q.expected === null && answer === undefined);
    bests.push({
      answerable: q.expected !== null,
      best,
      right: q.expected !== null && keyOf.get(ranked[0]?.scenarioId ?? '') === q.expected,
    });
    const k = byKind.get(q.kind) ?? { n: 0, right: 0 };
    k.n++;
    if (right) k.right++;
    byKind.set(q.kind, k);
    const line = `${right ? ' ' : 'X'} [${q.kind}] "${q.query}" → ${q.expected ?? 'none'} | ${top.join(' | ')}`;
    if (!right || process.env.ALL) lines.push(line);
  }
  // What the rule of ADR 0005 would pick: the highest confident score keeping top-1 at its best.
  const at = (t: number) => ({
    t,
    top1: bests.filter((b) => b.answerable && b.right && b.best >= t).length,
    noGuide: bests.filter((b) => !b.answerable && b.best < t).length,
  });
  const sweep = Array.from({ length: 21 }, (_, i) => at(Math.round((8 + i) * 25) / 1000));
  const top = Math.max(...sweep.map((s) => s.top1));
  const pick = sweep.filter((s) => s.top1 === top).at(-1);
  console.log(`rule picks ${pick?.t}: top-1 ${pick?.top1}, no guide right ${pick?.noGuide}`);
  console.log([...byKind].map(([kind, k]) => `${kind}: ${k.right}/${k.n}`).join(', '));
  console.log(lines.join('\n'));
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
