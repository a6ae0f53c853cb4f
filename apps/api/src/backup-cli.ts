#!/usr/bin/env node
// `pnpm backup [file]` and `pnpm restore <file> [--force]`, on the database the server's configuration names
// (DATABASE_URL, else the embedded PGlite under DATA_DIR). Every failure is one line on stderr and exit code 1.
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { BackupError, backup, inspectBackup, type RowCounts, restore } from './backup.ts';
import { ConfigError, configFromEnv } from './config.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { connectDatabase, type Db } from './db/index.ts';

const usage = 'usage: pnpm backup [file] | pnpm restore <file> [--force]';

function summary(rows: RowCounts): string {
  const total = Object.values(rows).reduce((a, b) => a + b, 0);
  const main = ['users', 'organizations', 'projects', 'scenarios', 'steps', 'screenshots']
    .filter((t) => t in rows)
    .map((t) => `${rows[t]} ${t}`)
    .join(', ');
  return `${total} rows: ${main}`;
}

function timestamp(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').replace(/\..*$/, '');
}

async function main(args: string[]): Promise<string> {
  const [command, ...rest] = args;
  const force = rest.includes('--force');
  const positional = rest.filter((a) => a !== '--force' && a !== '--');
  const unknown = rest.find((a) => a.startsWith('-') && a !== '--force' && a !== '--');
  if (unknown || positional.length > 1) throw new BackupError(usage);
  // Paths are relative to the directory pnpm was started in, like DATA_DIR.
  const base =
    process.env.INIT_CWD && isAbsolute(process.env.INIT_CWD) ? process.env.INIT_CWD : process.cwd();
  const config = configFromEnv();
  const where =
    config.database.kind === 'postgres'
      ? `PostgreSQL ${new URL(config.database.url).host}${new URL(config.database.url).pathname}`
      : `the embedded database in ${config.dataDir}`;
  if (command === 'backup') {
    const file = resolve(base, positional[0] ?? `mulot-backup-${timestamp()}.jsonl.gz`);
    if (config.database.kind === 'pglite' && !existsSync(join(config.database.dataDir, 'PG_VERSION'))) {
      throw new BackupError(`no embedded database in ${config.dataDir} (set DATA_DIR or DATABASE_URL)`);
    }
    const db = await open(config.database);
    try {
      const rows = await backup(db, file, config.database.kind === 'postgres' ? 'postgres' : 'pglite');
      return `backup of ${where} written to ${file} (${summary(rows)})`;
    } finally {
      await db.destroy();
    }
  }
  if (command === 'restore') {
    if (!positional[0]) throw new BackupError(usage);
    const file = resolve(base, positional[0]);
    // A bad file is refused before the database is even opened (or, embedded, created).
    const inspected = await inspectBackup(file);
    const db = await open(config.database);
    try {
      const rows = await restore(db, file, { force, inspected });
      // The secret never travels in a backup (docs/decisions/0015-bootstrap-and-secrets.md).
      const sessions = config.jwtSecret
        ? ''
        : '; every session was signed out (a new signing secret was generated: set JWT_SECRET to keep sessions across a restore)';
      return `${file} restored into ${where} (${summary(rows)})${sessions}`;
    } finally {
      await db.destroy();
    }
  }
  throw new BackupError(usage);
}

async function open(target: ReturnType<typeof configFromEnv>['database']): Promise<Db> {
  try {
    return connectDatabase(target);
  } catch (error) {
    throw new BackupError((error as Error).message);
  }
}

const command = process.argv[2];
try {
  console.log(`mulot: ${await main(process.argv.slice(2))}`);
} catch (error) {
  let message: string;
  if (error instanceof BackupError || error instanceof ConfigError) message = error.message;
  else if (isDatabaseUnavailable(error)) message = `cannot reach the database (${(error as Error).message})`;
  else message = (error as Error).message ?? String(error);
  console.error(`mulot: ${command === 'restore' ? 'restore' : 'backup'} failed: ${message.split('\n')[0]}`);
  process.exitCode = 1;
}
