// The pages where a guide starts by itself (issue 42): one reading of a page pattern for the server that stores it,
// the back-office form that warns about it and the reader that matches it on the page (openapi.yaml,
// `PUT /scenarios/{id}/start-rule`). Framework-free and dependency-free but for site.ts: the API imports it, and the
// embed loader bundles it into its few kB.
import { withScheme } from './site.ts';

/** The contract's bounds: patterns per guide, characters per pattern. */
export const PAGE_PATTERNS_MAX = 20;
export const PAGE_PATTERN_MAX_LENGTH = 500;

/**
 * Why a pattern is refused: `shape` (neither a path nor an http(s) address, or with a query or a fragment), `site`
 * (an address on none of the project's sites).
 */
export type PagePatternRefusal = 'shape' | 'site';

/**
 * One segment of a pattern: `**` (any number of segments, none included), or the literal pieces around its `*`s
 * (one piece: the segment itself).
 */
type Segment = '**' | string[];

/** A pattern made to match: the host it is limited to (null: any of the project's sites) and its path's segments. */
export interface PagePattern {
  host: string | null;
  segments: Segment[];
  /** every page of its host(s): `/**`, `/*`, `*` and the like */
  catchAll: boolean;
}

/** A page as patterns are matched against it: computed once for all of a page's patterns. */
export interface Page {
  host: string;
  segments: string[];
}

/** A host as the catalogue compares sites: its name, lower case, without its port or a leading `www.`. */
export function siteHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^www\./, '');
}

// A bare `*` (or `**` and what follows) is read as a path: what an author means by "every page".
function asPath(text: string): string | null {
  if (text.startsWith('*')) return `/${text}`;
  // `//host` and `/\host` are other hosts to a browser, not paths
  if (/^\/(?![/\\])/.test(text) || text === '/') return text;
  return null;
}

type Parsed = { host: string | null; path: string } | { refusal: PagePatternRefusal };

function parse(input: string): Parsed {
  const text = input.trim();
  if (text === '' || /[?#\s]/.test(text)) return { refusal: 'shape' };
  const path = asPath(text);
  if (path !== null) return { host: null, path };
  if (/^[/\\]/.test(text)) return { refusal: 'shape' };
  // an address: `https://shop.example.com/factures/*`, or without its scheme as a step's page may be written
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  if (!hasScheme && /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)) return { refusal: 'shape' };
  let url: URL;
  try {
    url = new URL(withScheme(text));
  } catch {
    return { refusal: 'shape' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refusal: 'shape' };
  // a host is a name with a dot, localhost or an address: `factures` alone is a mistyped path, not a site
  const host = url.hostname;
  const named = host.includes('.') || host === 'localhost' || host.startsWith('[');
  if (url.username !== '' || url.password !== '' || !named || host.includes('*')) return { refusal: 'shape' };
  // the path as typed (URL would encode nothing we match differently, but keeps `*` as is anyway)
  const afterHost = text.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^[^/]*/, '');
  return { host: siteHost(url.hostname), path: afterHost || '/' };
}

/**
 * A pattern as an author typed it → accepted (trimmed), or why not. A path applies on every site of the project; an
 * address must be on one of `sites` (by host, as the catalogue matches a page to a project).
 */
export function checkPagePattern(
  input: string,
  sites: readonly string[],
): { ok: true; pattern: string } | { ok: false; reason: PagePatternRefusal } {
  const parsed = parse(input);
  if ('refusal' in parsed) return { ok: false, reason: parsed.refusal };
  if (parsed.host !== null) {
    const hosts = sites.flatMap((site) => {
      try {
        return [siteHost(new URL(withScheme(site)).hostname)];
      } catch {
        return [];
      }
    });
    if (!hosts.includes(parsed.host)) return { ok: false, reason: 'site' };
  }
  return { ok: true, pattern: input.trim() };
}

// A path that URL would leave as it is (no character to percent-encode, no dot segment): most patterns and pages, read
// without building a URL — a page's decision reads hundreds of patterns.
const plainPath = /^(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9\-_~!$&'()*+,;=:@%]*)*\/?$/;

/** A path with its dot segments resolved, percent-encoded as a page's `URL.pathname` is, without a trailing `/`. */
function normalizedPath(path: string): string {
  let normalized = path;
  if (!plainPath.test(path)) {
    try {
      normalized = new URL(path, 'http://pattern.invalid').pathname;
    } catch {
      // kept as written: it matches what it matches
    }
  }
  return normalized.length > 1 && normalized.endsWith('/') ? normalized.slice(0, -1) : normalized;
}

/** The segments of a normalized path; the root is one empty segment (so that `/*` and `/**` match it). */
const segmentsOf = (path: string) => (path === '/' || path === '' ? [''] : path.slice(1).split('/'));

/**
 * A stored pattern (the API checked it) read without building a URL when it is plain: a path, or an address whose
 * host is ASCII. Anything else (an international host, a mistake) goes through `parse`.
 */
function quickParse(pattern: string): { host: string | null; path: string } | null {
  const text = pattern.trim();
  if (/[?#\s]/.test(text)) return null;
  const path = asPath(text);
  if (path !== null) return { host: null, path };
  const address = /^(?:https?:\/\/)?([a-z0-9.-]+)(?::\d+)?(\/.*)?$/i.exec(text);
  const host = address?.[1];
  if (!host || !(host.includes('.') || host === 'localhost')) return null;
  return { host: siteHost(host), path: address[2] ?? '/' };
}

/**
 * A stored pattern → what matches it, or null when it is not one (a value stored by hand, never by the API).
 * `*` is any text within one path segment, `**` (a whole segment) any number of segments, none included.
 */
export function compilePagePattern(pattern: string): PagePattern | null {
  const parsed = quickParse(pattern) ?? parse(pattern);
  if ('refusal' in parsed) return null;
  const segments: Segment[] = [];
  for (const segment of segmentsOf(normalizedPath(parsed.path))) {
    // `**` then `**` is one `**`
    if (!segment.includes('*')) segments.push([segment]);
    else if (/^\*{2,}$/.test(segment)) {
      if (segments.at(-1) !== '**') segments.push('**');
    } else segments.push(segment.split(/\*+/));
  }
  return {
    host: parsed.host,
    segments,
    catchAll: segments.every(
      (segment) => segment === '**' || (segment.length > 1 && segment.every((piece) => piece === '')),
    ),
  };
}

/** The page at `url` as patterns read it. */
export function pageOf(url: URL): Page {
  return { host: siteHost(url.hostname), segments: segmentsOf(normalizedPath(url.pathname)) };
}

/**
 * Whether a stored pattern may match the page, read from its text alone: its host and its first path segment when
 * they are plain, which rules out most of a catalogue's patterns on a page without compiling them (a page's first
 * decision reads every automatic guide's patterns). True when in doubt: `matchesPage` then decides.
 */
export function mayMatch(pattern: string, page: Page): boolean {
  let rest = pattern.trim();
  if (rest.startsWith('*')) return true;
  if (!rest.startsWith('/')) {
    const address = /^(?:https?:\/\/)?([a-z0-9.-]+)(?::\d+)?(\/.*)?$/i.exec(rest);
    if (!address?.[1]) return true;
    if (siteHost(address[1]) !== page.host) return false;
    rest = address[2] ?? '/';
  }
  if (/\/\.\.?(?:\/|$)/.test(rest)) return true;
  const end = rest.indexOf('/', 1);
  const first = rest.slice(1, end < 0 ? undefined : end);
  // a wildcard, an encoding or a dot segment: only the compiled pattern can tell
  if (!/^[A-Za-z0-9_.~!$&'()+,;=:@-]*$/.test(first) || (first === '' && end > 0)) return true;
  return first === (page.segments[0] ?? '');
}

/** One segment of the page against the pieces of a pattern's segment (`*` between them). */
function segmentMatches(pieces: string[], text: string): boolean {
  const first = pieces[0] ?? '';
  if (pieces.length === 1) return text === first;
  const last = pieces.at(-1) ?? '';
  if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last))
    return false;
  let at = first.length;
  const end = text.length - last.length;
  for (const piece of pieces.slice(1, -1)) {
    const found = text.indexOf(piece, at);
    if (found < 0 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return true;
}

function matchFrom(pattern: Segment[], p: number, page: string[], s: number): boolean {
  let at = s;
  for (let i = p; i < pattern.length; i++) {
    const segment = pattern[i] as Segment;
    if (segment === '**') {
      if (i === pattern.length - 1) return true;
      for (let skip = at; skip <= page.length; skip++) if (matchFrom(pattern, i + 1, page, skip)) return true;
      return false;
    }
    const text = page[at];
    if (text === undefined || !segmentMatches(segment, text)) return false;
    at++;
  }
  return at === page.length;
}

/** Whether the page (on one of the project's sites) matches the compiled pattern. */
export function matchesPage(pattern: PagePattern, page: Page): boolean {
  if (pattern.host !== null && page.host !== pattern.host) return false;
  return matchFrom(pattern.segments, 0, page.segments, 0);
}
