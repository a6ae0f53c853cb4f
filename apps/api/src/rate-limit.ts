// In-process counters (one API replica). With several replicas this state moves to Redis (README, scale-out).

export class SlidingWindow {
  readonly #hits = new Map<string, number[]>();
  readonly #windowMs: number;
  readonly #limit: number;

  constructor(windowMs: number, limit: number) {
    this.#windowMs = windowMs;
    this.#limit = limit;
  }

  #recent(key: string, now: number): number[] {
    const hits = (this.#hits.get(key) ?? []).filter((t) => t > now - this.#windowMs);
    if (hits.length === 0) this.#hits.delete(key);
    else this.#hits.set(key, hits);
    return hits;
  }

  /** Seconds until the key may try again, or 0 when it is under the limit. */
  retryAfter(key: string, now = Date.now()): number {
    const hits = this.#recent(key, now);
    if (hits.length < this.#limit) return 0;
    const oldest = hits[hits.length - this.#limit] ?? now;
    return Math.max(1, Math.ceil((oldest + this.#windowMs - now) / 1000));
  }

  hit(key: string, now = Date.now()): void {
    const hits = this.#recent(key, now);
    hits.push(now);
    this.#hits.set(key, hits);
    if (this.#hits.size > 100_000) this.#sweep(now);
  }

  #sweep(now: number): void {
    for (const key of this.#hits.keys()) this.#recent(key, now);
  }
}
