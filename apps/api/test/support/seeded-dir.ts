import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { pgliteExtensions } from '../../src/db/index.ts';

/**
 * Fills an embedded-database directory with the run's migrated seed (see pglite-seed.ts): what a server leaves
 * after its first start, in a second instead of an initdb (10 s on a busy machine).
 */
export async function seedPgliteDir(dataDir: string): Promise<void> {
  mkdirSync(dirname(dataDir), { recursive: true });
  const pglite = new PGlite(dataDir, {
    loadDataDir: new Blob([readFileSync(inject('pgliteSeed'))]),
    extensions: pgliteExtensions,
  });
  await pglite.query('SELECT 1');
  await pglite.close();
}
