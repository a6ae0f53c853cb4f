// pnpm bench:player — re-find success rate of the player and of a plain CSS-path baseline on the corpus,
// measured in the same Chromium run, and the size of the player's runtime (minified + gzip).
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

interface Figures {
  positives: number;
  playerFound: number;
  baselineFound: number;
  negatives: number;
  playerReported: number;
  baselineReported: number;
  byMutation: Record<string, { expect: string; cases: number; player: number; baseline: number }>;
  failures: { page: string; target: string; mutation: string; status: string; confidence: number }[];
  milliseconds: number;
  largePage: { elements: number; perFind: number; finds: number };
}

const runtime = await build({
  entryPoints: [here('../src/index.ts')],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  write: false,
});
const minified = runtime.outputFiles[0]?.contents ?? new Uint8Array();
const gzipped = gzipSync(minified, { level: 9 }).length;

const corpus = await build({
  entryPoints: [here('./corpus-entry.ts')],
  bundle: true,
  format: 'iife',
  target: 'es2022',
  write: false,
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
let figures: Figures;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>corpus</title></head><body></body></html>',
  );
  await page.addScriptTag({ content: corpus.outputFiles[0]?.text ?? '' });
  figures = (await page.evaluate('window.runCorpus()')) as Figures;
} finally {
  await browser.close();
}

const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`;
console.log(
  `\nRe-find corpus: ${figures.positives} pages where the target is still there (${figures.byMutation.unchanged?.cases ?? 0} of them unchanged controls)`,
);
console.log(
  `  player             ${pct(figures.playerFound, figures.positives)}  (${figures.playerFound}/${figures.positives})`,
);
console.log(
  `  CSS-path baseline  ${pct(figures.baselineFound, figures.positives)}  (${figures.baselineFound}/${figures.positives})`,
);
console.log(`\nTarget removed or duplicated (${figures.negatives} pages): reported instead of guessed`);
console.log(
  `  player             ${pct(figures.playerReported, figures.negatives)}  (${figures.playerReported}/${figures.negatives})`,
);
console.log(
  `  CSS-path baseline  ${pct(figures.baselineReported, figures.negatives)}  (${figures.baselineReported}/${figures.negatives})`,
);
console.log('\nBy change                                  player   baseline');
for (const [name, row] of Object.entries(figures.byMutation)) {
  console.log(
    `  ${name.padEnd(40)} ${pct(row.player, row.cases).padStart(6)}   ${pct(row.baseline, row.cases).padStart(6)}`,
  );
}
if (figures.failures.length) {
  console.log('\nPlayer misses:');
  for (const f of figures.failures) {
    console.log(`  ${f.page}/${f.target} — ${f.mutation}: ${f.status} (${f.confidence.toFixed(2)})`);
  }
}
console.log(`\nCorpus run: ${figures.milliseconds.toFixed(0)} ms in Chromium`);
console.log(
  `find() on a ${figures.largePage.elements}-element page: ${figures.largePage.perFind.toFixed(1)} ms (${figures.largePage.finds} targets, best of 5 rounds)`,
);
console.log(`Player runtime: ${kb(minified.length)} minified, ${kb(gzipped)} minified + gzip (budget 12 kB)`);
