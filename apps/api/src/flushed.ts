/**
 * What a replica keeps in memory for the database and writes about once a second, one write at a time: a failed
 * write keeps what it had for the next one, and stopping writes the last of it (a database already gone loses a
 * second of it, no more).
 */
export abstract class Flushed {
  #timer: ReturnType<typeof setInterval> | undefined;
  #flushing: Promise<void> = Promise.resolve();

  /** Writes what waits; what it could not write still waits when it fails. */
  protected abstract write(): Promise<void>;

  start(): void {
    this.#timer ??= setInterval(() => void this.flush().catch(() => undefined), 1000);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush().catch(() => undefined);
  }

  flush(): Promise<void> {
    this.#flushing = this.#flushing.catch(() => undefined).then(() => this.write());
    return this.#flushing;
  }
}
