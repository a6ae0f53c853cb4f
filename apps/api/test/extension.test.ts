import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../src/config.ts';
import { startServer, type TestServer } from './support/harness.ts';

/** A real (stored) zip of the given files, as `wxt zip` leaves one: the server must hand over these exact bytes. */
function zipOf(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The manifest inside a zip made by zipOf (stored entries), read back from the downloaded bytes. */
function manifestIn(zip: Buffer): { version: string } {
  const at = zip.indexOf(Buffer.from('manifest.json'));
  const local = at - 30;
  expect(zip.readUInt32LE(local)).toBe(0x04034b50);
  const size = zip.readUInt32LE(local + 18);
  const method = zip.readUInt16LE(local + 8);
  const data = zip.subarray(at + 'manifest.json'.length, at + 'manifest.json'.length + size);
  return JSON.parse((method === 8 ? inflateRawSync(data) : data).toString('utf8'));
}

const zipPath = '/extension/mulot-extension.zip';

describe('the packaged extension, built', () => {
  let server: TestServer;
  let output: string;
  let newest: Buffer;

  beforeAll(async () => {
    // As `pnpm build` leaves apps/extension/.output: the unpacked build and its zips (an older one kept beside).
    output = mkdtempSync(join(tmpdir(), 'mulot-extension-output-'));
    mkdirSync(join(output, 'chrome-mv3'));
    writeFileSync(join(output, 'chrome-mv3', 'manifest.json'), '{"version":"0.10.0"}');
    writeFileSync(
      join(output, 'mulot-extension-0.9.0.zip'),
      zipOf({ 'manifest.json': '{"manifest_version":3,"name":"Mulot","version":"0.9.0"}' }),
    );
    newest = zipOf({
      'manifest.json': '{"manifest_version":3,"name":"Mulot","version":"0.10.0"}',
      'background.js': 'console.log("mulot")',
    });
    writeFileSync(join(output, 'mulot-extension-0.10.0.zip'), newest);
    writeFileSync(join(output, 'notes.zip'), 'not ours');
    server = await startServer({
      extensionDir: output,
      extensionStoreUrl: 'https://chromewebstore.google.com/detail/mulot/abcdefghijklmnopabcdefghijklmnop',
    });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(output, { recursive: true, force: true });
  });

  it('tells the back-office where to get it: the store listing and the package of this version', async () => {
    const answer = await server.call('GET', '/api/extension');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      storeUrl: 'https://chromewebstore.google.com/detail/mulot/abcdefghijklmnopabcdefghijklmnop',
      // 0.10.0 is newer than 0.9.0 (numerically, not as text)
      package: {
        url: zipPath,
        fileName: 'mulot-extension-0.10.0.zip',
        version: '0.10.0',
        size: newest.length,
      },
    });
  });

  it('serves the newest zip at a stable address, saved under its versioned name', async () => {
    const response = await fetch(`${server.base}${zipPath}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="mulot-extension-0.10.0.zip"',
    );
    expect(response.headers.get('content-length')).toBe(String(newest.length));
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(newest)).toBe(true);
    expect(manifestIn(bytes).version).toBe('0.10.0');
    // Same URL for every version: a cache must ask again before reusing it, and can (a validator).
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"0\.10\.0-/);
    const again = await fetch(`${server.base}${zipPath}`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await fetch(`${server.base}${zipPath}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain('mulot-extension-0.10.0.zip');
  });

  it('serves a rebuilt version without a restart, and a fresh validator with it', async () => {
    const before = (await fetch(`${server.base}${zipPath}`, { method: 'HEAD' })).headers.get('etag');
    const next = zipOf({ 'manifest.json': '{"manifest_version":3,"name":"Mulot","version":"0.10.1"}' });
    writeFileSync(join(output, 'mulot-extension-0.10.1.zip'), next);
    try {
      const response = await fetch(`${server.base}${zipPath}`, {
        headers: { 'if-none-match': before ?? '' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toContain('mulot-extension-0.10.1.zip');
      expect(manifestIn(Buffer.from(await response.arrayBuffer())).version).toBe('0.10.1');
    } finally {
      rmSync(join(output, 'mulot-extension-0.10.1.zip'));
    }
  });
});

describe('the packaged extension, not built', () => {
  let server: TestServer;
  let backoffice: string;

  beforeAll(async () => {
    backoffice = mkdtempSync(join(tmpdir(), 'mulot-backoffice-'));
    writeFileSync(join(backoffice, 'index.html'), '<!doctype html><title>Mulot</title><div id="root"></div>');
    const empty = mkdtempSync(join(tmpdir(), 'mulot-extension-output-'));
    server = await startServer({ backofficeDir: backoffice, extensionDir: empty });
    rmSync(empty, { recursive: true, force: true });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(backoffice, { recursive: true, force: true });
  });

  it('offers neither a package nor a store listing', async () => {
    const answer = await server.call('GET', '/api/extension');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ storeUrl: null, package: null });
  });

  it('answers the download with a localized not-found problem, never the back-office page', async () => {
    const fr = await server.call<{ type: string; status: number; detail: string; instance: string }>(
      'GET',
      zipPath,
    );
    expect(fr.status).toBe(404);
    expect(fr.headers.get('content-type')).toContain('application/problem+json');
    expect(fr.body.type).toBe('urn:mulot:problem:not-found');
    expect(fr.body.instance).toBe(zipPath);
    expect(fr.body.detail).toBe(
      "L'extension n'est pas disponible sur ce serveur. Demandez à son administrateur de l'installer.",
    );
    const en = await server.call<{ detail: string }>('GET', zipPath, { locale: 'en' });
    expect(en.body.detail).toBe(
      'The extension is not available on this server. Ask its administrator to install it.',
    );
  });
});

describe('configuration', () => {
  it('reads EXTENSION_STORE_URL and EXTENSION_DIR', () => {
    expect(configFromEnv({}).extensionStoreUrl).toBeUndefined();
    expect(configFromEnv({}).extensionDir).toMatch(/apps\/extension\/\.output$/);
    const config = configFromEnv({
      EXTENSION_STORE_URL: 'https://chromewebstore.google.com/detail/mulot/abc',
      EXTENSION_DIR: '/srv/mulot/extension',
    });
    expect(config.extensionStoreUrl).toBe('https://chromewebstore.google.com/detail/mulot/abc');
    expect(config.extensionDir).toBe('/srv/mulot/extension');
    expect(configFromEnv({ EXTENSION_DIR: '' }).extensionDir).toBeNull();
  });

  it('refuses a store listing that is not a web address', () => {
    expect(() => configFromEnv({ EXTENSION_STORE_URL: 'chromewebstore' })).toThrow(ConfigError);
    expect(() => configFromEnv({ EXTENSION_STORE_URL: 'javascript:alert(1)' })).toThrow(
      /EXTENSION_STORE_URL must start with https:\/\/ or http:\/\//,
    );
  });
});
