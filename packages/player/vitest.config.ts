import { chromiumLaunchOptions } from '@mulot/testing/chromium';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // the runtime's behaviour, in the browser it runs in
        test: {
          name: 'browser',
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
