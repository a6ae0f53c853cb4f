// Builds the snippet into dist/, which the API serves: dist/embed.js (the loader, a classic script of a few kB,
// short cache) and dist/embed/ (the reader chunk and its assets, named by content hash, cached for good).
// The reader is built first: the loader is then built with the reader chunk's hashed name.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import en from '@mulot/i18n/lang/en.json' with { type: 'json' };
import { build as esbuild } from 'esbuild';
import { build } from 'vite';
import { launcherMessages } from './src/texts.ts';

const root = import.meta.dirname;
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });

await build({
  configFile: false,
  root,
  // assets (the font) are found from the chunk's own URL, on the Mulot origin whatever page imports it
  base: './',
  logLevel: 'warn',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: join(dist, 'embed'),
    emptyOutDir: true,
    manifest: true,
    // no <link rel="modulepreload"> added to the host page's head
    modulePreload: false,
    target: 'es2022',
    // React, the ui fragments and the player are one chunk, loaded only when the reader opens
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      input: { reader: join(root, 'src/reader.tsx') },
      // the chunk's `mount` is what the loader calls; the chunk may export more, for the chunks it imports lazily
      // (zod for the assistant's form), so that what they share with it stays in it rather than in a third chunk
      // fetched only once the reader chunk is parsed
      preserveEntrySignatures: 'allow-extension',
      output: {
        entryFileNames: '[name]-[hash].js',
        chunkFileNames: '[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
      onLog(level, log, handler) {
        // React libraries and the design system mark their modules "use client": the notice is noise here
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return;
        handler(level, log);
      },
    },
  },
});

const manifest = JSON.parse(readFileSync(join(dist, 'embed/.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string; isEntry?: boolean }
>;
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
if (!entry) throw new Error('the reader chunk is missing from the manifest');
rmSync(join(dist, 'embed/.vite'), { recursive: true, force: true });

await esbuild({
  entryPoints: [join(root, 'src/loader.ts')],
  outfile: join(dist, 'embed.js'),
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  legalComments: 'none',
  define: {
    __MULOT_READER__: JSON.stringify(`embed/${entry.file}`),
    // French is each text's default message; English from the catalogue (French where it has none)
    __MULOT_TEXTS__: JSON.stringify(
      Object.fromEntries(
        (['fr', 'en'] as const).map((locale) => [
          locale,
          Object.fromEntries(
            Object.entries(launcherMessages).map(([key, { id, defaultMessage }]) => [
              key,
              (locale === 'en' ? (en as Record<string, string>)[id] : undefined) ?? defaultMessage,
            ]),
          ),
        ]),
      ),
    ),
  },
  logLevel: 'warning',
});

const sizes = (file: string) => {
  const bytes = readFileSync(file);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  return `${kb(statSync(file).size)} (gzip ${kb(gzipSync(bytes, { level: 9 }).length)}, brotli ${kb(brotliCompressSync(bytes).length)})`;
};
console.log(`embed.js ${sizes(join(dist, 'embed.js'))}`);
console.log(`embed/${entry.file} ${sizes(join(dist, 'embed', entry.file))}`);
// beside each text file its .gz and .br, sent with the matching Content-Encoding (the API's preCompressed)
for (const file of [
  join(dist, 'embed.js'),
  ...readdirSync(join(dist, 'embed'), { recursive: true })
    .map(String)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => join(dist, 'embed', f)),
]) {
  const bytes = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(bytes));
}
