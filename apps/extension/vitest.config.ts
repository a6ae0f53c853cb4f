import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // the end-to-end test starts the API, the demo site and Chromium, then authors and plays a guide
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
