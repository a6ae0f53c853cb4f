import { mulotPreset } from '@mulot/ui/preset';
import { defineConfig } from '@pandacss/dev';

// The one Panda config of the monorepo: every app and Storybook extract from it, and everything imports the
// generated styled-system by one package name (relative imports made app builds drop `styled()` styles).
export default defineConfig({
  preflight: true,
  jsxFramework: 'react',
  presets: ['@pandacss/preset-base', '@pandacss/preset-panda', mulotPreset],
  include: [
    './packages/ui/src/**/*.{ts,tsx}',
    './.storybook/**/*.{ts,tsx}',
    './apps/backoffice/app/**/*.{ts,tsx}',
    './apps/extension/**/*.{ts,tsx}',
    './packages/reader/src/**/*.{ts,tsx}',
    './apps/embed/src/**/*.{ts,tsx}',
  ],
  exclude: ['**/node_modules/**', '**/*.recipe.ts', './packages/ui/src/preset/**'],
  outdir: 'packages/ui/styled-system',
  importMap: '@mulot/ui/styled-system',
  // Every variant of every recipe is generated, so a variant chosen at run time (a prop, story args) is styled.
  staticCss: { recipes: '*' },
  strictTokens: true,
  strictPropertyValues: true,
});
