// Helmet's security headers and the Content-Security-Policy, on every answer (refusals included).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, computed once: they depend on nothing in the request, and building
 * helmet's middleware again for every request (what @fastify/helmet does) was a tenth of a cached read.
 */
export function staticHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown = null;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return [...headers];
}

/** CSP sources for the inline scripts of a built page, so they run without 'unsafe-inline'. */
export function inlineScriptHashes(file: string): string[] {
  const html = readFileSync(file, 'utf8');
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The API's answers (JSON, problems, screenshots) are no documents: OWASP's set for REST answers, a policy that lets
 * nothing load or frame them, and none of helmet's headers that only a document reads (opener and agent cluster, DNS
 * prefetch, IE's download and XSS filters, Flash's policy files). A public catalogue is read on every page view of a
 * customer's site: these headers were half of its bytes. Also on the refusals made before routing (problems.ts).
 */
export const apiSecurityHeaders = staticHeaders({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  // screenshots are fetched by the extension from customer pages
  crossOriginResourcePolicy: { policy: 'same-site' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

export default fp(async function securityHeaders(
  app: FastifyInstance,
  { backoffice }: { backoffice: string | null },
) {
  const headers = staticHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        // The SPA's index.html carries small inline scripts (router context, module entry): allowed by hash only.
        scriptSrc: ["'self'", ...(backoffice ? inlineScriptHashes(join(backoffice, 'index.html')) : [])],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // The first hook of every route (the request id and locale hooks aside): even a refusal carries them. The API's
  // documentation is a page.
  app.addHook('onRequest', (request, reply, done) => {
    const api = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    for (const [name, value] of api ? apiSecurityHeaders : headers) reply.raw.setHeader(name, value);
    done();
  });
});
