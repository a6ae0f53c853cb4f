#!/usr/bin/env node
// `pnpm rotate-secret`: replaces the secret that signs sessions when it is kept in the database (JWT_SECRET unset);
// every session is signed out once the servers restart. Failures are one line on stderr and exit code 1.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, configFromEnv } from './config.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { connectDatabase } from './db/index.ts';
import { storeNewJwtSecret } from './security.ts';

async function main(): Promise<string> {
  const config = configFromEnv();
  if (config.jwtSecret) {
    throw new ConfigError(
      'sessions are signed with JWT_SECRET: set a new value in the environment of every server and restart them',
    );
  }
  if (config.database.kind === 'pglite' && !existsSync(join(config.database.dataDir, 'PG_VERSION'))) {
    throw new ConfigError(`no embedded database in ${config.dataDir} (set DATA_DIR or DATABASE_URL)`);
  }
  const db = connectDatabase(config.database);
  try {
    await storeNewJwtSecret(db);
  } finally {
    await db.destroy();
  }
  return 'a new signing secret is stored: restart every server, every session is then signed out';
}

try {
  console.log(`mulot: ${await main()}`);
} catch (error) {
  const message =
    error instanceof ConfigError
      ? error.message
      : isDatabaseUnavailable(error)
        ? `cannot reach the database (${(error as Error).message})`
        : ((error as Error).message ?? String(error));
  console.error(`mulot: rotate-secret failed: ${message.split('\n')[0]}`);
  process.exitCode = 1;
}
