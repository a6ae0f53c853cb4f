import { createReadStream, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { noneMatch } from './plugins/app/conditional.ts';
import type { Schemas } from './types.ts';

/** The stable address of the packaged extension, beside the back-office (not under /api: it is no API call). */
export const extensionPackagePath = '/extension/mulot-extension.zip';

/** What `wxt zip` names it (apps/extension/wxt.config.ts `zip.artifactTemplate`). */
const packageName = /^mulot-extension-(\d+(?:\.\d+){0,3})\.zip$/;

export interface ExtensionPackageFile {
  path: string;
  fileName: string;
  version: string;
  size: number;
  mtimeMs: number;
}

function compareVersions(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The newest packaged extension in the build output, looked up on each call: a rebuild while the server runs (or
 * an older zip left beside a newer one) serves the newest without a restart.
 */
export function findExtensionPackage(directory: string | null): ExtensionPackageFile | null {
  if (!directory) return null;
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return null;
  }
  const found = names
    .map((name) => ({ name, version: packageName.exec(name)?.[1] }))
    .filter((entry): entry is { name: string; version: string } => entry.version !== undefined)
    .sort((a, b) => compareVersions(b.version, a.version))[0];
  if (!found) return null;
  const path = join(directory, found.name);
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return null;
    return { path, fileName: found.name, version: found.version, size: stat.size, mtimeMs: stat.mtimeMs };
  } catch {
    return null;
  }
}

export function extensionDistribution(config: Config): Schemas['ExtensionDistribution'] {
  const file = findExtensionPackage(config.extensionDir);
  return {
    storeUrl: config.extensionStoreUrl ?? null,
    package: file
      ? { url: extensionPackagePath, fileName: file.fileName, version: file.version, size: file.size }
      : null,
  };
}

/**
 * Serves the packaged extension at its stable address. Each version has the same URL, so caches must ask again
 * (`no-cache` with a validator) rather than keep an old version; the download is saved under its versioned name.
 * `onMissing` answers when the product was built without it.
 */
export function serveExtensionPackage(
  app: FastifyInstance,
  config: Config,
  onMissing: (request: FastifyRequest, reply: FastifyReply) => FastifyReply,
): void {
  app.get(extensionPackagePath, (request, reply) => {
    const file = findExtensionPackage(config.extensionDir);
    if (!file) return onMissing(request, reply);
    const tag = `"${file.version}-${file.size.toString(36)}-${Math.floor(file.mtimeMs).toString(36)}"`;
    reply
      .header('etag', tag)
      .header('cache-control', 'public, no-cache')
      .header('last-modified', new Date(file.mtimeMs).toUTCString());
    if (noneMatch(request.headers['if-none-match'], tag)) return reply.code(304).send();
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('content-length', String(file.size))
      .send(createReadStream(file.path));
  });
}
