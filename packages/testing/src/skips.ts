// No silent skips: a suite that cannot run on this machine says so where `pnpm test` prints it (a SKIPPED row of its
// final table), and where CI found PostgreSQL (.ci/run sets MULOT_EXPECT_POSTGRES=1), a suite that needs it fails
// instead of skipping: a broken setup must not pass as a green run with less in it.
import { appendFileSync } from 'node:fs';

export interface Skip {
  suite: string;
  reason: string;
  /** Needs PostgreSQL (a server, its binaries, or what runs beside it in CI): must not skip where it was expected. */
  postgres: boolean;
}

/** The file `pnpm test` (scripts/test.ts) collects skips in, one JSON line each. */
export const skipsFileVariable = 'MULOT_SKIPPED_FILE';
export const expectPostgresVariable = 'MULOT_EXPECT_POSTGRES';

/**
 * Whether the suite skips here: false when `reason` is null. Otherwise records the skip (and warns), or throws when
 * the suite needs PostgreSQL and PostgreSQL was expected — at a test file's top level, that fails the file.
 */
export function skipped(suite: string, reason: string | null, { postgres = false } = {}): boolean {
  if (reason === null) return false;
  if (postgres && process.env[expectPostgresVariable] === '1')
    throw new Error(
      `${suite} cannot run although PostgreSQL was expected (${expectPostgresVariable}=1): ${reason}`,
    );
  const file = process.env[skipsFileVariable];
  if (file) appendFileSync(file, `${JSON.stringify({ suite, reason, postgres } satisfies Skip)}\n`);
  console.warn(`SKIPPED ${suite}: ${reason}`);
  return true;
}
