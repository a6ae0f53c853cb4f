import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  PGliteDialect,
  PostgresDialect,
  type QueryCompiler,
  sql,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { DataDirLock } from './lock.ts';
import { analyze } from './maintenance.ts';
import { PGliteThread } from './pglite-thread.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** In memory; `seed` is a data directory dumped by PGlite (dumpDataDir) to start from instead of initdb. */
  | { kind: 'pglite-memory'; seed?: string };

export { pgliteExtensions } from './pglite-extensions.ts';

const migrationsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../migrations');

/**
 * Counts the writes made to a database only this process can write (PGlite: its data directory is locked, or it
 * lives in memory). Anything read from it at generation g is still exactly what the database holds for as long as
 * the generation is still g, so this process may keep it instead of asking again. A statement is counted as a write
 * unless it is a plain select built with Kysely (raw SQL and CTEs may write), before and after it runs, and so is
 * the end of every transaction: a read that overlaps a write is never labelled with the generation after it.
 */
export class WriteGeneration {
  #value = 0;

  get value(): number {
    return this.#value;
  }

  bump(): void {
    this.#value++;
  }
}

function readOnly(query: CompiledQuery): boolean {
  const node = query.query as { kind: string; with?: unknown };
  return node.kind === 'SelectQueryNode' && node.with === undefined;
}

const generations = new WeakMap<Kysely<Database>, WriteGeneration>();
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/**
 * The PostgreSQL pool under a database, for the few statements that are worth preparing (named statements, which
 * Kysely cannot ask for); null on PGlite.
 */
export function postgresPool(db: Kysely<Database>): pg.Pool | null {
  return pools.get(db) ?? null;
}

/**
 * The write generation of a database only this process writes (PGlite); null for PostgreSQL, which other replicas
 * write too: there, only a statement tells what the database holds now.
 */
export function writeGeneration(db: Kysely<Database>): WriteGeneration | null {
  return generations.get(db) ?? null;
}

/**
 * Kysely's PGlite driver hands its single connection to every caller at once, so a query from a concurrent request
 * would run inside another request's open transaction (and be rolled back with it). A mutex around the connection
 * gives each query or transaction exclusive use, as a pool of one would.
 */
class ExclusivePGliteDialect extends PGliteDialect {
  readonly #lock: DataDirLock | null;
  readonly writes = new WriteGeneration();

  constructor(config: ConstructorParameters<typeof PGliteDialect>[0], lock: DataDirLock | null = null) {
    super(config);
    this.#lock = lock;
  }

  override createDriver(): Driver {
    const inner = super.createDriver();
    const lock = this.#lock;
    let tail: Promise<void> = Promise.resolve();
    const releases: Array<() => void> = [];
    const writes = this.writes;
    // Kysely's PGlite driver finds its transaction methods on its own connection object: handed back unwrapped.
    const unwrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
    const own = (connection: DatabaseConnection) => unwrapped.get(connection) ?? connection;
    const counted = (connection: DatabaseConnection): DatabaseConnection => {
      const wrapper: DatabaseConnection = {
        executeQuery: async (query) => {
          if (readOnly(query)) return connection.executeQuery(query);
          writes.bump();
          try {
            return await connection.executeQuery(query);
          } finally {
            writes.bump();
          }
        },
        streamQuery: (query, chunkSize) => {
          if (!readOnly(query)) writes.bump();
          return connection.streamQuery(query, chunkSize);
        },
      };
      unwrapped.set(wrapper, connection);
      return wrapper;
    };
    return {
      init: (options) => inner.init(options),
      acquireConnection: async (options) => {
        const previous = tail;
        let release!: () => void;
        tail = new Promise<void>((r) => {
          release = r;
        });
        await previous;
        releases.push(release);
        return counted(await inner.acquireConnection(options));
      },
      releaseConnection: async (connection: DatabaseConnection, options) => {
        await inner.releaseConnection(own(connection), options);
        releases.shift()?.();
      },
      beginTransaction: (connection: DatabaseConnection, settings: TransactionSettings) =>
        inner.beginTransaction(own(connection), settings),
      commitTransaction: async (connection: DatabaseConnection) => {
        try {
          await inner.commitTransaction(own(connection));
        } finally {
          writes.bump();
        }
      },
      rollbackTransaction: async (connection: DatabaseConnection) => {
        try {
          await inner.rollbackTransaction(own(connection));
        } finally {
          writes.bump();
        }
      },
      savepoint: (connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) =>
        inner.savepoint?.(own(connection), name, compile) ?? Promise.resolve(),
      rollbackToSavepoint: (
        connection: DatabaseConnection,
        name: string,
        compile: QueryCompiler['compileQuery'],
      ) => inner.rollbackToSavepoint?.(own(connection), name, compile) ?? Promise.resolve(),
      releaseSavepoint: (
        connection: DatabaseConnection,
        name: string,
        compile: QueryCompiler['compileQuery'],
      ) => inner.releaseSavepoint?.(own(connection), name, compile) ?? Promise.resolve(),
      destroy: async () => {
        await inner.destroy();
        lock?.release();
      },
    };
  }
}

class PoolDialect extends PostgresDialect {
  readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    super({ pool });
    this.pool = pool;
  }
}

function dialectFor(target: DatabaseTarget): Dialect {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // An unreachable server must fail a request within seconds (503), never leave it hanging; a refused
      // connection (server stopped or restarting) fails at once anyway.
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    // An idle client losing its server must not crash the process; the pool drops it (as it drops a client whose
    // query failed on a broken connection) and opens a fresh one for the next query.
    pool.on('error', () => {});
    // A connection dropped while checked out (between two queries of a transaction) emits 'error' on its client,
    // which would crash the process unheard; the query waiting on it fails (503) and the pool discards it.
    pool.on('connect', (client) => client.on('error', () => {}));
    return new PoolDialect(pool);
  }
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    const lock = new DataDirLock(target.dataDir);
    lock.acquire();
    return new ExclusivePGliteDialect({ pglite: () => new PGliteThread({ dataDir: target.dataDir }) }, lock);
  }
  const seed = target.seed;
  return new ExclusivePGliteDialect({ pglite: () => new PGliteThread(seed ? { seed } : {}) });
}

/** Names of the migrations this version of the code knows, in the order they apply. */
export function migrationNames(): string[] {
  return readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** Migrations shipped with this version and applied to the database, and those still missing. */
export async function migrationStatus(db: Db): Promise<{ applied: number; missing: string[] }> {
  const rows = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db);
  const done = new Set(rows.rows.map((r) => r.name));
  const files = migrationNames();
  return { applied: files.filter((f) => done.has(f)).length, missing: files.filter((f) => !done.has(f)) };
}

/** Creates the bookkeeping table; runs inside the caller's transaction when given one. */
export async function ensureMigrationsTable(db: Kysely<Database>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
}

/** Applies one migration unless already applied, inside the given transaction. Returns whether it ran. */
export async function applyMigration(trx: Kysely<Database>, file: string): Promise<boolean> {
  // Two replicas starting together must not apply a migration twice.
  await sql`SELECT pg_advisory_xact_lock(7242001)`.execute(trx);
  const done = await sql<{
    name: string;
  }>`SELECT name FROM schema_migrations WHERE name = ${file}`.execute(trx);
  if (done.rows.length > 0) return false;
  // One statement per query: PGlite's parameterised protocol refuses several at once. Migrations end each
  // statement with a semicolon at the end of a line.
  const statements = readFileSync(join(migrationsDir, file), 'utf8')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.replace(/--.*$/gm, '').trim().length > 0);
  for (const statement of statements) await sql.raw(statement).execute(trx);
  await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(trx);
  return true;
}

/**
 * Applies every migration not applied yet, in name order, each in its own transaction; then, if any ran, an ANALYZE:
 * a migration may add the index or the column a query plans with, and the embedded database has no autovacuum to
 * gather their statistics later.
 */
export async function migrate(db: Db): Promise<string[]> {
  await ensureMigrationsTable(db);
  const applied: string[] = [];
  for (const file of migrationNames()) {
    if (await db.transaction().execute((trx) => applyMigration(trx, file))) applied.push(file);
  }
  if (applied.length > 0) await analyze(db);
  return applied;
}

/** Opens the database without touching its schema (backup and restore decide what to migrate). */
export function connectDatabase(target: DatabaseTarget): Db {
  const dialect = dialectFor(target);
  const db = new Kysely<Database>({ dialect });
  if (dialect instanceof ExclusivePGliteDialect) generations.set(db, dialect.writes);
  if (dialect instanceof PoolDialect) pools.set(db, dialect.pool);
  return db;
}

export async function openDatabase(target: DatabaseTarget): Promise<Db> {
  const db = connectDatabase(target);
  await migrate(db);
  return db;
}
