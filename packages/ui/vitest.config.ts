import { defineConfig } from 'vitest/config';

// Plain unit tests of the ui package (Node, no browser): the stories have their own config (.storybook).
export default defineConfig({
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
});
