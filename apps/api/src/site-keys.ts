// The projects site keys name, held a moment in this replica's memory (issue 39).

/**
 * Every public call names its project by key: read once a second per key rather than on every page view of a busy
 * site. This replica forgets them all at its own content writes (a key rotated here stops at once); another
 * replica's rotation or change is seen within the second.
 */
export class SiteKeys<Site> {
  readonly #load: (key: string) => Promise<Site | undefined>;
  readonly #ttlMs: number;
  readonly #held = new Map<string, { site: Site | undefined; at: number }>();

  constructor(load: (key: string) => Promise<Site | undefined>, ttlMs = 1000) {
    this.#load = load;
    this.#ttlMs = ttlMs;
  }

  /**
   * What this replica holds of the key now, without waiting: `{ site }` (undefined for a key no project has) or
   * undefined when it must be read (`find`).
   */
  held(key: string): { site: Site | undefined } | undefined {
    const held = this.#held.get(key);
    return held && Date.now() - held.at < this.#ttlMs ? held : undefined;
  }

  /** The key's project, or undefined for a key no project has (held too: a flood of made-up keys costs no read). */
  async find(key: string): Promise<Site | undefined> {
    const held = this.held(key);
    if (held) return held.site;
    const site = await this.#load(key);
    if (this.#held.size >= 10_000) this.#held.clear();
    this.#held.set(key, { site, at: Date.now() });
    return site;
  }

  forget(): void {
    this.#held.clear();
  }
}
