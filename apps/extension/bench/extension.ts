// pnpm bench:extension — what the extension costs a customer's page, next to a baseline build measured in the same
// run: the size of the scripts injected into every page and of the panel code (minified + gzip), and the time from
// opening the reader panel (a page load of a tab in reader mode) to its first rendered screen (the catalogue) on the
// demo site, median of 20.
//
// The baseline is the extension of BENCH_BASELINE_REF (default c24f091, main before the rebuild), built in a
// temporary git worktree that is removed afterwards; BENCH_BASELINE_DIR instead points at an already built
// `.output/chrome-mv3`. Needs the back-office built (the API serves it), like the end-to-end tests.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ExtensionRig, expectPage, extensionDir } from '../test/support/rig.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const repo = resolve(import.meta.dirname, '../../..');

interface Sizes {
  /** every content script (injected into every page), gzip bytes */
  injected: number;
  /** the panel code: loaded when a panel opens (a lazy chunk), or part of the content script when not split */
  panel: number;
  files: Record<string, number>;
}

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function sizes(dir: string): Sizes {
  const files: Record<string, number> = {};
  for (const file of walk(dir)) if (/\.(js|css)$/.test(file)) files[relative(dir, file)] = gz(file);
  const injected = Object.entries(files)
    .filter(([name]) => name.startsWith('content-scripts/') && name.endsWith('.js'))
    .reduce((sum, [, size]) => sum + size, 0);
  // a build with a lazily loaded panel names its chunk "panel"; before that, the panels are in content.js
  const lazy = Object.entries(files).filter(([name]) => /(^|\/)panel[-.]/.test(name));
  const panel = lazy.length
    ? lazy.reduce((sum, [, size]) => sum + size, 0)
    : (files['content-scripts/content.js'] ?? 0);
  return { injected, panel, files };
}

function baselineBuild(): { dir: string; cleanup: () => void } {
  if (process.env.BENCH_BASELINE_DIR) return { dir: process.env.BENCH_BASELINE_DIR, cleanup: () => {} };
  const ref = process.env.BENCH_BASELINE_REF ?? 'c24f091';
  const tree = join(mkdtempSync(join(tmpdir(), 'mulot-bench-ext-')), 'tree');
  const run = (cmd: string, args: string[], cwd: string) =>
    execFileSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  run('git', ['worktree', 'add', '--detach', tree, ref], repo);
  const cleanup = () => {
    run('git', ['worktree', 'remove', '--force', tree], repo);
    rmSync(resolve(tree, '..'), { recursive: true, force: true });
  };
  try {
    run('pnpm', ['install', '--frozen-lockfile', '--offline'], tree);
    run('pnpm', ['--filter', '@mulot/extension', 'build'], tree);
  } catch (error) {
    cleanup();
    throw error;
  }
  return { dir: join(tree, 'apps/extension/.output/chrome-mv3'), cleanup };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** ms from a page load of a tab in reader mode to the catalogue rendered in the panel, RUNS times. */
async function panelOpen(rig: ExtensionRig, dir: string): Promise<number[]> {
  await rig.launchBrowser('mulot-bench-ext-', dir);
  try {
    const backOffice = await rig.context.newPage();
    await backOffice.goto(`${rig.api.url}/api/docs`);
    // the first launch from the API's origin asks for consent in the extension's own window: accept it
    const consent = rig.context.waitForEvent('page', (p) => p.url().includes('approve.html'));
    const launched = rig.launch(backOffice, { mode: 'reader', url: rig.demo.url });
    const approve = await consent;
    const opened = rig.nextPage();
    // the consent window closes itself as soon as it is answered, which can end the click
    await approve
      .getByRole('button', { name: 'Autoriser' })
      .click()
      .catch((error: unknown) => {
        if (!approve.isClosed()) throw error;
      });
    const answer = await launched;
    if (answer.ok !== true) throw new Error(`launch refused: ${JSON.stringify(answer)}`);
    const page = await opened;
    const heading = page.locator('mulot-panel').getByRole('heading', { name: 'Guides disponibles' });
    await expectPage(heading).toBeVisible();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const start = performance.now();
      await page.reload({ waitUntil: 'commit' });
      await heading.waitFor({ state: 'visible', timeout: 30_000 });
      times.push(performance.now() - start);
    }
    return times;
  } finally {
    await rig.closeBrowser();
  }
}

if (!existsSync(join(extensionDir, 'manifest.json')))
  throw new Error('Build the extension first: pnpm --filter @mulot/extension build');
const baseline = baselineBuild();
const rig = new ExtensionRig();
try {
  await rig.startServers();
  await rig.signUp(`bench-${Date.now()}@example.com`, 'Bench-password-1');
  const variants = [
    { name: `baseline (${process.env.BENCH_BASELINE_REF ?? 'c24f091'})`, dir: baseline.dir },
    { name: 'this build', dir: extensionDir },
  ];
  const rows = [];
  for (const variant of variants) {
    const size = sizes(variant.dir);
    const times = await panelOpen(rig, variant.dir);
    rows.push({
      variant: variant.name,
      'injected scripts (kB gz)': +(size.injected / 1024).toFixed(1),
      'panel code (kB gz)': +(size.panel / 1024).toFixed(1),
      'open panel → first screen, median (ms)': Math.round(median(times)),
      'min–max (ms)': `${Math.round(Math.min(...times))}–${Math.round(Math.max(...times))}`,
    });
    console.log(`${variant.name}: files (gzip bytes)`, size.files);
  }
  console.log(`\nExtension on the demo site (${RUNS} page loads per build, same servers, same Chromium)`);
  console.table(rows);
} finally {
  await rig.stop();
  baseline.cleanup();
}
