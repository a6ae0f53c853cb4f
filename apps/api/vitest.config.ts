import { FlakyReporter, retries } from '@mulot/testing/retries';
import { defineConfig } from 'vitest/config';

// Every suite runs on PGlite; when TEST_DATABASE_URL points at a PostgreSQL server, again on PostgreSQL.
const backends = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    reporters: ['default', new FlakyReporter()],
    // Two files at a time even on 2 cores (Vitest's default there is one): a file spends most of its time waiting
    // on a database or a server, 217 s → 147 s for both backends on the CI machine.
    maxWorkers: 2,
    // A worker keeps its modules from one file to the next (Fastify, the contract's schemas, Kysely, PGlite's loader)
    // instead of importing them again for each: alone, both backends 188 s → 140 s and 337 → 236 CPU seconds.
    // Safe because a suite's state lives in the server and database it starts, never in a module; Vitest still
    // gives each project (backend) its own workers.
    isolate: false,
    projects: backends.map((backend) => ({
      test: {
        name: backend,
        retry: retries(),
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
