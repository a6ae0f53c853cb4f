// PGlite runs its queries synchronously inside WebAssembly: on the server's own thread, a 10-second query froze
// every request for 10 seconds, /api/health included (issue 43, ADR 0016). Here it runs on a worker thread and the
// server's thread only waits for messages, so what needs no database (liveness, static files, answers already in the
// read cache) is answered while a query runs.
import { Worker } from 'node:worker_threads';
import type { PGlite, PGliteQueryResults, PGliteTransaction } from 'kysely';

/** Which database the thread opens: a data directory, an in-memory copy of a dumped one (`seed`), or a new one. */
export interface PGliteOpening {
  dataDir?: string;
  seed?: string;
}

export type ToThread =
  | { kind: 'query'; id: number; sql: string; params: unknown[] | undefined }
  | { kind: 'close'; id: number };

export type FromThread =
  | { kind: 'ready' }
  | { kind: 'failed'; error: Record<string, unknown> }
  | { kind: 'result'; id: number; rows: unknown[]; affectedRows: number | undefined }
  | { kind: 'error'; id: number; error: Record<string, unknown> }
  | { kind: 'closed'; id: number };

/** An Error carrying the database's fields (code, constraint…) as PGlite's own errors do. */
function errorFrom(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message ?? 'database error')), fields);
}

interface Waiting {
  resolve: (message: FromThread) => void;
  reject: (error: Error) => void;
}

/** The PGlite that Kysely's PGlite driver is given: each query a message to the database's thread. */
export class PGliteThread implements PGlite {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, Waiting>();
  #next = 0;
  #closing = false;
  closed = false;
  ready = false;
  readonly waitReady: Promise<void>;

  constructor(opening: PGliteOpening) {
    this.#worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: opening });
    this.waitReady = new Promise<void>((resolve, reject) => {
      const first = (message: FromThread) => {
        this.#worker.off('message', first);
        if (message.kind === 'ready') {
          this.ready = true;
          this.#worker.on('message', (m: FromThread) => this.#settle(m));
          this.#idle();
          resolve();
        } else if (message.kind === 'failed') reject(errorFrom(message.error));
      };
      this.#worker.on('message', first);
      this.#worker.once('error', reject);
    });
    this.waitReady.catch(() => {});
    this.#worker.on('error', (error) => this.#failAll(error));
    this.#worker.on('exit', (code) => {
      this.closed = true;
      this.#failAll(new Error(`the embedded database's thread stopped (exit code ${code})`));
    });
  }

  #settle(message: FromThread): void {
    if (!('id' in message)) return;
    const waiting = this.#waiting.get(message.id);
    if (!waiting) return;
    this.#waiting.delete(message.id);
    this.#idle();
    if (message.kind === 'error') waiting.reject(errorFrom(message.error));
    else waiting.resolve(message);
  }

  #failAll(error: Error): void {
    for (const waiting of this.#waiting.values()) waiting.reject(error);
    this.#waiting.clear();
  }

  /**
   * The thread keeps the process alive only while a query is waiting on it: a command that forgets to close the
   * database still exits, and one awaiting an answer is not cut short.
   */
  #idle(): void {
    if (this.#closing) return;
    if (this.#waiting.size === 0) this.#worker.unref();
    else this.#worker.ref();
  }

  #send(message: ToThread): Promise<FromThread> {
    if (this.closed) return Promise.reject(new Error('PGlite is closed'));
    return new Promise<FromThread>((resolve, reject) => {
      this.#waiting.set(message.id, { resolve, reject });
      this.#idle();
      this.#worker.postMessage(message);
    });
  }

  async query<T>(sql: string, params?: unknown[]): Promise<PGliteQueryResults<T>> {
    const answer = await this.#send({ kind: 'query', id: this.#next++, sql, params });
    if (answer.kind !== 'result') throw new Error(`unexpected answer ${answer.kind}`);
    return { rows: answer.rows as T[], affectedRows: answer.affectedRows, fields: [] };
  }

  /**
   * BEGIN … COMMIT as statements: the dialect already gives the connection to one transaction at a time, so PGlite's
   * own transaction lock is not needed here.
   */
  async transaction<T>(callback: (tx: PGliteTransaction) => Promise<T>): Promise<T> {
    await this.query('BEGIN');
    let done = false;
    const tx: PGliteTransaction = {
      query: <R>(sql: string, params?: unknown[]) => this.query<R>(sql, params),
      rollback: async () => {
        done = true;
        await this.query('ROLLBACK');
      },
    };
    try {
      const result = await callback(tx);
      if (!done) {
        // Fails (25P02) when a statement failed inside and the database rolled back instead (pglite-worker.ts).
        done = true;
        await this.query('COMMIT');
      }
      return result;
    } catch (error) {
      if (!done) await this.query('ROLLBACK').catch(() => {});
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const exited = new Promise((resolve) => this.#worker.once('exit', resolve));
    // Until the thread has closed the database and gone, the process has something to wait for.
    this.#closing = true;
    this.#worker.ref();
    await this.#send({ kind: 'close', id: this.#next++ }).catch(() => {});
    this.closed = true;
    await exited;
  }
}
