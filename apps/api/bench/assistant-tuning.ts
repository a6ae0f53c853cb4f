// node bench/assistant-tuning.ts — the tuning half only, by kind of query, with each miss's scores: what to look at
// while tuning the ranking (ADR 0005). It never prints a held-out query.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../src/app.ts';
import { relevant, searchGuides } from '../src/assistant/fulltext.ts';
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
  const lines: string[] = [];
  for (const q of tuningQueries) {
    const ranked = await searchGuides(app.mulot.db, { organizationId }, q.query);
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
  // The sweep and the rule's picks are printed by `pnpm bench:assistant`.
  console.log([...byKind].map(([kind, k]) => `${kind}: ${k.right}/${k.n}`).join(', '));
  console.log(lines.join('\n'));
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
