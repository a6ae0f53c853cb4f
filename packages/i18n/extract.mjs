// Extracts every react-intl message (id + French defaultMessage) of the UI sources into lang/fr.json, the
// source catalogue; `--check` instead fails when fr.json is stale, when en.json misses or has extra keys, or when
// a message reads differently with the back-office's small parser (parse.ts) than with formatjs's.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse as formatjsParse } from '@formatjs/icu-messageformat-parser';
import { parse } from './parse.ts';

const root = join(import.meta.dirname, '..', '..');
const lang = join(import.meta.dirname, 'lang');
const sources = [
  'packages/ui/src/**/*.{ts,tsx}',
  'apps/backoffice/app/**/*.{ts,tsx}',
  'packages/reader/src/**/*.{ts,tsx}',
  'apps/extension/**/*.{ts,tsx}',
  'apps/embed/src/**/*.{ts,tsx}',
];
const ignored = ['**/*.d.ts', '**/*.stories.tsx', '**/node_modules/**', '**/.output/**', '**/.wxt/**'];

const sorted = (messages) =>
  Object.fromEntries(Object.entries(messages).sort(([a], [b]) => a.localeCompare(b)));
const serialize = (messages) => `${JSON.stringify(sorted(messages), null, 2)}\n`;

function extract() {
  const dir = mkdtempSync(join(tmpdir(), 'mulot-i18n-'));
  const out = join(dir, 'fr.json');
  try {
    execFileSync(
      'pnpm',
      [
        'exec',
        'formatjs',
        'extract',
        ...sources,
        ...ignored.flatMap((g) => ['--ignore', g]),
        '--format',
        'simple',
      ].concat(['--out-file', out]),
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const extracted = extract();

if (!process.argv.includes('--check')) {
  writeFileSync(join(lang, 'fr.json'), serialize(extracted));
  console.log(`fr.json: ${Object.keys(extracted).length} messages`);
  process.exit(0);
}

const problems = [];
const fr = readFileSync(join(lang, 'fr.json'), 'utf8');
if (fr !== serialize(extracted))
  problems.push('lang/fr.json is stale: run `pnpm i18n:extract` and commit it');
const en = JSON.parse(readFileSync(join(lang, 'en.json'), 'utf8'));
const missing = Object.keys(extracted).filter((id) => !(id in en));
const extra = Object.keys(en).filter((id) => !(id in extracted));
if (missing.length) problems.push(`lang/en.json misses ${missing.length} key(s): ${missing.join(', ')}`);
if (extra.length) problems.push(`lang/en.json has ${extra.length} unknown key(s): ${extra.join(', ')}`);
const empty = Object.entries(en).filter(([, text]) => typeof text !== 'string' || !text.trim());
if (empty.length) problems.push(`lang/en.json has empty texts: ${empty.map(([id]) => id).join(', ')}`);

// fr.json holds every defaultMessage of the code (checked above), so this covers what the back-office may format.
for (const [name, catalogue] of [
  ['fr', JSON.parse(fr)],
  ['en', en],
]) {
  for (const [id, text] of Object.entries(catalogue)) {
    let expected;
    try {
      expected = formatjsParse(text);
    } catch (error) {
      problems.push(`lang/${name}.json ${id}: ${error.message}`);
      continue;
    }
    let actual;
    try {
      actual = parse(text);
    } catch (error) {
      actual = error.message;
    }
    if (!isDeepStrictEqual(actual, expected))
      problems.push(
        `lang/${name}.json ${id}: packages/i18n/parse.ts reads it as ${JSON.stringify(actual)}, formatjs as ${JSON.stringify(expected)}`,
      );
  }
}

if (problems.length) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
console.log(`i18n: ${Object.keys(extracted).length} messages, fr.json up to date, en.json complete`);
