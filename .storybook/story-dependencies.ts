import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/**
 * Every package the stories import, pre-bundled up front: when Vite discovers one mid-run it reloads the page,
 * which under Vitest loads React twice and fails whole story files. Scanning the sources keeps the list
 * complete as components are added.
 */
export function storyDependencies(): string[] {
  const found = new Set([
    'react',
    'react-dom',
    'react-dom/client',
    'react/jsx-runtime',
    'react/jsx-dev-runtime',
  ]);
  const importPattern = /^\s*import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  // Where each source's bare imports resolve from: the package that declares them as dependencies.
  const sources: [glob: string, from: string][] = [
    ['packages/ui/src/**/*.{ts,tsx}', '@mulot/ui'],
    ['apps/backoffice/{app,stories}/**/*.{ts,tsx}', '@mulot/backoffice'],
    ['packages/api-client/src/*.ts', '@mulot/backoffice > @mulot/api-client'],
  ];
  for (const [glob, from] of sources)
    for (const file of globSync(glob, { cwd: root })) {
      if (file.endsWith('.recipe.ts') || file.includes('/preset/') || file.includes('__screenshots__'))
        continue;
      for (const [, specifier] of readFileSync(join(root, file), 'utf8').matchAll(importPattern)) {
        if (!specifier || specifier.startsWith('.') || specifier.startsWith('node:')) continue;
        if (/^(#|@mulot\/|@pandacss\/|@storybook\/|storybook(\/|$))/.test(specifier)) continue;
        // Resolved from the package that imports it, hence Vite's nested-dependency syntax.
        found.add(
          /^(react|react-dom|react-intl|msw)(\/|$)/.test(specifier) ? specifier : `${from} > ${specifier}`,
        );
      }
    }
  return [...found].sort();
}
