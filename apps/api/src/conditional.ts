import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from './db/index.ts';
import type { Caller, OperationId } from './handlers/types.ts';
import type { Locale } from './problems.ts';

/**
 * The reads the back-office and the extension repeat, whose body depends only on the organization's content (and
 * the caller's role and locale): answered with an ETag made from the organization's content version, 304 when
 * the client already holds it, and from this replica's memory when it already computed it at that version.
 */
export const conditionalReads = new Set<OperationId>([
  'listProjects',
  'getProject',
  'listCategories',
  'getCategory',
  'listScenarios',
  'getCatalogue',
]);

/** The strong entity tag of a conditional read: the version, and a digest of what else the body depends on. */
export function contentTag(caller: Caller, locale: Locale): string | null {
  if (caller.contentVersion === null || caller.organizationId === null) return null;
  const input = `${caller.organizationId}|${caller.role ?? '-'}|${caller.user.is_admin}|${locale}`;
  let digest = digests.get(input);
  if (digest === undefined) {
    digest = createHash('sha256').update(input).digest('hex').slice(0, 12);
    // A few per organization (roles × locales): bounded all the same.
    if (digests.size >= 10_000) digests.clear();
    digests.set(input, digest);
  }
  return `"c${caller.contentVersion}-${digest}"`;
}

const digests = new Map<string, string>();

/** Whether an If-None-Match header names the tag (weak comparison, as RFC 9110 asks for If-None-Match). */
export function noneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((item) => {
    const candidate = item.trim().replace(/^W\//, '');
    return candidate === '*' || candidate === tag;
  });
}

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

/**
 * Moves the organization's content version after a write by one of its members. Run once the write has committed
 * (a read that saw the new version then sees the new content); a failure is logged, not answered: the write
 * itself is done, and the next write in the organization moves the version anyway.
 */
export async function bumpContentVersion(db: Db, organizationId: string, log: FastifyBaseLogger) {
  try {
    await sql`UPDATE organizations SET content_version = content_version + 1 WHERE id = ${organizationId}`.execute(
      db,
    );
  } catch (error) {
    log.warn({ reason: (error as Error).message }, 'content version not moved');
  }
}
