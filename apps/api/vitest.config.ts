import { defineConfig } from 'vitest/config';

// Every suite runs on PGlite; when TEST_DATABASE_URL points at a PostgreSQL server, again on PostgreSQL.
const backends = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    // Two files at a time even on 2 cores (Vitest's default there is one): a file spends most of its time waiting
    // on a database or a server, 217 s → 147 s for both backends on the CI machine.
    maxWorkers: 2,
    projects: backends.map((backend) => ({
      test: {
        name: backend,
        environment: 'node',
        include: ['test/**/*.test.ts'],
        env: { MULOT_TEST_BACKEND: backend },
        // The postgres project needs it too: the backup and durability suites work on embedded data directories.
        globalSetup: ['test/support/pglite-seed.ts'],
        // Whole journeys (a restart, the labelled assistant set, a cluster) take seconds on an idle machine and
        // several times that on a busy one; a slow answer is not what these suites check.
        testTimeout: 90_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
