import { defineConfig } from '@pandacss/dev';
import root from '../../panda.config';

// Extracts only what the extension uses (the ui sources and its own), for injection into its shadow roots.
// Same presets, outdir and importMap as the root config, so classes match the shared styled-system.
export default defineConfig({
  ...root,
  include: [
    './packages/ui/src/**/*.{ts,tsx}',
    './apps/extension/src/**/*.ts',
    './apps/extension/entrypoints/**/*.ts',
  ],
});
