// pnpm bench:api — throughput and p99 latency of an authenticated GET /api/projects over 100 projects, next to a
// bare Fastify route measured in the same run as the ceiling. Loopback only; a few seconds per measurement.
// Database: a fresh PGlite directory (the default installation), or, with BENCH_DATABASE_URL, a scratch database
// created on that PostgreSQL server and dropped afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildServer } from '../src/server.ts';
import { benchAccount, benchDatabase } from './support.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function measure(title: string, url: string, headers: Record<string, string> = {}) {
  // A short warm-up so JIT and caches do not count against the first measurement.
  await autocannon({ url, headers, connections, duration: 1 });
  const result = await autocannon({ url, headers, connections, duration });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    title,
    'req/s (mean)': Math.round(result.requests.average),
    'latency p50 (ms)': result.latency.p50,
    'latency p99 (ms)': result.latency.p99,
    requests: result.requests.total,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'mulot-bench-'));
const { database, drop } = await benchDatabase('mulot_bench', {
  kind: 'pglite',
  dataDir: join(dataDir, 'pglite'),
});
const app = await buildServer({ database, dataDir, logLevel: 'warn', backofficeDir: null });
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));

try {
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
  const { token, organizationId } = await benchAccount(app, base);
  const json = { 'content-type': 'application/json' };
  const headers = { authorization: `Bearer ${token}`, 'x-organization-id': organizationId };
  for (let i = 0; i < 100; i++) {
    const project = await fetch(`${base}/api/projects`, {
      method: 'POST',
      headers: { ...headers, ...json },
      body: JSON.stringify({
        name: `Project ${i}`,
        description: `Bench project ${i}`,
        sites: [`site${i}.example.com`],
      }),
    });
    const { id } = (await project.json()) as { id: string };
    // Two categories each, so the answer carries what the projects page shows.
    for (const name of ['Onboarding', 'Billing']) {
      await fetch(`${base}/api/projects/${id}/categories`, {
        method: 'POST',
        headers: { ...headers, ...json },
        body: JSON.stringify({ name }),
      });
    }
  }
  const check = (await (await fetch(`${base}/api/projects`, { headers })).json()) as unknown[];
  if (check.length !== 100) throw new Error(`expected 100 projects, got ${check.length}`);

  const rows = [
    await measure('bare Fastify route (ceiling)', `${bareBase}/bare`),
    await measure('GET /api/projects (100 projects, authenticated)', `${base}/api/projects`, headers),
  ];
  console.log(
    `\n${connections} connections, ${duration} s each, loopback, database: ${database.kind}, node ${process.version}`,
  );
  console.table(rows);
} finally {
  // autocannon may leave a few requests in flight when a measurement ends.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await app.close();
  await bare.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
}
