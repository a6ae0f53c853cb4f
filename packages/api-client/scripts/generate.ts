// Regenerates src/generated/schema.ts from the root openapi.yaml; with --check, fails when the committed file
// differs from what the contract produces, so CI catches a contract change without a regenerated client.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const spec = resolve(packageDir, '../../openapi.yaml');
const committed = join(packageDir, 'src/generated/schema.ts');
const cli = join(packageDir, 'node_modules/openapi-typescript/bin/cli.js');

function generate(output: string): void {
  execFileSync(process.execPath, [cli, spec, '--output', output, '--alphabetize'], {
    cwd: packageDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

if (process.argv.includes('--check')) {
  const dir = mkdtempSync(join(tmpdir(), 'mulot-api-client-'));
  try {
    const fresh = join(dir, 'schema.ts');
    generate(fresh);
    if (readFileSync(fresh, 'utf8') !== readFileSync(committed, 'utf8')) {
      console.error(
        'src/generated/schema.ts is stale: openapi.yaml changed. Run `pnpm api:generate` and commit.',
      );
      process.exit(1);
    }
    console.log('src/generated/schema.ts matches openapi.yaml');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  generate(committed);
}
