// pnpm bench:api — authenticated reads (GET /api/projects over 100 projects, two categories each; the same with a
// current If-None-Match), writes (PUT /api/projects/:id) and an end user's site reading its catalogue by site key
// (GET /api/public/catalogue, issue 39) per second with p50/p99, next to a bare Fastify route
// answering the same bytes, measured in the same run as the ceiling. Loopback only; a few seconds per measurement.
// Each row is measured in rounds (BENCH_ROUNDS, 3) with the bare route measured between every two, each round is
// compared with the mean of the two bare measurements around it, and the median round is reported: on a shared
// machine the load moves within a run, and one ceiling taken at the start made the ratios swing by a factor of two.
// Database: a fresh PGlite directory (the default installation, one replica), or, with BENCH_DATABASE_URL, a
// scratch database created on that PostgreSQL server and dropped afterwards; then also three replicas of the real
// command behind nginx (deploy/nginx.conf) when nginx is installed.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildServer } from '../src/app.ts';
import { defaultConfig } from '../src/config.ts';
import { Cluster, nginxPath } from '../test/support/replicas.ts';
import { benchAccount, benchDatabase } from './support.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 5);
// BENCH_ROWS=public measures the end users' rows only (pnpm bench:embed's throughput part).
const membersRows = process.env.BENCH_ROWS !== 'public';
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

async function measure(
  title: string,
  url: string,
  headers: Record<string, string> = {},
  write?: { method: 'PUT'; body: string },
  expected = 200,
) {
  const options = { url, headers, connections, ...(write ?? {}) };
  // A short warm-up so JIT and caches do not count against the first measurement.
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration });
  const wrong = result.statusCodeStats
    ? Object.keys(result.statusCodeStats).filter((c) => Number(c) !== expected)
    : [];
  if (wrong.length > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${title}: answers ${JSON.stringify(result.statusCodeStats)}, ${result.errors} errors`);
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
const app = await buildServer({
  database,
  dataDir,
  logLevel: 'warn',
  backofficeDir: null,
  // One loopback client stands for a site's many visitors: the public limits would stop it within the warm-up.
  rateLimit: { ...defaultConfig().rateLimit, publicPerClient: 1e9, publicPerKey: 1e9 },
});
const bare = Fastify({ logger: false });
let listBody = '[]';
bare.get('/bare', (_request, reply) => reply.type('application/json; charset=utf-8').send(listBody));
let cluster: Cluster | null = null;

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
  // A published guide on the first project's site, read as an end user's page would (no token, its site key);
  // made before the list's tag is read, since these are content writes.
  const found = (await (await fetch(`${base}/api/projects?q=Project%200&limit=1`, { headers })).json()) as {
    items: Array<{ id: string; siteKey: string }>;
  };
  const project0 = found.items[0];
  if (!project0) throw new Error('no Project 0');
  const category = (await (
    await fetch(`${base}/api/projects/${project0.id}/categories`, { headers })
  ).json()) as { items: Array<{ id: string }> };
  const guide = (await (
    await fetch(`${base}/api/projects/${project0.id}/categories/${category.items[0]?.id}/scenarios`, {
      method: 'POST',
      headers: { ...headers, ...json },
      body: JSON.stringify({
        title: 'Payer',
        description: 'Payer',
        summary: 'Payer',
        minDuration: 1,
        maxDuration: 2,
      }),
    })
  ).json()) as { id: string };
  await fetch(`${base}/api/scenarios/${guide.id}/steps`, {
    method: 'POST',
    headers: { ...headers, ...json },
    body: JSON.stringify({
      name: 'Panier',
      text: 'Ouvrez le panier.',
      url: 'https://site0.example.com/',
      extra: null,
      target: { css: '#cart' },
      autoClick: false,
    }),
  });
  await fetch(`${base}/api/scenarios/${guide.id}/status`, {
    method: 'PATCH',
    headers: { ...headers, ...json },
    body: JSON.stringify({ status: 'published' }),
  });
  // One page of all 100 (the list is paged; 100 is its largest page), as before it was.
  const list = await fetch(`${base}/api/projects?limit=100`, { headers });
  listBody = await list.text();
  const tag = list.headers.get('etag') ?? '';
  const check = (JSON.parse(listBody) as { items: Array<{ id: string }> }).items;
  if (check.length !== 100) throw new Error(`expected 100 projects, got ${check.length}`);
  const edited = check[0]?.id ?? '';
  const write = {
    method: 'PUT' as const,
    body: JSON.stringify({ name: 'Project 0', description: 'Edited', sites: ['site0.example.com'] }),
  };
  const writeHeaders = { ...headers, ...json };

  const publicUrl = `${base}/api/public/catalogue?key=${project0.siteKey}&url=${encodeURIComponent('https://site0.example.com/')}`;

  const bareRun = () => measure('bare Fastify route, same bytes (ceiling)', `${bareBase}/bare`);
  type Figures = Awaited<ReturnType<typeof measure>>;
  type Round = { row: Figures; ceiling: number; ratio: number };
  // Each row in rounds, the bare route measured just before and just after each round; the median round is reported.
  // Load that comes and goes within a run (this machine's throughput moved by half within minutes) then falls on
  // some rounds rather than on the figure.
  const measured: Array<{ median: Round; ratios: number[] }> = [];
  let lastBare = await bareRun();
  const bares = [lastBare];
  const row = async (run: () => ReturnType<typeof measure>) => {
    const done: Round[] = [];
    for (let i = 0; i < rounds; i++) {
      const before = lastBare;
      const figures = await run();
      lastBare = await bareRun();
      bares.push(lastBare);
      const ceiling = (before['req/s (mean)'] + lastBare['req/s (mean)']) / 2;
      done.push({ row: figures, ceiling, ratio: figures['req/s (mean)'] / ceiling });
    }
    const ratios = done.map((r) => r.ratio);
    const median = done.toSorted((a, b) => a.ratio - b.ratio)[Math.floor(done.length / 2)] as Round;
    measured.push({ median, ratios });
  };
  if (membersRows) {
    await row(() => measure('1 replica: GET /api/projects', `${base}/api/projects?limit=100`, headers));
    await row(() =>
      measure(
        '1 replica: GET /api/projects, If-None-Match current (304)',
        `${base}/api/projects?limit=100`,
        { ...headers, 'if-none-match': tag },
        undefined,
        304,
      ),
    );
    await row(() =>
      measure('1 replica: PUT /api/projects/:id', `${base}/api/projects/${edited}`, writeHeaders, write),
    );
    if (database.kind === 'postgres' && existsSync(nginxPath)) {
      cluster = await Cluster.start(3, { DATABASE_URL: database.url, DATA_DIR: dataDir });
      const lb = cluster.balancer.base;
      await row(() =>
        measure('3 replicas behind nginx: GET /api/projects', `${lb}/api/projects?limit=100`, headers),
      );
      await row(() =>
        measure(
          '3 replicas behind nginx: PUT /api/projects/:id',
          `${lb}/api/projects/${edited}`,
          writeHeaders,
          write,
        ),
      );
    }
  }
  // Read after the writes above: its tag is the current one.
  const publicAnswer = await fetch(publicUrl, { headers: { origin: 'https://site0.example.com' } });
  const publicBody = await publicAnswer.text();
  const publicTag = publicAnswer.headers.get('etag') ?? '';
  if ((JSON.parse(publicBody) as unknown[]).length !== 1) throw new Error(`public catalogue: ${publicBody}`);
  // The catalogue's own bytes for the bare route from here on: its ceiling around the public rows.
  listBody = publicBody;
  lastBare = await bareRun();
  bares.push(lastBare);
  const site = { origin: 'https://site0.example.com' };
  await row(() => measure('1 replica: GET /api/public/catalogue (site key)', publicUrl, site));
  await row(() =>
    measure(
      '1 replica: GET /api/public/catalogue, If-None-Match current (304)',
      publicUrl,
      { ...site, 'if-none-match': publicTag },
      undefined,
      304,
    ),
  );
  console.log(
    `\n${connections} connections, ${duration} s each, loopback, database: ${database.kind}, node ${process.version}`,
  );
  console.log(
    `bare route between the rows: ${bares.map((b) => b['req/s (mean)']).join(', ')} req/s; p99 ${bares.map((b) => b['latency p99 (ms)']).join(', ')} ms`,
  );
  const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
  console.log(`each row: the median of ${rounds} rounds, each between two bare measurements`);
  console.table(
    measured.map(({ median: { row: r, ceiling, ratio }, ratios }) => ({
      ...r,
      'bare around (req/s)': Math.round(ceiling),
      'of bare': percent(ratio),
      'of bare (rounds)': ratios.map(percent).join(', '),
    })),
  );
} finally {
  // autocannon may leave a few requests in flight when a measurement ends.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await app.close();
  await bare.close();
  await cluster?.stop();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
}
