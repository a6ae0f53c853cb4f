/**
 * Logical, engine-independent backups: the same file moves an installation from the embedded PGlite to a
 * PostgreSQL server and back (pg_dump cannot read PGlite).
 *
 * Format: gzip'd JSON lines. Line 1 is the header `["mulot-backup", {formatVersion, migrations, tables, …}]`; each
 * table starts with `["table", name]` followed by one JSON object per row (PostgreSQL's own `row_to_json`, so
 * bytea, timestamps and jsonb round-trip exactly through `json_populate_recordset`); the last line is
 * `["end", {rowsPerTable}]`, so a truncated file is detected. Tables come in foreign-key order, every table of
 * the schema, every row but the JWT signing secret: a backup is copied to places the secret must never reach, so a
 * restore signs every session out (unless the servers sign with JWT_SECRET) — docs/decisions/0015-bootstrap-and-secrets.md.
 */
import { once } from 'node:events';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { type Kysely, sql } from 'kysely';
import {
  BackupError,
  type BackupHeader,
  backupFormat,
  backupFormatVersion,
  control,
  inspectBackup,
  linesOf,
  type RowCounts,
} from './backup-file.ts';
import { applyMigration, type Db, ensureMigrationsTable, migrationNames } from './db/index.ts';
import { analyze } from './db/maintenance.ts';
import type { Database } from './db/schema.ts';
import { storeNewJwtSecret } from './security.ts';

/** The row of `settings` that holds the generated JWT secret: never written to a backup, never restored. */
const jwtSecretKey = 'jwt_secret';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface TableInfo {
  name: string;
  primaryKey: string[];
  hasBinary: boolean;
}

/** Every table of the current schema but the migration bookkeeping, parents before children. */
async function tablesInOrder(db: Kysely<Database>): Promise<TableInfo[]> {
  const tables = await sql<{ name: string; primary_key: string[] | null; has_binary: boolean }>`
    SELECT c.relname AS name,
      (SELECT array_agg(a.attname::text ORDER BY array_position(i.indkey::int2[], a.attnum))
         FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
        WHERE i.indrelid = c.oid AND i.indisprimary) AS primary_key,
      EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                AND a.atttypid = 'bytea'::regtype) AS has_binary
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND c.relname <> 'schema_migrations'
    ORDER BY c.relname`.execute(db);
  const edges = await sql<{ child: string; parent: string }>`
    SELECT child.relname AS child, parent.relname AS parent
    FROM pg_constraint con
    JOIN pg_class child ON child.oid = con.conrelid
    JOIN pg_class parent ON parent.oid = con.confrelid
    JOIN pg_namespace n ON n.oid = child.relnamespace
    WHERE con.contype = 'f' AND n.nspname = current_schema() AND child.oid <> parent.oid`.execute(db);
  const parents = new Map<string, Set<string>>(tables.rows.map((t) => [t.name, new Set<string>()]));
  for (const { child, parent } of edges.rows) parents.get(child)?.add(parent);
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  const pending = [...tables.rows];
  while (pending.length > 0) {
    const index = pending.findIndex((t) => [...(parents.get(t.name) ?? [])].every((p) => done.has(p)));
    if (index < 0)
      throw new BackupError(`circular foreign keys between ${pending.map((t) => t.name).join(', ')}`);
    const [table] = pending.splice(index, 1);
    if (!table) break;
    done.add(table.name);
    ordered.push({ name: table.name, primaryKey: table.primary_key ?? [], hasBinary: table.has_binary });
  }
  return ordered;
}

async function appliedMigrations(db: Kysely<Database>): Promise<string[] | null> {
  const exists = await sql<{ found: boolean }>`
    SELECT to_regclass('schema_migrations') IS NOT NULL AS found`.execute(db);
  if (!exists.rows[0]?.found) return null;
  const rows = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** Writes a consistent snapshot of the whole database to `file` (atomically: a temporary file renamed at the end). */
export async function backup(db: Db, file: string, source: BackupHeader['source']): Promise<RowCounts> {
  const temporary = `${file}.partial`;
  const gzip = createGzip();
  const output = createWriteStream(temporary, { mode: 0o600 });
  const done = pipeline(gzip, output);
  done.catch(() => {});
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  try {
    const counts = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const migrations = await appliedMigrations(trx);
        if (!migrations) throw new BackupError('the database has no Mulot schema: nothing to back up');
        const tables = await tablesInOrder(trx);
        const header: BackupHeader = {
          formatVersion: backupFormatVersion,
          createdAt: new Date().toISOString(),
          source,
          migrations,
          tables: tables.map((t) => t.name),
        };
        await write(JSON.stringify([backupFormat, header]));
        const counts: RowCounts = {};
        for (const table of tables) {
          await write(JSON.stringify(['table', table.name]));
          // Pages keep memory bounded (rows with screenshots are up to a few MB each); each page starts after the
          // previous page's last key, so the thousandth page costs what the first did.
          const pageSize = table.hasBinary ? 20 : 1000;
          const key = table.primaryKey.map((column) => sql.ref(column));
          const order = key.length > 0 ? sql.join(key) : sql`1`;
          const kept = table.name === 'settings' ? sql`t.key <> ${jwtSecretKey}` : sql`true`;
          let after: unknown[] | null = null;
          let count = 0;
          for (let offset = 0; ; offset += pageSize) {
            const page: { rows: Array<{ j: string; k: string }> } = await sql<{ j: string; k: string }>`
              SELECT row_to_json(t)::text AS j, json_build_array(${order})::text AS k
              FROM ${sql.table(table.name)} t
              WHERE ${kept} AND ${after ? sql`(${order}) > (${sql.join(after)})` : sql`true`}
              ORDER BY ${order} LIMIT ${pageSize} ${key.length > 0 ? sql`` : sql`OFFSET ${offset}`}`.execute(
              trx,
            );
            for (const row of page.rows) await write(row.j);
            count += page.rows.length;
            if (page.rows.length < pageSize) break;
            if (key.length > 0) after = JSON.parse(page.rows.at(-1)?.k ?? '[]') as unknown[];
          }
          counts[table.name] = count;
        }
        await write(JSON.stringify(['end', { rows: counts }]));
        return counts;
      });
    gzip.end();
    await done;
    renameSync(temporary, file);
    return counts;
  } catch (error) {
    gzip.destroy();
    await done.catch(() => {});
    rmSync(temporary, { force: true });
    throw error;
  }
}

// Rows per INSERT; the JSON of one batch stays within a few MB (screenshots are hex-encoded in the file).
const batchRows = 500;
const batchChars = 8 * 1024 * 1024;

/**
 * Loads a backup into the database, in one transaction: all of it or nothing. The target must be empty (a
 * freshly created database, or one the server only migrated) unless `force`, which replaces its content.
 */
export async function restore(
  db: Db,
  file: string,
  options: { force?: boolean; inspected?: Awaited<ReturnType<typeof inspectBackup>> } = {},
): Promise<RowCounts> {
  const { header, rows } = options.inspected ?? (await inspectBackup(file));
  const applied = (await appliedMigrations(db)) ?? [];
  const newer = applied.filter((m) => !header.migrations.includes(m));
  if (newer.length > 0) {
    throw new BackupError(
      `the target database has a newer schema than the backup (${newer.join(', ')}); restore into an empty database`,
    );
  }
  if (applied.length > 0 && !options.force) {
    const filled: string[] = [];
    // The tables an operator recognizes first in the message.
    const first = ['users', 'projects', 'scenarios', 'steps'];
    const tables = [
      ...first.filter((t) => header.tables.includes(t)),
      ...header.tables.filter((t) => !first.includes(t)),
    ];
    for (const table of tables) {
      // Settings hold what a server writes on its first start (the JWT secret): not content.
      if (table === 'settings') continue;
      const exists = await sql<{
        found: boolean;
      }>`SELECT to_regclass(${quote(table)}) IS NOT NULL AS found`.execute(db);
      if (!exists.rows[0]?.found) continue;
      const result = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${sql.raw(quote(table))}`.execute(db);
      const n = result.rows[0]?.n ?? 0;
      if (n > 0) filled.push(`${n} ${table}`);
    }
    if (filled.length > 0) {
      throw new BackupError(
        `the target database is not empty (${filled.slice(0, 4).join(', ')}${filled.length > 4 ? ', …' : ''}); add --force to replace its content`,
      );
    }
  }

  await db.transaction().execute(async (trx) => {
    await ensureMigrationsTable(trx);
    // The rows fit the schema of the backup: migrate up to it, load, then apply the migrations it predates.
    for (const name of header.migrations) await applyMigration(trx, name);
    // Only the backup's own tables (with --force, or the server's first-start settings): never anything else
    // that may share the database.
    if (header.tables.length > 0) {
      await sql.raw(`TRUNCATE ${header.tables.map(quote).join(', ')} CASCADE`).execute(trx);
    }

    const insertable = new Map<string, string>();
    for (const table of header.tables) {
      const columns = await sql<{ name: string }>`
        SELECT a.attname AS name FROM pg_attribute a
        WHERE a.attrelid = to_regclass(${quote(table)}) AND a.attnum > 0 AND NOT a.attisdropped
          AND a.attgenerated = ''
        ORDER BY a.attnum`.execute(trx);
      if (columns.rows.length === 0)
        throw new BackupError(`table ${table} of the backup does not exist here`);
      insertable.set(table, columns.rows.map((c) => quote(c.name)).join(', '));
    }

    let table: string | null = null;
    let batch: string[] = [];
    let size = 0;
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const columns = insertable.get(table) as string;
      await sql`INSERT INTO ${sql.raw(quote(table))} (${sql.raw(columns)}) OVERRIDING SYSTEM VALUE
        SELECT ${sql.raw(columns)} FROM json_populate_recordset(NULL::${sql.raw(quote(table))}, ${`[${batch.join(',')}]`}::json)`.execute(
        trx,
      );
      batch = [];
      size = 0;
    };
    let first = true;
    for await (const line of linesOf(file)) {
      if (first) {
        first = false;
        continue;
      }
      if (line.startsWith('[')) {
        await flush();
        const [kind, value] = control(line) ?? [];
        table = kind === 'table' ? (value as string) : null;
        continue;
      }
      batch.push(line);
      size += line.length;
      if (batch.length >= batchRows || size >= batchChars) await flush();
    }
    await flush();

    for (const name of migrationNames()) await applyMigration(trx, name);

    // Serial and identity columns continue after the restored rows.
    const sequences = await sql<{ t: string; c: string; s: string }>`
      SELECT quote_ident(c.relname) AS t, quote_ident(a.attname) AS c,
             pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS s
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
        AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`.execute(trx);
    for (const { t, c, s } of sequences.rows) {
      await sql`SELECT setval(${s}, coalesce((SELECT max(${sql.raw(c)}) FROM ${sql.raw(t)}), 0) + 1, false)`.execute(
        trx,
      );
    }

    for (const name of header.tables) {
      const result = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.raw(quote(name))}`.execute(
        trx,
      );
      if ((result.rows[0]?.n ?? 0) !== rows[name]) {
        throw new BackupError(
          `table ${name}: ${result.rows[0]?.n} rows loaded, the backup holds ${rows[name]}`,
        );
      }
    }
    // Backups written before the secret was left out still carry it: the restored installation gets its own.
    await sql`DELETE FROM settings WHERE key = ${jwtSecretKey}`.execute(trx);
    await storeNewJwtSecret(trx);
  });
  // Every row is new to the planner: without this, PGlite (no autovacuum) plans the restored installation's
  // queries as if its tables were empty, and PostgreSQL does until autovacuum comes by.
  await analyze(db);
  return rows;
}
