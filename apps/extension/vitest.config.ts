import { FlakyReporter, retries } from '@mulot/testing/retries';
import { defineConfig } from 'vitest/config';

// Two suites at a time: each starts its own API, demo site and Chromium profile (ports chosen by the system) and mostly
// waits on them; alone on 2 cores, 169 s → 102 s. The managed-policy suite writes Chromium's machine-wide policy for
// this extension's id, which every other suite's Chromium would read too: it runs alone, after them (Vitest's
// parallel-then-sequential recipe).
const common = {
  environment: 'node',
  retry: retries(),
  // the end-to-end test starts the API, the demo site and Chromium, then authors and plays a guide
  testTimeout: 300_000,
  hookTimeout: 120_000,
};
const managed = 'test/managed.test.ts';

export default defineConfig({
  test: {
    reporters: ['default', new FlakyReporter()],
    projects: [
      {
        test: {
          name: 'extension',
          include: ['test/**/*.test.ts'],
          exclude: [managed],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
          ...common,
        },
      },
      {
        test: {
          name: 'managed policy',
          include: [managed],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          ...common,
        },
      },
    ],
  },
});
