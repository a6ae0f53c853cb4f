// The public calls a customer's site makes for its end users (issue 39): the site key names the project, the
// browser's Origin must be one of its sites, and both the client and the key are counted.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { HttpProblem } from '../../problems.ts';
import { refuseAfter } from '../../rate-limit.ts';
import { hostOf, onSites } from '../../repositories/projects.ts';
import type { Services, Site } from '../../types.ts';

/** The key, from the query or the body: the contract's `SiteKey` pattern has already validated it. */
function keyOf(request: FastifyRequest): string | null {
  const fromQuery = (request.query as { key?: unknown } | undefined)?.key;
  const fromBody =
    request.body && typeof request.body === 'object' ? (request.body as { key?: unknown }).key : undefined;
  const key = fromQuery ?? fromBody;
  return typeof key === 'string' ? key : null;
}

/** The page URL a call carries (the catalogue's query, the assistant's body), if any. */
function pageOf(request: FastifyRequest): string | null {
  const fromQuery = (request.query as { url?: unknown } | undefined)?.url;
  const fromBody =
    request.body && typeof request.body === 'object' ? (request.body as { url?: unknown }).url : undefined;
  const url = fromQuery ?? fromBody;
  return typeof url === 'string' ? url : null;
}

/**
 * The request's Origin as the site hook judges it: null when absent or another kind of client's (a scheme other than
 * http or https, e.g. `chrome-extension://…`); a web page's otherwise, including the opaque `null` of a sandboxed
 * page, which is on no site and so refused.
 */
function webOrigin(origin: string | undefined): string | null {
  if (typeof origin !== 'string') return null;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(origin)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' ? origin : null;
}

function httpOrigin(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Before a public call's handler (its query and body already validated): the key's project, or one 404 whatever
 * was wrong with the key; the Origin, when a browser sent one, among the project's sites (reflected, never `*`);
 * then one hit counted per client address and per key, and the site remembered as seen (installation status).
 */
export function siteHook(services: Services) {
  // Most calls name a key this replica read within the second: checked without waiting (Fastify's callback style),
  // the others once their project is read.
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const key = keyOf(request);
    const held = key ? services.siteKeys.held(key) : { site: undefined };
    if (!held)
      return services.siteKeys.find(key as string).then((site) => admit(services, request, reply, site));
    admit(services, request, reply, held.site);
    done();
  };
}

function admit(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  project: Site | undefined,
): void {
  const client = { bucket: 'public-client', key: request.ip } as const;
  if (!project) {
    refuseAfter(services.publicCounts.take([client]));
    throw new HttpProblem('not-found', { key: 'site-key-unknown' });
  }
  // Only a web page's Origin is a site's: CORS protects the project against other web pages. A client that is no
  // web page (a server, a test, the extension's background with its `chrome-extension://` origin) calls as one
  // without an Origin already may: no CORS header, not refused (ADR 18).
  const origin = webOrigin(request.headers.origin);
  // Whatever the caller, the answer depends on the Origin: a shared cache must not hand an answer made without
  // one (no CORS header) to a site's page.
  reply.header('vary', 'Origin');
  if (origin !== null) {
    if (!onSites(project.sites, origin)) throw new HttpProblem('forbidden', { key: 'origin-not-allowed' });
    reply.header('access-control-allow-origin', origin);
  }
  refuseAfter(services.publicCounts.take([client, { bucket: 'public-key', key: project.id }]));
  request.site = project;
  // The page said that the site identified its user (GET /public/start?identified=1): the project remembers when,
  // for the "Démarrage" card. Here rather than in the handler, which a held or revalidated answer skips.
  if ((request.query as { identified?: unknown } | undefined)?.identified === '1')
    services.identifySightings.seen(project.id);
  // The installation status: the browser's Origin accepted above, else (a call without one) the page the call
  // names when it is one of the project's.
  const page = origin === null ? pageOf(request) : null;
  const seenOrigin = origin ?? (page && onSites(project.sites, page) ? httpOrigin(page) : null);
  const seenHost = seenOrigin ? hostOf(seenOrigin) : null;
  if (seenOrigin && seenHost) services.siteSightings.seen(project.id, seenHost, seenOrigin);
}

/**
 * CORS preflight of the public calls (a POST of JSON from a customer's page): allowed for an origin that is a site
 * of some project, since the key travels in the body the preflight does not carry; the call itself is then checked
 * against its key's own sites.
 */
export default fp(async function publicPreflight(app: FastifyInstance) {
  app.options('/api/public/*', async (request, reply) => {
    const origin = request.headers.origin;
    const host = typeof origin === 'string' ? hostOf(origin) : null;
    const known = host
      ? await sql`SELECT 1 FROM projects WHERE mulot_site_hosts(sites) @> ARRAY[${host}]::text[] LIMIT 1`.execute(
          app.mulot.db,
        )
      : null;
    if (!known || known.rows.length === 0) throw new HttpProblem('forbidden', { key: 'origin-not-allowed' });
    return reply
      .code(204)
      .header('access-control-allow-origin', origin as string)
      .header('vary', 'Origin')
      .header('access-control-allow-methods', 'GET, POST, PATCH')
      .header('access-control-allow-headers', 'content-type, x-locale')
      .header('access-control-max-age', '600')
      .send();
  });
});
