// After `react-router build`: a brotli (.br) and a gzip (.gz) copy next to every text file of build/client, made
// once at the highest levels, so that apps/api sends them as they are (`Content-Encoding`) instead of the raw files
// (816 kB of JS on the wire for /auth/login before) or compressing on every request. `pnpm bench:web` compresses
// its bare baseline SPA with the same function.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Fonts (woff2) and images are compressed already.
const compressible = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;

/** Writes file.br and file.gz beside every compressible file under dir; returns the raw and brotli totals. */
export function compressDir(dir: string): { files: number; raw: number; brotli: number } {
  const total = { files: 0, raw: 0, brotli: 0 };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const body = readFileSync(path);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    total.files += 1;
    total.raw += body.length;
    total.brotli += br.length;
  }
  return total;
}

if (import.meta.main) {
  const { files, raw, brotli } = compressDir(join(import.meta.dirname, '..', 'build', 'client'));
  console.log(
    `compressed ${files} files of build/client: ${(raw / 1024).toFixed(0)} kB → ${(brotli / 1024).toFixed(0)} kB brotli`,
  );
}
