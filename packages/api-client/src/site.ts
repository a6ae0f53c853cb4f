// One normalization of a project's site for the back-office form and the server, so what the form accepts is
// exactly what the server stores (openapi.yaml, "Sites"). Framework-free and dependency-free: the API imports it.

export type SiteRefusal = 'empty' | 'scheme' | 'credentials' | 'host';

export type SiteResult = { ok: true; origin: string } | { ok: false; reason: SiteRefusal };

const schemePattern = /^[a-z][a-z0-9+.-]*:/i;
const ipv4Pattern = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
// A DNS name of at least two labels (or localhost); punycode labels come out of URL already converted.
const labelPattern = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

function isHost(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  if (hostname.startsWith('[') && hostname.endsWith(']')) return true; // IPv6, already checked by URL
  const ipv4 = ipv4Pattern.exec(hostname);
  if (ipv4) return ipv4.slice(1).every((part) => Number(part) <= 255);
  const labels = hostname.replace(/\.$/, '').split('.');
  return (
    labels.length >= 2 &&
    labels.every((label) => labelPattern.test(label)) &&
    !/^\d+$/.test(labels.at(-1) ?? '')
  );
}

/** This machine: a development server, which serves plain http. */
function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/**
 * An address as typed → with a scheme. Spec §5: a URL without one gets `https://` — but a loopback host
 * (`localhost:5174`, `127.0.0.1:3000`) gets `http://`, which is what a development server answers.
 */
export function withScheme(input: string): string {
  const text = input.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return text;
  try {
    if (isLoopback(new URL(`http://${text}`).hostname)) return `http://${text}`;
  } catch {
    // Not a host at all: the caller's URL parsing refuses it.
  }
  return `https://${text}`;
}

/**
 * A site as typed by an author → its http(s) origin. Without a scheme, see `withScheme`. Refused:
 * another scheme (`javascript:`, `ftp:`), a user name or password, or no host (`pas une url`).
 */
export function normalizeSite(input: string): SiteResult {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'empty' };
  // `localhost:5174` and `shop.example.com:8080` read as a scheme to URL: a scheme is only one followed by `//`,
  // or one of the known non-web schemes written without it (`javascript:alert(1)`, `mailto:…`).
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  if (!hasScheme && schemePattern.test(text) && !/^[^:]+:\d+(\/|$)/.test(text)) {
    return { ok: false, reason: 'scheme' };
  }
  let url: URL;
  try {
    url = new URL(withScheme(text));
  } catch {
    return { ok: false, reason: 'host' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'scheme' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'credentials' };
  if (!isHost(url.hostname)) return { ok: false, reason: 'host' };
  return { ok: true, origin: url.origin };
}

/** Sites of a project: each normalized, duplicates (after normalization) dropped, order kept. */
export function normalizeSites(
  inputs: readonly string[],
): { ok: true; origins: string[] } | { ok: false; index: number; reason: SiteRefusal } {
  const origins: string[] = [];
  for (const [index, input] of inputs.entries()) {
    const result = normalizeSite(input);
    if (!result.ok) return { ok: false, index, reason: result.reason };
    if (!origins.includes(result.origin)) origins.push(result.origin);
  }
  return { ok: true, origins };
}

export type StepUrlRefusal = SiteRefusal | 'site';

/**
 * A step's page (issue 37): an http(s) address on one of the project's sites (same host, the `www.` prefix aside),
 * so the player never sends a member anywhere else. A URL without a scheme gets one, as `withScheme` says.
 */
export function normalizeStepUrl(
  input: string,
  sites: readonly string[],
): { ok: true; url: string } | { ok: false; reason: StepUrlRefusal } {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'empty' };
  // A path alone (`/cart`) stays on the site the guide is played on, which is one of the project's; `//host` and
  // `/\host` are other hosts to a browser.
  if (/^\/(?![/\\])/.test(text)) return { ok: true, url: text };
  if (/^[/\\]/.test(text)) return { ok: false, reason: 'host' };
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  if (!hasScheme && schemePattern.test(text) && !/^[^:/]+:\d+(\/|\?|#|$)/.test(text)) {
    return { ok: false, reason: 'scheme' };
  }
  let url: URL;
  try {
    url = new URL(withScheme(text));
  } catch {
    return { ok: false, reason: 'host' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'scheme' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'credentials' };
  if (!isHost(url.hostname)) return { ok: false, reason: 'host' };
  const hostOf = (value: string) => value.toLowerCase().replace(/^www\./, '');
  const onSite = sites.some((site) => {
    try {
      const origin = new URL(withScheme(site));
      return hostOf(origin.host) === hostOf(url.host);
    } catch {
      return false;
    }
  });
  if (!onSite) return { ok: false, reason: 'site' };
  // Stored as typed (scheme added): the author's address, not URL's re-serialization of it.
  return { ok: true, url: withScheme(text) };
}
