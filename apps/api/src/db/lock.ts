import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/**
 * PGlite takes no lock on its data directory: a second process opening it (a second server, a backup or restore
 * run while the server is up) would corrupt it. This lock file beside the directory holds the owner's pid; a lock
 * left by a process that is gone (killed) is taken over.
 */
export class DataDirLock {
  readonly path: string;
  #held = false;
  readonly #onExit = () => this.release();

  constructor(dataDir: string) {
    this.path = `${dataDir.replace(/\/+$/, '')}.lock`;
  }

  acquire(): void {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const fd = openSync(this.path, 'wx', 0o600);
        writeSync(fd, String(process.pid));
        closeSync(fd);
        this.#held = true;
        process.once('exit', this.#onExit);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = Number.parseInt(readFileSync(this.path, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
        throw new Error(
          `the embedded database ${this.path.slice(0, -5)} is in use by process ${owner} (stop that server first)`,
        );
      }
      // Stale: its owner was killed (or, in a container, our own pid reused after a restart).
      rmSync(this.path, { force: true });
    }
    throw new Error(`could not lock ${this.path}`);
  }

  release(): void {
    if (!this.#held) return;
    this.#held = false;
    process.removeListener('exit', this.#onExit);
    rmSync(this.path, { force: true });
  }
}

/** Whether the process `pid` still runs (EPERM: it does, under another user). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
