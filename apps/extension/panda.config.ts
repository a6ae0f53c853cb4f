import { defineConfig } from '@pandacss/dev';
import root from '../../panda.config';

// Extracts only what the extension uses: it calls the ui package's recipes (button, field, input, textarea) from its
// own sources and renders no ui React component, so the ui sources are left out and the injected CSS stays small.
// Same presets, outdir and importMap as the root config, so classes match the shared styled-system.
export default defineConfig({
  ...root,
  include: ['./apps/extension/src/**/*.ts', './apps/extension/entrypoints/**/*.ts'],
});
