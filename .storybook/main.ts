import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pandacss from '@pandacss/dev/postcss';
import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';

const root = join(import.meta.dirname, '..');

/**
 * Every package the stories import, pre-bundled up front: when Vite discovers one mid-run it reloads the page,
 * which under Vitest loads React twice and fails whole story files. Scanning the sources keeps the list
 * complete as components are added.
 */
function storyDependencies(): string[] {
  const found = new Set([
    'react',
    'react-dom',
    'react-dom/client',
    'react/jsx-runtime',
    'react/jsx-dev-runtime',
  ]);
  const importPattern = /^\s*import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const file of globSync('packages/ui/src/**/*.{ts,tsx}', { cwd: root })) {
    if (file.endsWith('.recipe.ts') || file.includes('/preset/') || file.includes('__screenshots__'))
      continue;
    for (const [, specifier] of readFileSync(join(root, file), 'utf8').matchAll(importPattern)) {
      if (!specifier || specifier.startsWith('.') || specifier.startsWith('node:')) continue;
      if (/^(@mulot\/|@pandacss\/|@storybook\/|storybook(\/|$))/.test(specifier)) continue;
      found.add(specifier);
    }
  }
  return [...found].sort();
}

const config: StorybookConfig = {
  stories: ['../packages/ui/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: (config) =>
    mergeConfig(config, {
      // The root Panda config extracts the CSS of every story (and of the apps) in one pass.
      css: { postcss: { plugins: [pandacss({ configPath: join(root, 'panda.config.ts'), cwd: root })] } },
      optimizeDeps: { include: storyDependencies() },
    }),
};

export default config;
