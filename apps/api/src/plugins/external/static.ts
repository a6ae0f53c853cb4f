// The built back-office (with its SPA fallback), the embed snippet and the packaged extension, beside the API.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { serveExtensionPackage } from '../../extension.ts';
import { HttpProblem } from '../../problems.ts';
import { sendProblem } from '../app/problems.ts';

/** The back-office build to serve, when there is one. */
export function backofficeDir(config: Config): string | null {
  return config.backofficeDir && existsSync(join(config.backofficeDir, 'index.html'))
    ? config.backofficeDir
    : null;
}

/** The embed snippet's build to serve, when there is one. */
export function embedDir(config: Config): string | null {
  return config.embedDir && existsSync(join(config.embedDir, 'embed.js')) ? config.embedDir : null;
}

/** Headers of the snippet's files, which customers' pages load from their own origin. */
function embedHeaders(reply: FastifyReply, path: string) {
  // embed.js keeps its URL (site owners paste it): a short cache, so a new release reaches pages within minutes;
  // the chunks are named by content hash and never change
  reply.header(
    'cache-control',
    /\/embed\.js(\.gz|\.br)?$/.test(path) ? 'public, max-age=300' : 'public, max-age=31536000, immutable',
  );
  // loaded by other sites' pages: a module import and the font's fetch are CORS requests (public files, no
  // credentials), and the resource policy that keeps the API's answers to its own site does not apply to them
  reply.header('access-control-allow-origin', '*');
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

export default fp(async function staticFiles(
  app: FastifyInstance,
  { config, backoffice }: { config: Config; backoffice: string | null },
) {
  if (backoffice) {
    await app.register(fastifyStatic, {
      root: backoffice,
      prefix: '/',
      wildcard: true,
      index: false,
      // The back-office build leaves a .br and a .gz beside each text file: sent with the matching Content-Encoding
      // when the client accepts it, the file itself otherwise (and `Vary: Accept-Encoding` either way).
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite names assets by content hash: they never change.
        if (path.startsWith(join(backoffice, 'assets'))) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  const embed = embedDir(config);
  if (embed) {
    // only its files, found at start (no wildcard: the back-office's history fallback keeps every other path);
    // the build leaves nothing else there
    await app.register(fastifyStatic, {
      root: embed,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      setHeaders: embedHeaders,
    });
  }

  // Served with or without a back-office (an API-only deployment still hands authors the extension).
  serveExtensionPackage(app, config, (request, reply) =>
    sendProblem(reply, request, new HttpProblem('not-found', { key: 'extension-not-built' })),
  );

  const sendPage = (reply: FastifyReply, directory: string) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .sendFile('index.html', directory);

  if (backoffice) {
    // The static plugin refuses a directory without an index (403): the root is a page of the SPA like any other.
    app.get('/', (_request, reply) => sendPage(reply, backoffice));
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const page = !/^\/api(\/|$)/.test(path) && !/\.[a-z0-9]+$/i.test(path);
    if (backoffice && (request.method === 'GET' || request.method === 'HEAD') && page) {
      // History fallback: the SPA's router handles every non-API path that does not name a file.
      return sendPage(reply, backoffice);
    }
    return sendProblem(reply, request, new HttpProblem('not-found', { key: 'route-not-found' }));
  });
});
