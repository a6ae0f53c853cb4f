// pnpm bench:player — how often the player finds a step's target again after a customer's redeploy, next to a
// CSS-path baseline (@medv/finder, the selector Usertour records) measured in the same Chromium run, on real
// third-party pages (public admin templates pinned in devDependencies) and on the package's fixture pages;
// the cost of one find() on a 3,000-element page; the size of the runtime (minified + gzip).
//
//   node bench/bench.ts [--split tuning|held-out|all] [--site NAME] [--profile TEXT] [--misses]
//
// --misses lists the player's misses, on the tuning split only: the held-out pages, and the unseen sites that
// --split held-out also runs (sites never tuned on, `unseen` in sites.ts), are for reporting, never for looking at
// while tuning.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { launchChromium } from '@mulot/testing/chromium';
import { build } from 'esbuild';
import { SHAPES } from './shapes.ts';
import { type ClassMode, fnv, isHeldOut, pageUrl, type Site, serveCorpus, sites } from './sites.ts';
import type { BenchTarget, CaseRow, Outcome } from './sites-entry.ts';
import { RUNTIME_CEILING, readerSize, runtimeSize } from './size.ts';

const { values: args } = parseArgs({
  options: {
    split: { type: 'string', default: 'all' },
    site: { type: 'string' },
    profile: { type: 'string' },
    misses: { type: 'boolean', default: false },
    targets: { type: 'string', default: '6' },
  },
});
if (!['tuning', 'held-out', 'all'].includes(args.split))
  throw new Error('--split is tuning, held-out or all');
if (args.misses && args.split !== 'tuning') throw new Error('--misses only with --split tuning');

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const runtime = await runtimeSize();
const reader = await readerSize();

const bundle =
  (
    await build({
      entryPoints: [here('./sites-entry.ts')],
      bundle: true,
      format: 'iife',
      target: 'es2022',
      write: false,
    })
  ).outputFiles[0]?.text ?? '';

type Group = 'fixtures' | 'tuning' | 'held-out' | 'unseen site';
const groupOf = (site: Site, page: string): Group =>
  site.fixtures
    ? 'fixtures'
    : site.unseen
      ? 'unseen site'
      : isHeldOut(site.name, page)
        ? 'held-out'
        : 'tuning';
/** What a split runs: the held-out split comes with the unseen site, both for reporting only. */
const inSplit = (group: Group) =>
  args.split === 'all' ||
  group === 'fixtures' ||
  group === args.split ||
  (args.split === 'held-out' && group === 'unseen site');

const corpus = sites().filter((s) => !args.site || s.name === args.site);
const browser = await launchChromium();

interface Tally {
  cases: number;
  player: Record<Outcome, number>;
  baseline: Record<Outcome, number>;
}
const empty = (): Record<Outcome, number> => ({
  right: 0,
  ambiguous: 0,
  'low-confidence': 0,
  'not-found': 0,
  wrong: 0,
});
const tallies = new Map<string, Tally>();
/** By shape of target (and for every target that had exact copies): the profiles where the target stays, and removal. */
interface ShapeTally {
  cases: number;
  player: number;
  playerWrong: number;
  baseline: number;
  baselineWrong: number;
  removed: number;
  removedWrong: number;
}
const shapes = new Map<string, ShapeTally>();
/** Claims by reported confidence, and how many of them were wrong. */
const BANDS = [0.5, 0.7, 0.9, 1.01];
const calibration = new Map<string, { claims: number; wrong: number }>();
const misses: string[] = [];
const findTimes: number[] = [];
const started = performance.now();
let profileNames: string[] = [];
let pages = 0;
let targetCount = 0;
let timing: { elements: number; p50: number; p95: number; finds: number; pass: number } | undefined;

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await serveCorpus(context, corpus);
  const page = await context.newPage();
  const open = async (site: Site, mode: ClassMode, path: string) => {
    await page.goto(pageUrl(site.name, mode, path), { waitUntil: 'load' });
    await page.addScriptTag({ content: bundle });
  };
  for (const site of corpus) {
    for (const path of site.pages) {
      const group = groupOf(site, path);
      if (!inSplit(group)) continue;
      const seed = fnv(`${site.name}/${path}`);
      const fixtures = Boolean(site.fixtures);
      await open(site, 'kept', path);
      profileNames = await page.evaluate(() => window.mulotBench.profiles);
      const chosen = profileNames.filter((p) => !args.profile || p.includes(args.profile));
      const targets = (await page.evaluate(([f, n, s]) => window.mulotBench.sample(f, n, s), [
        fixtures,
        Number(args.targets),
        seed,
      ] as const)) as BenchTarget[];
      pages++;
      targetCount += targets.length;
      for (const mode of ['kept', 'renamed'] as const) {
        if (mode === 'renamed') await open(site, mode, path);
        const rows = (await page.evaluate(([t, p, s, f]) => window.mulotBench.run(t, p, s, f), [
          targets,
          chosen,
          seed,
          fixtures,
        ] as const)) as CaseRow[];
        for (const [p, i, player, baseline, ms, detail, confidence] of rows) {
          const key = `${group}|${p}|${mode}`;
          const tally = tallies.get(key) ?? { cases: 0, player: empty(), baseline: empty() };
          tallies.set(key, tally);
          tally.cases++;
          tally.player[player]++;
          tally.baseline[baseline]++;
          findTimes.push(ms);
          const expectsTarget =
            profileNames[p] !== 'target removed' && profileNames[p] !== 'target duplicated';
          const target = targets[i] as BenchTarget;
          for (const shape of [target.shape, ...(target.descriptor.copies ? ['exact copies'] : [])]) {
            const key = `${group}|${shape}|${mode}`;
            const t = shapes.get(key) ?? {
              cases: 0,
              player: 0,
              playerWrong: 0,
              baseline: 0,
              baselineWrong: 0,
              removed: 0,
              removedWrong: 0,
            };
            shapes.set(key, t);
            if (profileNames[p] === 'target removed') {
              t.removed++;
              if (player === 'wrong') t.removedWrong++;
            } else if (expectsTarget) {
              t.cases++;
              if (player === 'right') t.player++;
              if (player === 'wrong') t.playerWrong++;
              if (baseline === 'right') t.baseline++;
              if (baseline === 'wrong') t.baselineWrong++;
            }
          }
          if (player === 'right' || player === 'wrong') {
            const band = BANDS.findIndex((b) => confidence < b);
            const key = `${group}|${band}`;
            const c = calibration.get(key) ?? { claims: 0, wrong: 0 };
            calibration.set(key, c);
            c.claims++;
            if (player === 'wrong') c.wrong++;
          }
          if (
            args.misses &&
            (group === 'tuning' || group === 'fixtures') &&
            (player === 'wrong' || (expectsTarget && player !== 'right'))
          ) {
            const t = targets[i] as BenchTarget;
            misses.push(`${site.name}/${path} ${mode} — ${profileNames[p]}: ${t.label} → ${detail}`);
          }
        }
      }
    }
  }
  const large = corpus.find((s) => s.name === 'gentelella') ?? corpus[0];
  if (large) {
    await open(
      large,
      'kept',
      large.pages.find((p) => p.endsWith('/index.html')) ?? (large.pages[0] as string),
    );
    timing = await page.evaluate(() => window.mulotBench.timing(42));
  }
} finally {
  await browser.close();
}

const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;
const EXPECT_ABSENT = new Set(['target removed']);
console.log(
  `\nRe-find after a redeploy: ${pages} pages, ${targetCount} targets (fixture pages: hand-marked targets; the others: ` +
    'sampled among every visible interactive element).',
);
console.log(
  'found: the target claimed; amb/low: reported ambiguous or low-confidence; none: not found; wrong: another element claimed. ' +
    'For "target removed" every claim is wrong; for "target duplicated", claiming the copy is.\n',
);
const header = ['corpus', 'profile', 'cases'];
for (const mode of ['kept', 'renamed']) {
  header.push(`${mode}: player found`, 'amb/low', 'none', 'wrong', 'CSS path found', 'wrong');
}
const table: string[][] = [header];
for (const group of ['fixtures', 'tuning', 'held-out', 'unseen site'] as Group[]) {
  profileNames.forEach((name, p) => {
    const kept = tallies.get(`${group}|${p}|kept`);
    const renamed = tallies.get(`${group}|${p}|renamed`);
    if (!kept || !renamed) return;
    const row = [group, name, String(kept.cases)];
    for (const t of [kept, renamed]) {
      const d = t.cases;
      const found = EXPECT_ABSENT.has(name) ? '—' : pct(t.player.right, d);
      row.push(
        found,
        pct(t.player.ambiguous + t.player['low-confidence'], d),
        pct(t.player['not-found'], d),
        pct(t.player.wrong, d),
        EXPECT_ABSENT.has(name) ? '—' : pct(t.baseline.right, d),
        pct(t.baseline.wrong, d),
      );
    }
    table.push(row);
  });
}
/** Prints a markdown table, its first two columns left-aligned. */
function print(rows: string[][]) {
  const widths = (rows[0] as string[]).map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  for (const [r, row] of rows.entries()) {
    console.log(
      `| ${row.map((cell, c) => (c < 2 ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number))).join(' | ')} |`,
    );
    if (r === 0)
      console.log(
        `|${widths.map((w, c) => (c < 2 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
      );
  }
}
print(table);

console.log(
  '\nBy shape of target (issue 41), every profile but removal and duplication together; removed: wrong element ' +
    'claimed when the target was removed. "exact copies": every target that had one at capture, whatever its shape.\n',
);
const shapeTable: string[][] = [['corpus', 'shape', 'cases']];
for (const mode of ['kept', 'renamed'])
  shapeTable[0]?.push(`${mode}: player found`, 'wrong', 'CSS path found', 'wrong', 'removed: wrong');
for (const group of ['fixtures', 'tuning', 'held-out', 'unseen site'] as Group[]) {
  for (const shape of [...SHAPES, 'exact copies']) {
    const kept = shapes.get(`${group}|${shape}|kept`);
    const renamed = shapes.get(`${group}|${shape}|renamed`);
    if (!kept || !renamed || !kept.cases) continue;
    const row = [group, shape, String(kept.cases)];
    for (const t of [kept, renamed])
      row.push(
        pct(t.player, t.cases),
        pct(t.playerWrong, t.cases),
        pct(t.baseline, t.cases),
        pct(t.baselineWrong, t.cases),
        pct(t.removedWrong, t.removed),
      );
    shapeTable.push(row);
  }
}
print(shapeTable);

console.log(
  "\nThe player's claims by the confidence it reported (every profile, both class modes): how many were wrong.\n",
);
const bandNames = ['< 0.5', '0.5–0.7', '0.7–0.9', '≥ 0.9'];
const calibrationTable: string[][] = [['corpus', 'confidence', 'claims', 'wrong']];
for (const group of ['fixtures', 'tuning', 'held-out', 'unseen site'] as Group[]) {
  bandNames.forEach((name, band) => {
    const c = calibration.get(`${group}|${band}`);
    if (c) calibrationTable.push([group, name, String(c.claims), pct(c.wrong, c.claims)]);
  });
}
print(calibrationTable);
if (misses.length) {
  console.log(`\nPlayer misses on the tuning split and fixtures (${misses.length}):`);
  for (const miss of misses) console.log(`  ${miss}`);
}
findTimes.sort((a, b) => a - b);
const p95 = findTimes[Math.floor(0.95 * (findTimes.length - 1))] ?? 0;
console.log(
  `\nCorpus run: ${((performance.now() - started) / 1000).toFixed(0)} s; find() p95 on the corpus pages ${p95.toFixed(2)} ms`,
);
if (timing) {
  console.log(
    `find() on a ${timing.elements}-element page: p50 ${timing.p50.toFixed(2)} ms, p95 ${timing.p95.toFixed(2)} ms (100 targets, the fastest of 10 searches each; budget p95 ≤ 5 ms)\n` +
      `  reference, same page and run: one pass listing its links and elements with a class or a role takes ${timing.pass.toFixed(2)} ms, so p95 is ${(timing.p95 / timing.pass).toFixed(0)} passes`,
  );
}
const bytes = (n: number) =>
  `${n.toLocaleString('en')} bytes (${(n / 1024).toFixed(2)} KiB, ${(n / 1000).toFixed(2)} kB)`;
console.log(
  `Player runtime, minified + gzip: ${bytes(runtime.gzipped)}, ${runtime.minified.toLocaleString('en')} bytes ` +
    `minified (ceiling ${RUNTIME_CEILING.toLocaleString('en')} bytes); playing a guide alone (find, run engine, highlight, wait, click, without capture ` +
    `and the picker): ${bytes(reader.gzipped)}`,
);
