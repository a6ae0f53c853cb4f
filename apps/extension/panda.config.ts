import { defineConfig } from '@pandacss/dev';
import root from '../../panda.config';

// The CSS of the extension's panels: the ui package's components and fragments (which the panels render) and the
// extension's own sources. Same presets, outdir and importMap as the root config, so classes match the shared
// styled-system. It is injected into the panels' shadow roots and ships only in the lazily loaded /panel.js.
export default defineConfig({
  ...root,
  include: [
    './packages/ui/src/components/**/*.{ts,tsx}',
    './packages/ui/src/fragments/**/*.{ts,tsx}',
    './packages/reader/src/**/*.{ts,tsx}',
    './apps/extension/src/**/*.{ts,tsx}',
    './apps/extension/entrypoints/**/*.{ts,tsx}',
  ],
  exclude: [...(root.exclude ?? []), '**/*.stories.tsx'],
});
