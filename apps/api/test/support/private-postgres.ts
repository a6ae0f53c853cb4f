import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@mulot/testing/ports';

/** The bin directory of the newest PostgreSQL installed the Debian way, or null when there is none. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/**
 * A throw-away PostgreSQL server on a temporary directory and a free port, started and stopped with the machine's
 * own pg_ctl: the test can stop and restart it under load, as an operator or a crash would.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
export class PrivatePostgres {
  readonly dir: string;
  readonly port: number;
  readonly #bin: string;
  readonly #asUser: string[];

  private constructor(bin: string, dir: string, port: number) {
    this.#bin = bin;
    this.dir = dir;
    this.port = port;
    this.#asUser = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  }

  static async create(bin: string): Promise<PrivatePostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'mulot-private-pg-'));
    const server = new PrivatePostgres(bin, dir, await freePort());
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
    }
    await server.#run('initdb', [
      '-D',
      server.dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    return server;
  }

  get dataDir(): string {
    return join(this.dir, 'data');
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  // Asynchronous: the API under test runs in this process and must keep serving while pg_ctl works.
  async #run(tool: string, args: string[]): Promise<void> {
    const [command, ...rest] = [...this.#asUser, join(this.#bin, tool), ...args];
    try {
      await promisify(execFile)(command as string, rest, { encoding: 'utf8', timeout: 120_000 });
    } catch (error) {
      const { stderr, stdout, message } = error as { stderr?: string; stdout?: string; message: string };
      throw new Error(`${tool} failed: ${stderr || stdout || message}`);
    }
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    await this.#run('pg_ctl', [
      '-D',
      this.dataDir,
      '-o',
      options,
      '-l',
      join(this.dir, 'log'),
      '-w',
      'start',
    ]);
  }

  /** `fast`: disconnects every client at once (open transactions are rolled back), as a restart does. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.#run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
  }

  async destroy(): Promise<void> {
    try {
      await this.stop('immediate');
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
