// The real command (the package's start script) as a child process: what an operator or a supervisor runs,
// started as every suite starts it (@mulot/testing), its JSON log lines read here.
import type { ChildProcess } from 'node:child_process';
import { spawnApi } from '@mulot/testing/product';

export interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

export class ApiProcess {
  readonly child: ChildProcess;
  readonly lines: LogLine[] = [];
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly #waiters = new Set<() => void>();

  /** keep: which log lines to hold in `lines` (a long run would hold every request's otherwise). */
  constructor(env: Record<string, string>, keep: (line: LogLine) => boolean = () => true) {
    this.child = spawnApi({ HOST: '127.0.0.1', PORT: '0', BACKOFFICE_DIR: '', ...env });
    let pending = '';
    this.child.stdout?.on('data', (chunk: Buffer) => {
      if (this.stdout.length < 1_000_000) this.stdout += chunk.toString('utf8');
      pending += chunk.toString('utf8');
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      for (const part of parts) {
        if (!part.trim()) continue;
        const line = JSON.parse(part) as LogLine;
        if (keep(line)) this.lines.push(line);
      }
      for (const wake of this.#waiters) wake();
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
    });
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        for (const wake of this.#waiters) wake();
        resolve({ code, signal });
      });
    });
  }

  /**
   * The first log line that matches, waiting for it (up to timeoutMs; the process may also exit first). The default
   * guards against a hang, not a slow start: a start takes 3.5 s alone, and once took over a minute with the whole
   * `pnpm test` and more on the 2 cores.
   */
  async waitForLine(match: (line: LogLine) => boolean, timeoutMs = 180_000): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.find(match);
      if (found) return found;
      if (this.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`no such log line (exit ${this.child.exitCode}); stderr: ${this.stderr}`);
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.#waiters.delete(wake);
          resolve();
        };
        this.#waiters.add(wake);
        setTimeout(wake, 200);
      });
    }
  }

  /** The base URL, once the server listens (PORT=0: the port the system chose, read from the log). */
  async listening(): Promise<string> {
    const line = await this.waitForLine((l) => /^Server listening at http:\/\/127\.0\.0\.1:\d+$/.test(l.msg));
    return line.msg.replace('Server listening at ', '');
  }

  /** What the process printed, for a failure message. */
  get output(): string {
    return (this.stdout + this.stderr).slice(-4000);
  }

  kill(signal: NodeJS.Signals): void {
    if (this.child.exitCode === null) this.child.kill(signal);
  }
}
