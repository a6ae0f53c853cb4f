// The player's size as the extension ships it: a bundle of its sources, minified, and minified + gzip (level 9).
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/**
 * The ceiling the runtime's minified + gzip size stays under, checked by test/node/size.test.ts. Not a budget to
 * tune towards: the player ships inside the extension's panel (about 246 kB) and its code is written to be read.
 * It is there to catch what no review sees in a diff — a dependency or a data table pulled into the bundle, a
 * module no longer tree-shaken — at about twice what readable code with every rule of 2026-12 takes.
 */
export const RUNTIME_CEILING = 20_000;

export interface Size {
  minified: number;
  gzipped: number;
}

async function sizeOf(contents: string): Promise<Size> {
  const out = await build({
    stdin: { contents, resolveDir: fileURLToPath(new URL('../src', import.meta.url)), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    write: false,
  });
  const code = out.outputFiles[0]?.contents ?? new Uint8Array();
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

/** The whole package, as the extension ships it. */
export const runtimeSize = () => sizeOf(`export * from './index';`);

/** What playing a guide needs on its own: no capture, no picker. */
export const readerSize = () =>
  sizeOf(
    `export { find } from './find'; export { RunEngine } from './engine'; export { highlight } from './highlight';
     export { waitFor } from './wait'; export { autoClick } from './click'; export { parseTarget } from './target';`,
  );
