// The API reference, rendered from openapi.yaml, with every asset served from here (no CDN).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { specPath } from '../../contract.ts';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const swaggerUiDir = dirname(fileURLToPath(import.meta.resolve('swagger-ui-dist/package.json')));

export default fp(async function docs(app: FastifyInstance) {
  const docsPage = readFileSync(join(appDir, 'docs/index.html'), 'utf8');
  const docsInit = readFileSync(join(appDir, 'docs/init.js'), 'utf8');
  app.get('/api/docs', (_request, reply) => reply.type('text/html; charset=utf-8').send(docsPage));
  app.get('/api/docs/init.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(docsInit),
  );
  app.get('/api/openapi.yaml', (_request, reply) =>
    reply.type('application/yaml; charset=utf-8').send(readFileSync(specPath, 'utf8')),
  );
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: '/api/docs/assets/',
    decorateReply: false,
    allowedPath: (path) => /^\/(swagger-ui(-bundle)?\.(js|css)|favicon-(16x16|32x32)\.png)$/.test(path),
  });
});
