import { defineConfig } from '@pandacss/dev';
import root from '../../panda.config';

// The CSS of the embed's reader: the ui components and fragments it renders and the reader's wiring. Same presets,
// outdir and importMap as the root config, so classes match the shared styled-system. It is adopted by the reader's
// closed shadow roots and ships only in the lazily loaded reader chunk, never in the loader.
export default defineConfig({
  ...root,
  include: [
    './packages/ui/src/components/**/*.{ts,tsx}',
    './packages/ui/src/fragments/**/*.{ts,tsx}',
    './packages/reader/src/**/*.{ts,tsx}',
    './apps/embed/src/**/*.{ts,tsx}',
  ],
  exclude: [...(root.exclude ?? []), '**/*.stories.tsx'],
});
