// Layering is a token scale, not a number picked per component: a z-index in the ui sources or the back-office
// that is not a level of the preset's scale fails here. (A recipe naming a level the preset lacks compiles to an
// invalid declaration that the browser drops: that is how card buttons came to paint over open dialogs.)
// One of the package's unit tests (vitest in Node): a grep, in milliseconds.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'vitest';
import { tokens } from './tokens.ts';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const scanned = ['packages/ui/src', 'apps/backoffice/app'];
const levels = Object.keys(tokens.zIndex ?? {});
// Ark's toast stacks the toasts of its group (all inside the `toast` level) through this variable.
const allowed = new Set([...levels, 'var(--z-index)']);

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'styled-system') yield* sources(path);
    } else if (/\.(tsx?|css)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
      yield path;
    }
  }
}

// `zIndex: 'modal'`, `zIndex="sticky"`, `zIndex={10}`, `z-index: 50`, `zIndex: 3` (inline styles too).
const usage = /(?:zIndex|z-index)\s*[:=]\s*(?:\{\s*)?(['"`]?)([^'"`,;}\s)]+(?:\([^)]*\))?)\1/g;

test('the preset has the one layering scale, in order', () => {
  assert.deepEqual(levels, ['base', 'raised', 'sticky', 'dropdown', 'overlay', 'modal', 'toast', 'tooltip']);
  const values = Object.values(tokens.zIndex ?? {}).map((t) => Number((t as { value: number }).value));
  assert.deepEqual(
    values,
    [...values].sort((a, b) => a - b),
    'each level paints above the one before it',
  );
});

test('no raw z-index in packages/ui and apps/backoffice: only levels of the scale', () => {
  const raw: string[] = [];
  let seen = 0;
  for (const dir of scanned) {
    for (const file of sources(join(root, dir))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(usage)) {
        const value = match[2] ?? '';
        // The scale's own definition.
        if (file.endsWith(join('preset', 'tokens.ts'))) continue;
        seen++;
        if (!allowed.has(value)) {
          const line = text.slice(0, match.index).split('\n').length;
          raw.push(`${relative(root, file)}:${line}: ${match[0]}`);
        }
      }
    }
  }
  assert.ok(seen >= 8, `the scan found the recipes' z-index uses (${seen})`);
  assert.deepEqual(raw, []);
});
