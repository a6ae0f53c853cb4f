// pnpm bench:scale — one organization at S (10 projects, 1,000 runs), M (100 / 10,000) and L (1,000 projects,
// 25,000 guides, 100,000 runs), seeded straight into the database (scale-seed.ts), on the embedded PGlite and, with
// BENCH_DATABASE_URL, on a scratch PostgreSQL database created and dropped per measurement. For each: sequential p50
// and 4-concurrent p95 of the requests below, the bytes of the projects list's first page, and /api/health while a
// dashboard runs; the first answer after the seed apart (nothing held by the server's caches yet: a later read at
// the same content version is answered from the read cache); beside each figure, the same measured in the same run on main's code (BENCH_BASELINE_REF), checked
// out in a temporary git worktree (support.ts) and started on its own database seeded the same way. Then the growth
// exponent between consecutive sizes (10× more of everything: 0 flat, 1 linear, 2 quadratic).
//
// With a built back-office (apps/backoffice/build), its projects and dashboard pages too (scale-pages.ts).
//
// BENCH_SIZES=S,M (default) or S,M,L; BENCH_ENGINES=pglite,postgres to choose; BENCH_SAMPLES (sequential, default
// 10, 4 at L) and BENCH_CONCURRENT_ROUNDS (each of the 4 clients, default 5, 2 at L).
//
// Statistics: each version is measured as its own installation would be a minute after the writes. On PostgreSQL
// both get an ANALYZE (autovacuum does it for any version); on PGlite only a version that keeps statistics itself
// (src/db/maintenance.ts) gets its own pass, as its schedule would run it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type Kysely, sql } from 'kysely';
import { closePagesBrowser, measurePages, type PageFigures } from './scale-pages.ts';
import { assistantQuestions, type ScaleSize, scaleSizes, seedScale, siteOf } from './scale-seed.ts';
import { baselineWorktree, benchAccount, benchDatabase } from './support.ts';

type Engine = 'pglite' | 'postgres';
type SizeName = keyof typeof scaleSizes;
// biome-ignore lint/suspicious/noExplicitAny: the server of either version of the code
type Server = any;

const repoRoot = resolve(import.meta.dirname, '../../..');
const sizes = (process.env.BENCH_SIZES ?? 'S,M').split(',').map((s) => s.trim()) as SizeName[];
const engines = (
  process.env.BENCH_ENGINES ?? (process.env.BENCH_DATABASE_URL ? 'pglite,postgres' : 'pglite')
).split(',') as Engine[];
if (engines.includes('postgres') && !process.env.BENCH_DATABASE_URL) {
  throw new Error('PostgreSQL needs BENCH_DATABASE_URL (a server where scratch databases may be created)');
}
const concurrency = 4;
// The back-office's pages are measured on this branch's build, when there is one (BENCH_PAGES=0 skips them).
const backofficeBuild = join(repoRoot, 'apps/backoffice/build/client');
const measuresPages = process.env.BENCH_PAGES !== '0' && existsSync(join(backofficeBuild, 'index.html'));

interface Call {
  status: number;
  bytes: number;
  ms: number;
}

/** What is measured, in order; a request list easy to adjust as the API changes (pagination, new endpoints). */
const requests: Array<{
  name: string;
  path: (i: number, size: ScaleSize) => string;
  body?: (i: number) => unknown;
  /** A version without the operation answers 404: its cells stay empty. */
  optional?: boolean;
}> = [
  { name: 'GET /dashboard', path: () => '/api/dashboard' },
  // The dashboard page's second call since the guides to repair are paged (on main they came inside /dashboard).
  { name: 'GET /dashboard/guides-to-repair', path: () => '/api/dashboard/guides-to-repair', optional: true },
  // The first page, whatever the default answers: the whole array on main, a page once paginated.
  { name: 'GET /projects', path: () => '/api/projects' },
  {
    name: 'POST /assistant',
    path: () => '/api/assistant',
    body: (i) => ({ query: assistantQuestions[i % assistantQuestions.length] }),
  },
  {
    name: 'GET /catalogue',
    path: (i, size) =>
      `/api/catalogue?url=${encodeURIComponent(`${siteOf(1 + (i % size.projects))}/page/1`)}`,
  },
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** GET /api/health in a loop on a worker thread until stopped: each answer's start and end (epoch ms) and duration. */
async function healthProbe(url: string): Promise<{
  stop: () => Promise<Array<{ start: number; end: number; ms: number }>>;
}> {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    let stopped = false;
    parentPort.once('message', () => { stopped = true; });
    (async () => {
      const probes = [];
      while (!stopped) {
        const start = Date.now();
        const t = performance.now();
        const response = await fetch(workerData.url);
        await response.arrayBuffer();
        probes.push({ start, end: Date.now(), ms: performance.now() - t });
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      parentPort.postMessage(probes);
    })();`;
  const worker = new Worker(source, { eval: true, workerData: { url } });
  await new Promise((resolve) => worker.once('online', resolve));
  // Let it answer once before the dashboard starts: the probe's own start is not what is measured.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    stop: async () => {
      const probes = new Promise<Array<{ start: number; end: number; ms: number }>>((resolve) =>
        worker.once('message', resolve),
      );
      worker.postMessage('stop');
      const result = await probes;
      await worker.terminate();
      return result;
    },
  };
}

interface Figures {
  /** The first request after the seed: nothing held yet by the server's caches (read cache, assistant index). */
  first: Record<string, number>;
  p50: Record<string, number>;
  p95c4: Record<string, number>;
  projectsBytes: number;
  assistantFirst: number;
  healthDuringDashboard: { max: number; p50: number; count: number; dashboardMs: number };
  seedMs: number;
  statisticsMs: number;
  pages?: PageFigures;
}

async function measure(
  code: { label: string; root: string },
  engine: Engine,
  sizeName: SizeName,
): Promise<Figures> {
  const size = scaleSizes[sizeName];
  const samples = Number(process.env.BENCH_SAMPLES ?? (sizeName === 'L' ? 4 : 10));
  const rounds = Number(process.env.BENCH_CONCURRENT_ROUNDS ?? (sizeName === 'L' ? 2 : 5));
  const dataDir = mkdtempSync(join(tmpdir(), 'mulot-bench-scale-'));
  const { database, drop } =
    engine === 'postgres'
      ? await benchDatabase('mulot_h_scale', { kind: 'pglite-memory' })
      : { database: { kind: 'pglite', dataDir: join(dataDir, 'pglite') }, drop: async () => {} };
  const { buildServer } = (await import(pathToFileURL(join(code.root, 'apps/api/src/app.ts')).href)) as {
    buildServer: (config: object) => Promise<Server>;
  };
  const withPages = measuresPages && code.root === repoRoot;
  const app: Server = await buildServer({
    database,
    dataDir,
    logLevel: 'warn',
    backofficeDir: withPages ? backofficeBuild : null,
    extensionDir: null,
  });
  try {
    const base: string = await app.listen({ port: 0, host: '127.0.0.1' });
    const { token, organizationId } = await benchAccount(app, base);
    const db = app.mulot.db as Kysely<unknown>;
    const member = await sql<{ user_id: string }>`
      SELECT user_id FROM memberships WHERE organization_id = ${organizationId}`.execute(db);
    const seeded = await seedScale(db, { organizationId, userId: member.rows[0]?.user_id ?? '', size });

    const t = performance.now();
    if (engine === 'postgres') await sql`ANALYZE`.execute(db);
    else {
      const maintenance = join(code.root, 'apps/api/src/db/maintenance.ts');
      if (existsSync(maintenance)) {
        const { analyzeStale } = (await import(pathToFileURL(maintenance).href)) as {
          analyzeStale: (db: Kysely<unknown>) => Promise<string[]>;
        };
        await analyzeStale(db);
      }
    }
    const statisticsMs = performance.now() - t;

    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-organization-id': organizationId,
    };
    const call = async (path: string, body?: unknown, optional = false): Promise<Call> => {
      const start = performance.now();
      const response = await fetch(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers:
          body === undefined
            ? { authorization: headers.authorization, 'x-organization-id': organizationId }
            : headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(600_000),
      });
      const bytes = (await response.arrayBuffer()).byteLength;
      const ms = performance.now() - start;
      if (response.status !== 200 && !(optional && response.status === 404))
        throw new Error(`${code.label} ${engine} ${sizeName}: ${path} answered ${response.status}`);
      return { status: response.status, bytes, ms };
    };
    const send = (r: (typeof requests)[number], i: number) => call(r.path(i, size), r.body?.(i), r.optional);

    const figures: Figures = {
      first: {},
      p50: {},
      p95c4: {},
      projectsBytes: 0,
      assistantFirst: Number.NaN,
      healthDuringDashboard: { max: 0, p50: 0, count: 0, dashboardMs: 0 },
      seedMs: seeded.ms,
      statisticsMs,
    };
    // The first question after a start builds whatever the assistant keeps in memory.
    const assistant = requests.find((r) => r.name === 'POST /assistant');
    if (assistant) figures.assistantFirst = (await send(assistant, 0)).ms;

    for (const r of requests) {
      const first = await send(r, 0); // warm-up, reported apart
      if (first.status === 404) continue;
      figures.first[r.name] = first.ms;
      if (r.name === 'GET /projects') figures.projectsBytes = first.bytes;
      const sequential: number[] = [];
      for (let i = 1; i <= samples; i++) sequential.push((await send(r, i)).ms);
      figures.p50[r.name] = percentile(sequential, 50);
      const concurrent: number[] = [];
      await Promise.all(
        Array.from({ length: concurrency }, async (_, c) => {
          for (let i = 0; i < rounds; i++) concurrent.push((await send(r, c * rounds + i)).ms);
        }),
      );
      figures.p95c4[r.name] = percentile(concurrent, 95);
      process.stderr.write(
        `  ${code.label} ${engine} ${sizeName} ${r.name}: p50 ${figures.p50[r.name]?.toFixed(1)} ms, c4 p95 ${figures.p95c4[r.name]?.toFixed(1)} ms\n`,
      );
    }

    // Liveness while the heaviest read runs: how long a supervisor's probe waits. The probe runs on a thread of its
    // own: a server frozen by its database would freeze a probe sharing its thread too, and hide the wait.
    const probe = await healthProbe(`${base}/api/health`);
    const from = Date.now();
    await call('/api/dashboard');
    const to = Date.now();
    const during = (await probe.stop()).filter((p) => p.end > from && p.start < to).map((p) => p.ms);
    figures.healthDuringDashboard = {
      max: Math.max(...during),
      p50: percentile(during, 50),
      count: during.length,
      dashboardMs: to - from,
    };
    if (withPages) figures.pages = await measurePages(base, token, organizationId);
    return figures;
  } finally {
    await app.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (ms: number | undefined) =>
  ms === undefined || Number.isNaN(ms)
    ? '–'
    : ms >= 100
      ? Math.round(ms).toLocaleString('en')
      : ms.toFixed(1);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const baseline = baselineWorktree('main');
const codes = [
  { label: 'this branch', root: repoRoot },
  { label: `main (${baseline.ref})`, root: baseline.tree },
];
const results = new Map<string, Figures>();
const key = (code: string, engine: Engine, size: SizeName) => `${code}|${engine}|${size}`;
const lines: string[] = [];
const print = (line = '') => {
  lines.push(line);
  process.stdout.write(`${line}\n`);
};

try {
  for (const size of sizes) {
    for (const engine of engines) {
      for (const code of codes) {
        process.stderr.write(`${size} ${engine} ${code.label}…\n`);
        results.set(key(code.label, engine, size), await measure(code, engine, size));
      }
      const [mine, theirs] = codes.map((c) => results.get(key(c.label, engine, size)) as Figures) as [
        Figures,
        Figures,
      ];
      const s = scaleSizes[size];
      print(
        `### ${size} on ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${s.projects} projects, ${s.projects * 25} guides, ${s.runs} runs)`,
      );
      print();
      const other = codes[1]?.label;
      const cells = (f: Figures, name: string) =>
        `${fmt(f.first[name])} | ${fmt(f.p50[name])} | ${fmt(f.p95c4[name])}`;
      print(`| ms | this branch: first | p50 | c4 p95 | ${other}: first | p50 | c4 p95 |`);
      print('|---|---|---|---|---|---|---|');
      for (const r of requests)
        print(`| \`${r.name}\` | ${cells(mine, r.name)} | ${cells(theirs, r.name)} |`);
      const single = (title: string, of: (f: Figures) => string) =>
        print(`| ${title} | ${of(mine)} | | | ${of(theirs)} | | |`);
      single('`GET /projects` bytes', (f) => kb(f.projectsBytes));
      single('first `POST /assistant` after a start', (f) => fmt(f.assistantFirst));
      single(
        '`/api/health` while a dashboard runs: max (p50)',
        (f) => `${fmt(f.healthDuringDashboard.max)} (${fmt(f.healthDuringDashboard.p50)})`,
      );
      single('seed (statistics pass)', (f) => `${fmt(f.seedMs)} (${fmt(f.statisticsMs)})`);
      print();
      if (mine.pages) {
        const { projects, dashboard, keystrokeMs } = mine.pages;
        print('| back-office, this branch | content shown after navigation (ms) | DOM nodes |');
        print('|---|---|---|');
        print(`| \`/app/projects\` | ${fmt(projects.ms)} | ${projects.nodes.toLocaleString('en')} |`);
        print(`| \`/app/dashboard\` | ${fmt(dashboard.ms)} | ${dashboard.nodes.toLocaleString('en')} |`);
        print(`| a keystroke in the projects' search box (longest event) | ${fmt(keystrokeMs)} | |`);
        print();
      }
    }
  }

  // Growth between consecutive sizes: every count is 10× the previous size's.
  for (const engine of engines) {
    for (let i = 1; i < sizes.length; i++) {
      const from = sizes[i - 1] as SizeName;
      const to = sizes[i] as SizeName;
      const ratio = scaleSizes[to].runs / scaleSizes[from].runs;
      print(
        `### Growth exponent ${from}→${to} on ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} (first answer, sequential p50)`,
      );
      print();
      print(`| endpoint | this branch: first | p50 | ${codes[1]?.label}: first | p50 |`);
      print('|---|---|---|---|---|');
      for (const r of requests) {
        const exponent = (label: string, field: 'first' | 'p50') => {
          const a = results.get(key(label, engine, from))?.[field][r.name];
          const b = results.get(key(label, engine, to))?.[field][r.name];
          return a && b ? (Math.log(b / a) / Math.log(ratio)).toFixed(2) : '–';
        };
        const both = (label: string) => `${exponent(label, 'first')} | ${exponent(label, 'p50')}`;
        print(`| \`${r.name}\` | ${both(codes[0]?.label ?? '')} | ${both(codes[1]?.label ?? '')} |`);
      }
      print();
    }
  }
} finally {
  await closePagesBrowser();
  baseline.cleanup();
}
