import { FlakyReporter, retries } from '@mulot/testing/retries';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', new FlakyReporter()],
    retry: retries(),
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // the end-to-end test starts the API, the demo site with the snippet and Chromium
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
