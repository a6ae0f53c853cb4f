/**
 * A job a replica runs at start and then every `intervalMs`, one run at a time; its failures go to `onError` (the
 * next run tries again), and stopping waits for the run in progress (the database closes after).
 */
export class Schedule {
  readonly #job: () => Promise<unknown>;
  readonly #intervalMs: number;
  readonly #onError: (error: unknown) => void;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> = Promise.resolve();

  constructor(
    job: () => Promise<unknown>,
    options: { intervalMs: number; onError: (error: unknown) => void },
  ) {
    this.#job = job;
    this.#intervalMs = options.intervalMs;
    this.#onError = options.onError;
  }

  start(): void {
    if (this.#timer) return;
    this.#tick();
    this.#timer = setInterval(() => this.#tick(), this.#intervalMs);
    this.#timer.unref();
  }

  #tick(): void {
    this.#running = this.#running.then(this.#job).catch(this.#onError);
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
