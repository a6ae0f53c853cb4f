// Vitest global setup: one PGlite initdb + migrations for the whole run, dumped to a file each test file loads,
// instead of an initdb per file (seconds each on a busy machine).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import type { TestProject } from 'vitest/node';
import { migrate, pgliteExtensions } from '../../src/db/index.ts';
import type { Database } from '../../src/db/schema.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSeed: string;
    /** The same database as a PGlite data directory, to copy into a DATA_DIR (servers started as processes). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'mulot-pglite-seed-'));
  const pglite = new PGlite({ extensions: pgliteExtensions });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  await migrate(db);
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  const file = join(dir, 'seed.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSeed', file);
  const template = join(dir, 'pglite');
  const onDisk = new PGlite(template, { loadDataDir: dump });
  await onDisk.close();
  project.provide('pgliteTemplate', template);
  return () => rmSync(dir, { recursive: true, force: true });
}
