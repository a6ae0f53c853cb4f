import { chromiumLaunchOptions } from '@mulot/testing/chromium';
import { FlakyReporter, retries } from '@mulot/testing/retries';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', new FlakyReporter()],
    projects: [
      {
        // the runtime's behaviour, in the browser it runs in
        test: {
          name: 'browser',
          retry: retries(),
          include: ['test/*.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: chromiumLaunchOptions() }),
            instances: [{ browser: 'chromium', viewport: { width: 1024, height: 768 } }],
          },
        },
      },
      // what is checked from outside the browser: the size of the bundle
      { test: { name: 'node', include: ['test/node/*.test.ts'], environment: 'node' } },
    ],
  },
});
