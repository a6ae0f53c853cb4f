import type { paths } from '@mulot/api-client';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
/** The methods a path of the contract really has (openapi-typescript writes `method?: never` for the others). */
type MethodsOf<P extends keyof paths> = {
  [M in Method]: paths[P][M & keyof paths[P]] extends undefined | never ? never : M;
}[Method];

/**
 * The operations the in-page panels call (creator, reader, assistant): the only ones the background proxies for a
 * content script. Typed against the api-client's generated `paths`: an operation the contract does not have, or a
 * method it does not take, fails the type check instead of widening the proxy.
 */
const PANEL_OPERATIONS = {
  '/projects': ['get'],
  '/projects/{id}/categories/{categoryId}/scenarios': ['get', 'post'],
  '/scenarios/{id}': ['get'],
  '/scenarios/{id}/steps': ['post'],
  '/scenarios/{id}/steps/{stepId}': ['put', 'delete'],
  '/scenarios/{id}/steps/order': ['put'],
  '/scenarios/{id}/prerequisites': ['put'],
  '/scenarios/{id}/start-rule': ['get', 'put'],
  '/scenarios/{id}/runs': ['post'],
  '/scenarios/{id}/runs/{runId}': ['patch'],
  '/catalogue': ['get'],
  '/assistant': ['post'],
} as const satisfies { [P in keyof paths]?: ReadonlyArray<MethodsOf<P>> };

/** A path template as a pattern: each `{param}` is one path segment. */
function pattern(template: string): RegExp {
  const escaped = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${escaped}$`);
}

const allowed = Object.entries(PANEL_OPERATIONS).map(([template, methods]) => ({
  pattern: pattern(template),
  methods: new Set<string>(methods),
}));

/**
 * Whether a content script may have the background send `method url` with the session: the URL is under the
 * session's API root and names one of the panels' operations (query strings aside).
 */
export function isPanelOperation(apiBase: string, method: string, url: string): boolean {
  let target: URL;
  let base: URL;
  try {
    target = new URL(url);
    base = new URL(apiBase);
  } catch {
    return false;
  }
  const root = base.pathname.replace(/\/+$/, '');
  if (target.origin !== base.origin || !target.pathname.startsWith(`${root}/`)) return false;
  // an encoded slash or dot segment would let a `{param}` reach another path
  if (/%2f|%5c|(^|\/)\.\.?(\/|$)/i.test(target.pathname)) return false;
  const path = target.pathname.slice(root.length);
  const verb = method.toLowerCase();
  return allowed.some((operation) => operation.methods.has(verb) && operation.pattern.test(path));
}
