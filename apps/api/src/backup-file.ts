// The backup file itself: its format, and reading it back line by line — checked whole before any database is
// touched (backup.ts writes and restores it).
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { migrationNames } from './db/index.ts';

export const backupFormat = 'mulot-backup';
export const backupFormatVersion = 1;

/** A refusal or a failure explained in one line, for the operator; nothing was changed. */
export class BackupError extends Error {}

export interface BackupHeader {
  formatVersion: number;
  createdAt: string;
  source: 'pglite' | 'postgres';
  /** Migrations applied to the source: the schema version of the rows. */
  migrations: string[];
  /** In restore order (parents before children). */
  tables: string[];
}

export type RowCounts = Record<string, number>;

/** The lines of a gzip'd file, one at a time; a damaged or truncated file throws. */
export async function* linesOf(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const reading = pipeline(createReadStream(file), gunzip);
  reading.catch(() => {});
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip) {
      rest += decoder.write(chunk as Buffer);
      let newline = rest.indexOf('\n');
      while (newline >= 0) {
        yield rest.slice(0, newline);
        rest = rest.slice(newline + 1);
        newline = rest.indexOf('\n');
      }
    }
    await reading;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`no such file: ${file}`);
    if (code === 'EISDIR') throw new BackupError(`${file} is a directory, not a backup file`);
    if (code === 'Z_BUF_ERROR') throw new BackupError(`${file} is truncated (the file ends too early)`);
    if (code === 'Z_DATA_ERROR') {
      throw new BackupError(`${file} is not a Mulot backup (not a gzip file, or damaged)`);
    }
    if (code === 'EACCES') throw new BackupError(`cannot read ${file} (permission denied)`);
    throw new BackupError(`${file} is damaged or truncated (${(error as Error).message})`);
  } finally {
    gunzip.destroy();
  }
  rest += decoder.end();
  if (rest.length > 0) yield rest;
}

export function control(line: string): [string, unknown] | null {
  if (!line.startsWith('[')) return null;
  const value = JSON.parse(line) as unknown;
  if (!Array.isArray(value) || typeof value[0] !== 'string') throw new Error('bad control line');
  return [value[0], value[1]];
}

/**
 * Reads the whole file once without touching any database: a bad, foreign, truncated or newer file is refused
 * before anything changes.
 */
export async function inspectBackup(file: string): Promise<{ header: BackupHeader; rows: RowCounts }> {
  let header: BackupHeader | null = null;
  let table: string | null = null;
  const counts: RowCounts = {};
  let end: RowCounts | null = null;
  let lineNumber = 0;
  const notOurs = () => new BackupError(`${file} is not a Mulot backup`);
  for await (const line of linesOf(file)) {
    lineNumber++;
    if (end) throw new BackupError(`${file} is damaged: data after its end (line ${lineNumber})`);
    let parsed: [string, unknown] | null;
    try {
      parsed = control(line);
      if (!parsed) JSON.parse(line);
    } catch {
      throw header ? new BackupError(`${file} is damaged: line ${lineNumber} is not JSON`) : notOurs();
    }
    if (!header) {
      if (!parsed || parsed[0] !== backupFormat || typeof parsed[1] !== 'object' || !parsed[1])
        throw notOurs();
      const candidate = parsed[1] as Partial<BackupHeader>;
      if (typeof candidate.formatVersion !== 'number') throw notOurs();
      if (candidate.formatVersion > backupFormatVersion) {
        throw new BackupError(
          `${file} was written by a newer Mulot (backup format ${candidate.formatVersion}); upgrade Mulot to restore it`,
        );
      }
      if (!Array.isArray(candidate.migrations) || !Array.isArray(candidate.tables)) throw notOurs();
      header = candidate as BackupHeader;
      continue;
    }
    if (parsed) {
      const [kind, value] = parsed;
      if (
        kind === 'table' &&
        typeof value === 'string' &&
        header.tables.includes(value) &&
        !(value in counts)
      ) {
        table = value;
        counts[value] = 0;
      } else if (kind === 'end' && value && typeof value === 'object') {
        end = ((value as { rows?: RowCounts }).rows ?? {}) as RowCounts;
      } else {
        throw new BackupError(`${file} is damaged: unexpected line ${lineNumber}`);
      }
      continue;
    }
    if (!table || !line.startsWith('{'))
      throw new BackupError(`${file} is damaged: unexpected line ${lineNumber}`);
    counts[table] = (counts[table] ?? 0) + 1;
  }
  if (!header) throw notOurs();
  if (!end) throw new BackupError(`${file} is truncated: its end is missing`);
  for (const name of header.tables) {
    if ((counts[name] ?? 0) !== (end[name] ?? 0)) {
      throw new BackupError(
        `${file} is damaged: table ${name} holds ${counts[name] ?? 0} rows, not ${end[name]}`,
      );
    }
  }
  const known = migrationNames();
  const unknown = header.migrations.filter((m) => !known.includes(m));
  if (unknown.length > 0) {
    throw new BackupError(
      `${file} comes from a newer Mulot (schema ${header.migrations.at(-1)}, unknown here: ${unknown.join(', ')}); upgrade Mulot to restore it`,
    );
  }
  return { header, rows: counts };
}
