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

/** A pattern made to match: the host it is limited to (null: any of the project's sites) and its path. */
export interface PagePattern {
  host: string | null;
  path: RegExp;
  /** every page of its host(s): `/**`, `/*`, `*` and the like */
  catchAll: boolean;
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

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** A path with its dot segments resolved, percent-encoded as a page's `URL.pathname` is, without a trailing `/`. */
function normalizedPath(path: string): string {
  let normalized: string;
  try {
    normalized = new URL(path, 'http://pattern.invalid').pathname;
  } catch {
    normalized = path;
  }
  return normalized.length > 1 && normalized.endsWith('/') ? normalized.slice(0, -1) : normalized;
}

/**
 * A stored pattern → what matches it, or null when it is not one (a value stored by hand, never by the API).
 * `*` is any text within one path segment, `**` (a whole segment) any number of segments, none included.
 */
export function compilePagePattern(pattern: string): PagePattern | null {
  const parsed = parse(pattern);
  if ('refusal' in parsed) return null;
  const path = normalizedPath(parsed.path);
  const segments = path === '/' ? [''] : path.slice(1).split('/');
  let source = '';
  for (const segment of segments) {
    if (/^\*{2,}$/.test(segment)) source += '(?:/.*)?';
    else source += `/${segment.split(/\*+/).map(escapeRegExp).join('[^/]*')}`;
  }
  return {
    host: parsed.host,
    path: new RegExp(`^${source}$`),
    catchAll: segments.every((segment) => /^\*+$/.test(segment)),
  };
}

/** The page's path as patterns are matched against it. */
export function pagePath(url: URL): string {
  return normalizedPath(url.pathname);
}

/** Whether the page at `url` (already on one of the project's sites) matches the compiled pattern. */
export function matchesPage(pattern: PagePattern, url: URL): boolean {
  if (pattern.host !== null && siteHost(url.hostname) !== pattern.host) return false;
  return pattern.path.test(pagePath(url));
}
