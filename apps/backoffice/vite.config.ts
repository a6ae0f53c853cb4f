import { join } from 'node:path';
import pandacss from '@pandacss/dev/postcss';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

const root = join(import.meta.dirname, '../..');

export default defineConfig({
  // The one root Panda config extracts the CSS of the ui package and of this app (its `include` lists both).
  // (Panda types its plugin with its own copy of postcss: the cast only bridges the two identical typings.)
  css: {
    postcss: { plugins: [pandacss({ configPath: join(root, 'panda.config.ts'), cwd: root }) as never] },
  },
  plugins: [reactRouter()],
  server: {
    port: 5173,
    // `pnpm dev`: the API runs on :3000 (`pnpm --filter @mulot/api start`).
    proxy: { '/api': 'http://localhost:3000' },
  },
});
