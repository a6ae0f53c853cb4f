import { defineConfig } from 'vitest/config';

// The start rules' decision is pure logic: run in Node, without a browser.
export default defineConfig({
  test: { environment: 'node', include: ['test/**/*.test.ts'] },
});
