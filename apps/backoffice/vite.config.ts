import { join } from 'node:path';
import pandacss from '@pandacss/dev/postcss';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

const root = join(import.meta.dirname, '../..');

// What every page runs before it can show: React, React Router, the API client and react-intl. One chunk rather
// than the dozen the automatic split makes of them: each file costs a request and compresses on its own, and none
// of them is ever loaded without the others. TanStack Query is not in it: only the signed-in pages load it
// (app/lib/query.ts), in a chunk of its own.
const firstLoad =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|openapi-fetch|react-intl|@formatjs|intl-messageformat)[\\/]/;
const queryLibraries = /[\\/]node_modules[\\/](@tanstack|openapi-react-query)[\\/]/;

export default defineConfig(({ isSsrBuild }) => ({
  // The one root Panda config extracts the CSS of the ui package and of this app (its `include` lists both).
  // (Panda types its plugin with its own copy of postcss: the cast only bridges the two identical typings.)
  css: {
    postcss: { plugins: [pandacss({ configPath: join(root, 'panda.config.ts'), cwd: root }) as never] },
  },
  plugins: [reactRouter()],
  resolve: {
    // The catalogues' syntax read by @mulot/i18n's small parser rather than formatjs's (~8 kB gzip less on every
    // page); `pnpm i18n:check` fails if the two read any message differently. The storybook and tests keep formatjs's.
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: join(root, 'packages/i18n/parse.ts'),
      },
    ],
  },
  server: {
    port: 5173,
    // `pnpm dev`: the API runs on :3000 (`pnpm --filter @mulot/api start`).
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: firstLoad },
                { name: 'query', test: queryLibraries },
              ],
            },
          },
        },
      },
}));
