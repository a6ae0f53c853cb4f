// `pnpm backup` / `pnpm restore` move an installation between the embedded PGlite and PostgreSQL (either way) with
// everything in it: accounts that still log in, sessions that still work, screenshots byte for byte. A bad file, a
// newer schema or a non-empty target is refused in one line and changes nothing.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseTarget } from '../src/db/index.ts';
import { buildWorld, snapshot, type World } from './support/fixtures.ts';
import { backend, freshDatabase, png, type Session, seedPgliteDir, startServer } from './support/harness.ts';

const cli = resolve(import.meta.dirname, '../src/backup-cli.ts');
const work = mkdtempSync(join(tmpdir(), 'mulot-backup-test-'));
const drops: Array<() => Promise<void>> = [];

function envOf(target: DatabaseTarget): Record<string, string> {
  if (target.kind === 'postgres') return { DATABASE_URL: target.url, DATA_DIR: join(work, 'unused') };
  if (target.kind === 'pglite') return { DATA_DIR: resolve(target.dataDir, '..') };
  throw new Error('the command line works on a data directory or a server');
}

/**
 * Runs the command an operator types; returns its exit code and what it printed. Each command boots the database
 * in a process of its own: on a loaded 2-core machine one test of three commands took over 3 minutes (2026-11-28),
 * so the ceilings here are 10 minutes, a guard against a hang rather than a measure of speed.
 */
async function run(
  command: 'backup' | 'restore',
  target: DatabaseTarget,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, command, ...args], {
      env: { ...inherited, ...envOf(target), INIT_CWD: work },
      encoding: 'utf8',
      timeout: 600_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

let dirs = 0;
/** A data directory that does not exist yet (`fresh`), or one a server already started on once (migrated, empty). */
async function pgliteTarget(fresh = false): Promise<DatabaseTarget> {
  dirs += 1;
  const dataDir = join(work, `data-${dirs}`, 'pglite');
  if (!fresh) seedPgliteDir(dataDir);
  return { kind: 'pglite', dataDir };
}

async function postgresTarget(): Promise<DatabaseTarget> {
  const database = await freshDatabase();
  drops.push(database.drop);
  return database.target;
}

interface Source {
  target: DatabaseTarget;
  world: World;
  snapshot: string;
  /** Screenshot bytes larger than a page of the dump, with every byte value. */
  big: Buffer;
}

/** Real data made through the API, then the server stopped (the embedded database allows one process at a time). */
async function populate(target: DatabaseTarget): Promise<Source> {
  const server = await startServer({ database: target });
  try {
    const world = await buildWorld(server, 'backup');
    const big = Buffer.concat([png, Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256))]);
    const put = await server.call(
      'PUT',
      `/api/scenarios/${world.scenarioId}/steps/${world.stepIds[1]}/screenshot`,
      {
        token: world.admin.token,
        org: world.admin.org,
        raw: big,
        contentType: 'image/png',
      },
    );
    expect(put.status).toBeLessThan(300);
    return { target, world, snapshot: await snapshot(server), big };
  } finally {
    await server.close();
  }
}

/** Every row of every table is the same (the first difference of each table reported, shortened). */
function expectSameRows(actual: string, expected: string): void {
  // pg hands bytea over as a Buffer (serialized by its toJSON), PGlite as a Uint8Array (base64 in the snapshot);
  // pg hands bigint over as a string (it may not fit a JS number), PGlite as a number.
  const bigints = new Set(['content_version']);
  const normalize = (row: string) =>
    JSON.stringify(
      JSON.parse(row, (key, value) =>
        value && value.type === 'Buffer' && Array.isArray(value.data)
          ? Buffer.from(value.data).toString('base64')
          : bigints.has(key) && value !== null
            ? String(value)
            : value,
      ),
    );
  const parse = (snapshot: string) =>
    Object.fromEntries(
      Object.entries(JSON.parse(snapshot) as Record<string, string[]>).map(([t, rows]) => [
        t,
        rows.map(normalize).sort(),
      ]),
    );
  const a = parse(actual);
  const e = parse(expected);
  const differences: string[] = [];
  for (const table of Object.keys(e)) {
    const rowsA = a[table] ?? [];
    const rowsE = e[table] ?? [];
    if (rowsA.length !== rowsE.length)
      differences.push(`${table}: ${rowsA.length} rows, expected ${rowsE.length}`);
    const index = rowsE.findIndex((row, i) => row !== rowsA[i]);
    if (index >= 0) {
      differences.push(`${table}: ${rowsA[index]?.slice(0, 400)} ≠ expected ${rowsE[index]?.slice(0, 400)}`);
    }
  }
  expect(differences).toEqual([]);
}

/** The restored installation: same rows, accounts log in, old sessions are over, screenshots are the same bytes. */
async function expectSameInstallation(target: DatabaseTarget, source: Source): Promise<void> {
  const server = await startServer({ database: target });
  try {
    expectSameRows(await snapshot(server), source.snapshot);
    const { contributor, scenarioId, stepIds } = source.world;
    let admin = source.world.admin;
    for (const session of [admin, contributor] as Session[]) {
      // A token issued by the old installation: the signing secret never travels in a backup, so the session
      // is over; the account itself moved and logs in.
      const me = await server.call('GET', '/api/users/me', { token: session.token });
      expect(me.status).toBe(401);
      const again = await server.login(session.email, session.password);
      expect((await server.call('GET', '/api/users/me', { token: again.token })).status).toBe(200);
      if (session === admin) admin = { ...admin, token: again.token };
    }
    const small = await server.call<Buffer>(
      'GET',
      `/api/scenarios/${scenarioId}/steps/${stepIds[0]}/screenshot`,
      {
        token: admin.token,
        org: admin.org,
      },
    );
    expect(Buffer.compare(small.body, png)).toBe(0);
    const big = await server.call<Buffer>(
      'GET',
      `/api/scenarios/${scenarioId}/steps/${stepIds[1]}/screenshot`,
      {
        token: admin.token,
        org: admin.org,
      },
    );
    expect(Buffer.compare(big.body, source.big)).toBe(0);
    // And it keeps working: a write on the restored data.
    const created = await server.call('POST', '/api/projects', {
      token: admin.token,
      org: admin.org,
      body: { name: 'after the move', description: '', sites: ['https://moved.example.com'] },
    });
    expect(created.status).toBe(201);
  } finally {
    await server.close();
  }
}

function oneLine(result: { code: number; stdout: string; stderr: string }, pattern: RegExp): void {
  expect(result.code, result.stdout + result.stderr).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^mulot: (backup|restore) failed: /);
  expect(lines[0]).toMatch(pattern);
}

afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(work, { recursive: true, force: true });
});

if (backend === 'pglite') {
  describe('backup and restore, PGlite → PGlite', () => {
    let source: Source;
    let file: string;

    beforeAll(async () => {
      source = await populate(await pgliteTarget());
      file = join(work, 'pglite.jsonl.gz');
    }, 600_000);

    it('moves everything, and refuses to restore over it', async () => {
      const written = await run('backup', source.target, ['pglite.jsonl.gz']);
      expect(written.code, written.stderr).toBe(0);
      expect(written.stdout).toMatch(
        /^mulot: backup of the embedded database in .* written to .*pglite\.jsonl\.gz/,
      );

      // Into a directory that does not exist yet: the restore creates the database.
      const target = await pgliteTarget(true);
      // The secret that signs sessions is not in the file, whatever else is.
      const content = gunzipSync(readFileSync(file)).toString('utf8');
      expect(content).toContain('"users"');
      expect(content).not.toContain('jwt_secret');
      const restored = await run('restore', target, [file]);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(/restored into the embedded database .*; every session was signed out/);
      await expectSameInstallation(target, source);

      // The target now holds data: a second restore would overwrite it.
      const again = await run('restore', target, [file]);
      oneLine(again, /the target database is not empty \(.*users.*\); add --force to replace its content$/);
      // --force replaces the content (the project added after the move is gone).
      const forced = await run('restore', target, [file, '--force']);
      expect(forced.code, forced.stderr).toBe(0);
      const server = await startServer({ database: target });
      try {
        expectSameRows(await snapshot(server), source.snapshot);
      } finally {
        await server.close();
      }
    }, 600_000);

    it('never restores a signing secret that an older backup carried', async () => {
      const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
      const settings = lines.indexOf(JSON.stringify(['table', 'settings']));
      expect(settings).toBeGreaterThan(0);
      const carried = 'carried-in-an-old-backup-'.padEnd(64, 'x');
      lines.splice(settings + 1, 0, JSON.stringify({ key: 'jwt_secret', value: carried }));
      const [, end] = JSON.parse(lines.at(-1) as string) as [string, { rows: Record<string, number> }];
      end.rows.settings = (end.rows.settings ?? 0) + 1;
      lines[lines.length - 1] = JSON.stringify(['end', end]);
      const old = join(work, 'old-format.jsonl.gz');
      writeFileSync(old, gzipSync(`${lines.join('\n')}\n`));

      // a migrated, empty directory (the first test restores into a new one): no initdb to wait for
      const target = await pgliteTarget();
      const restored = await run('restore', target, [old]);
      expect(restored.code, restored.stderr).toBe(0);
      const server = await startServer({ database: target });
      try {
        const secret = await server.db
          .selectFrom('settings')
          .select('value')
          .where('key', '=', 'jwt_secret')
          .executeTakeFirst();
        expect(secret?.value).toBeTruthy();
        expect(secret?.value).not.toBe(carried);
      } finally {
        await server.close();
      }
    }, 600_000);

    it('refuses a bad, truncated or newer file in one line and changes nothing', async () => {
      const target = source.target;
      const bad = join(work, 'notes.txt');
      writeFileSync(bad, 'not a backup\n');
      oneLine(await run('restore', target, [bad, '--force']), /notes\.txt is not a Mulot backup/);
      oneLine(
        await run('restore', target, [join(work, 'missing.gz'), '--force']),
        /no such file: .*missing\.gz$/,
      );

      const notOurs = join(work, 'foreign.jsonl.gz');
      writeFileSync(notOurs, gzipSync('{"hello":"world"}\n'));
      oneLine(await run('restore', target, [notOurs, '--force']), /foreign\.jsonl\.gz is not a Mulot backup/);

      const bytes = readFileSync(file);
      const truncated = join(work, 'truncated.jsonl.gz');
      writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
      oneLine(
        await run('restore', target, [truncated, '--force']),
        /truncated\.jsonl\.gz is (damaged|truncated)/,
      );

      const lines = gunzipSync(bytes).toString('utf8').split('\n');
      const [, header] = JSON.parse(lines[0] as string) as [string, { migrations: string[] }];
      header.migrations.push('9999_from_the_future.sql');
      const newer = join(work, 'newer.jsonl.gz');
      writeFileSync(
        newer,
        gzipSync([JSON.stringify(['mulot-backup', header]), ...lines.slice(1)].join('\n')),
      );
      oneLine(
        await run('restore', target, [newer, '--force']),
        /newer\.jsonl\.gz comes from a newer Mulot .*9999_from_the_future\.sql.*; upgrade Mulot to restore it$/,
      );

      const server = await startServer({ database: target });
      try {
        expectSameRows(await snapshot(server), source.snapshot);
        // While a server has the embedded database open, no other process may touch it.
        oneLine(
          await run('backup', target, ['while-running.jsonl.gz']),
          /is in use by process \d+ \(stop that server first\)/,
        );
      } finally {
        await server.close();
      }
    }, 600_000);
  });
}

if (backend === 'postgres') {
  describe('backup and restore between PGlite and PostgreSQL', () => {
    it('moves an installation from PGlite to PostgreSQL with two commands', async () => {
      const source = await populate(await pgliteTarget());
      const file = join(work, 'to-postgres.jsonl.gz');
      expect((await run('backup', source.target, [file])).code).toBe(0);
      const target = await postgresTarget();
      const restored = await run('restore', target, [file]);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(/restored into PostgreSQL /);
      await expectSameInstallation(target, source);
    }, 600_000);

    it('moves an installation from PostgreSQL to PGlite', async () => {
      const source = await populate(await postgresTarget());
      const file = join(work, 'to-pglite.jsonl.gz');
      const written = await run('backup', source.target, [file]);
      expect(written.code, written.stderr).toBe(0);
      expect(written.stdout).toMatch(/^mulot: backup of PostgreSQL /);
      const target = await pgliteTarget();
      expect((await run('restore', target, [file])).code).toBe(0);
      await expectSameInstallation(target, source);

      // A server that already started on the target (it migrated it and stored its own secret) counts as empty.
      const started = await postgresTarget();
      await (await startServer({ database: started })).close();
      const onStarted = await run('restore', started, [file]);
      expect(onStarted.code, onStarted.stderr).toBe(0);
      await expectSameInstallation(started, source);
    }, 600_000);
  });
}
