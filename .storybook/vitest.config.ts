import { join } from 'node:path';
import { chromiumLaunchOptions } from '@mulot/testing/chromium';
import { FlakyReporter, retries } from '@mulot/testing/retries';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { storyDependencies } from './story-dependencies';

// Named so that no package's own Vitest run picks it up by walking up the tree: `pnpm test:stories` passes it.
const root = join(import.meta.dirname, '..');

export default defineConfig({
  root,
  // The browser project shares this (top-level) Vite server, so its pre-bundled dependencies are set here.
  optimizeDeps: { include: storyDependencies() },
  test: {
    reporters: ['default', new FlakyReporter()],
    // Four pages at once: a story mostly waits (its play function, the settle before the screenshot, the
    // screenshot's own stability check), so on a 2-core machine four pages took the suite from 328 s to 198 s
    // alone (eight: 221 s, the main thread comparing screenshots becomes the bottleneck).
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        plugins: [storybookTest({ configDir: import.meta.dirname })],
        test: {
          name: 'storybook',
          retry: retries(),
          setupFiles: [join(import.meta.dirname, 'vitest.setup.ts')],
          // Browser mode's default is 15 s per story: a route story's first one (its modules transformed while it
          // runs) took up to 13 s on a loaded machine with the renderer's CPU throttled 4×. Its own waits give up
          // after 15 s (preview.tsx), well within this: a screen that never shows what it should fails on them,
          // with their message.
          testTimeout: 45_000,
          // The screenshot is taken after each story (vitest.setup.ts), with up to 15 s to find a stable one.
          hookTimeout: 45_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              // Same text rendering on every machine, so screenshot baselines compare.
              launchOptions: chromiumLaunchOptions([
                '--font-render-hinting=none',
                '--disable-lcd-text',
                '--force-color-profile=srgb',
              ]),
            }),
            instances: [{ browser: 'chromium' }],
            viewport: { width: 1200, height: 900 },
            screenshotFailures: false,
            expect: {
              toMatchScreenshot: {
                // Two identical shots in a row: 5 s (the default) was not always enough with the whole `pnpm test`
                // on 2 cores (a dialog's or toast's stories failed with "Matcher did not succeed in time").
                timeout: 15_000,
                comparatorName: 'pixelmatch',
                // Anti-aliasing noise only; any real change (a colour, a moved element, a text) exceeds it.
                comparatorOptions: { threshold: 0.1, allowedMismatchedPixelRatio: 0.001 },
              },
            },
          },
        },
      },
    ],
  },
});
