// This replica's copies of conditional reads' bodies.

/**
 * Serialized bodies of conditional reads, by URL and caller, each with the tag it was read at: a later request at
 * the same tag is answered from here. Kept as UTF-8 bytes, so a held answer is not encoded again for every request.
 * Bounded by entries and bytes, oldest first out.
 */
export class ReadCache {
  readonly #entries = new Map<string, { tag: string; payload: Buffer }>();
  #bytes = 0;
  readonly #maxEntries: number;
  readonly #maxBytes: number;

  constructor(maxEntries = 2000, maxBytes = 32 * 1024 * 1024) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  get(key: string, tag: string): Buffer | undefined {
    const entry = this.#entries.get(key);
    return entry?.tag === tag ? entry.payload : undefined;
  }

  set(key: string, tag: string, payload: Buffer): void {
    this.#drop(key);
    if (payload.length > this.#maxBytes / 8) return;
    this.#entries.set(key, { tag, payload });
    this.#bytes += payload.length;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#drop(oldest);
    }
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= entry.payload.length;
    this.#entries.delete(key);
  }
}
