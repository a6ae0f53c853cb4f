// This replica's copies of conditional reads' bodies.

/**
 * Serialized bodies of conditional reads, by URL and caller, each with the tag it was read at: a later request at
 * the same tag is answered from here. Kept as the serializer's string: Node writes a string body with the headers
 * in one write, a Buffer in a second one (writev), which cost more than encoding the string again (a public
 * catalogue's CPU per request, measured in docs/experiments/embed-2026-12.md). Bounded by entries and bytes, oldest
 * first out.
 */
export class ReadCache {
  readonly #entries = new Map<string, { tag: string; payload: string; bytes: number }>();
  #bytes = 0;
  readonly #maxEntries: number;
  readonly #maxBytes: number;

  constructor(maxEntries = 2000, maxBytes = 32 * 1024 * 1024) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  get(key: string, tag: string): string | undefined {
    const entry = this.#entries.get(key);
    return entry?.tag === tag ? entry.payload : undefined;
  }

  set(key: string, tag: string, payload: string): void {
    this.#drop(key);
    const bytes = Buffer.byteLength(payload);
    if (bytes > this.#maxBytes / 8) return;
    this.#entries.set(key, { tag, payload, bytes });
    this.#bytes += bytes;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#drop(oldest);
    }
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= entry.bytes;
    this.#entries.delete(key);
  }
}
