import { fieldProblem, HttpProblem } from '../problems.ts';

/**
 * What a write's `If-Match` asks for: null when the write is unconditional (no header, or `*`, which any existing
 * resource matches), else the versions it may still apply to. An empty list matches nothing (only weak or foreign
 * entity tags were given: a strong comparison never matches them).
 */
export type Expected = number[] | null;

// RFC 9110 §8.8.3: entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, etagc = %x21 / %x23-7E / obs-text.
const etag = String.raw`(?:W\/)?"[\x21\x23-\x7E\x80-\xFF]*"`;
const etagList = new RegExp(String.raw`^[ \t]*${etag}(?:[ \t]*,[ \t]*${etag})*[ \t]*$`);
const strongVersion = /^"([1-9][0-9]{0,9})"$/;
// Versions are PostgreSQL integers: a larger number is no version at all (and must not reach a query).
const maxVersion = 2 ** 31 - 1;

export function expectedVersions(header: string | undefined): Expected {
  if (header === undefined) return null;
  if (header.trim() === '*') return null;
  if (!etagList.test(header)) throw fieldProblem('/headers/if-match', 'field.if-match');
  const versions: number[] = [];
  for (const [tag] of header.matchAll(new RegExp(etag, 'g'))) {
    const match = strongVersion.exec(tag);
    const version = match ? Number(match[1]) : 0;
    if (version >= 1 && version <= maxVersion) versions.push(version);
  }
  return versions;
}

/** The values a `version IN (…)` condition compares with; 0 is never a version, so an empty list matches nothing. */
export function versionList(expected: number[]): number[] {
  return expected.length > 0 ? expected : [0];
}

/**
 * The one versioned write: `write` applies the change only to a row whose version is still one of `versions`
 * (null: unconditional), check and change in one statement, and answers the row it changed or undefined. When
 * it changed nothing, `find` tells why: it throws 404 when there is no such row; otherwise the row exists at
 * another version, and the write answers 412 (`precondition-failed`, or the `key` given).
 */
export async function versionedWrite<T>(
  expected: Expected,
  write: (versions: number[] | null) => Promise<T | undefined>,
  find: () => Promise<unknown>,
  key?: 'step-precondition-failed',
): Promise<T> {
  const row = await write(expected === null ? null : versionList(expected));
  if (row !== undefined) return row;
  await find();
  throw new HttpProblem('precondition-failed', key ? { key } : {});
}
