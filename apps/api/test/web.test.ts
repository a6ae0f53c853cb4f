import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../src/config.ts';
import { startServer, type TestServer } from './support/harness.ts';

let server: TestServer;
let backoffice: string;
let embed: string;
const inlineScript = 'window.__reactRouterContext = { isSpaMode: true };';

beforeAll(async () => {
  backoffice = mkdtempSync(join(tmpdir(), 'mulot-backoffice-'));
  mkdirSync(join(backoffice, 'assets'));
  writeFileSync(
    join(backoffice, 'index.html'),
    `<!doctype html><title>Mulot</title><div id="root"></div><script>${inlineScript}</script><script type="module" src="/assets/app-1234.js"></script>`,
  );
  writeFileSync(join(backoffice, 'assets', 'app-1234.js'), 'console.log("app")');
  // As the back-office build leaves them (apps/backoffice/scripts/compress.ts).
  writeFileSync(join(backoffice, 'assets', 'app-1234.js.br'), brotliCompressSync('console.log("app")'));
  writeFileSync(join(backoffice, 'assets', 'app-1234.js.gz'), gzipSync('console.log("app")'));
  // As the snippet's build leaves it (apps/embed/build.ts): the loader, its hashed reader chunk, their .gz and .br.
  embed = mkdtempSync(join(tmpdir(), 'mulot-embed-'));
  mkdirSync(join(embed, 'embed'));
  for (const [file, text] of [
    ['embed.js', 'import("./embed/reader-abcd.js")'],
    ['embed/reader-abcd.js', 'export function mount() {}'],
  ] as const) {
    writeFileSync(join(embed, file), text);
    writeFileSync(join(embed, `${file}.gz`), gzipSync(text));
    writeFileSync(join(embed, `${file}.br`), brotliCompressSync(text));
  }
  // No SMTP server: mails must land as .eml files under DATA_DIR/mail.
  server = await startServer({ backofficeDir: backoffice, embedDir: embed, smtpUrl: undefined });
});

afterAll(async () => {
  await server?.close();
  rmSync(backoffice, { recursive: true, force: true });
  rmSync(embed, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Headers, api: boolean) {
  const csp = headers.get('content-security-policy') ?? '';
  if (api) {
    // an API answer lets nothing load, nor frame it (OWASP's REST headers), and carries no document's headers
    expect(csp).toBe("default-src 'none';frame-ancestors 'none'");
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('cross-origin-opener-policy')).toBeNull();
    expect(headers.get('x-dns-prefetch-control')).toBeNull();
  } else {
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  }
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('strict-transport-security')).toBeTruthy();
  expect(headers.get('referrer-policy')).toBe('no-referrer');
}

describe('serving the product', () => {
  it('puts security headers with a CSP on API answers, errors, pages and assets', async () => {
    for (const path of [
      '/api/translations/locales',
      '/api/nothing',
      '/',
      '/app/projects',
      '/assets/app-1234.js',
      '/api/docs',
    ]) {
      const answer = await server.call('GET', path);
      expectSecurityHeaders(answer.headers, path.startsWith('/api/') && path !== '/api/docs');
    }
  });

  it("allows the built page's inline scripts by hash only", async () => {
    const csp = (await server.call('GET', '/')).headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).not.toContain('unsafe-inline');
  });

  it('serves the back-office with a history fallback, but never for API paths', async () => {
    // The root is where a newcomer lands first (spec: / redirects to the dashboard, inside the app).
    const root = await server.call<string>('GET', '/');
    expect(root.status).toBe(200);
    expect(root.body).toContain('<div id="root">');
    const deep = await server.call<string>('GET', '/app/projects/123/categories/456');
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toMatch(/^text\/html/);
    expect(deep.body).toContain('<div id="root">');
    const asset = await server.call<string>('GET', '/assets/app-1234.js');
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await server.call('GET', '/assets/gone-5678.js');
    expect(missing.status).toBe(404);
    const api = await server.call('GET', '/api/app/projects');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('sends the precompressed copy of an asset with the encoding the browser accepts, the file itself otherwise', async () => {
    const get = async (acceptEncoding: string) => {
      // inject: the raw bytes and headers, where fetch would decompress on its own.
      const answer = await server.app.inject({
        method: 'GET',
        url: '/assets/app-1234.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toContain('immutable');
      return { encoding: answer.headers['content-encoding'], body: answer.rawPayload };
    };
    const br = await get('gzip, deflate, br, zstd');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe('console.log("app")');
    const gzip = await get('gzip, deflate');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe('console.log("app")');
    for (const none of ['identity', '']) {
      const plain = await get(none);
      expect(plain.encoding).toBeUndefined();
      expect(plain.body.toString()).toBe('console.log("app")');
    }
  });

  it('serves the embed snippet to any site: the loader for five minutes, its hashed chunks for good', async () => {
    const get = async (url: string, acceptEncoding = '') => {
      const answer = await server.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      // customers' pages load them from their own origin: a module import and a fetch are CORS requests
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
      return answer;
    };
    for (const encoding of ['', 'gzip', 'br']) {
      const loader = await get('/embed.js', encoding);
      expect(loader.headers['cache-control']).toBe('public, max-age=300');
      expect(loader.headers['content-encoding']).toBe(encoding || undefined);
      const chunk = await get('/embed/reader-abcd.js', encoding);
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/embed.js')).body).toBe('import("./embed/reader-abcd.js")');
    // nothing else of the folder, and the API's own answers keep their policy
    const missing = await server.app.inject({ method: 'GET', url: '/embed/reader-other.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('renders the API reference from openapi.yaml with every asset served locally', async () => {
    const page = await server.call<string>('GET', '/api/docs');
    expect(page.status).toBe(200);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const source of sources) {
      expect(source, 'no CDN').not.toMatch(/^(https?:)?\/\//);
      const asset = await server.call('GET', new URL(source, `${server.base}/api/docs`).pathname);
      expect(asset.status, source).toBe(200);
    }
    expect(page.body).not.toMatch(/<script>[^<]/);
    const init = await server.call<string>('GET', '/api/docs/init.js');
    expect(init.body).toContain("url: './openapi.yaml'");
    const spec = await server.call<string>('GET', '/api/openapi.yaml');
    expect(spec.body).toMatch(/^openapi: 3\.1/);
    expect((await server.call('GET', '/api/docs/assets/../../package.json')).status).toBe(404);
  });
});

describe('mail without an SMTP server', () => {
  it('writes each mail as an .eml file under DATA_DIR/mail, so an account can be confirmed without a mail server', async () => {
    const email = 'no-smtp@example.com';
    const registered = await server.call('POST', '/api/auth/register', {
      body: { credentials: { email, password: 'password 123' }, rootUrl: 'http://localhost:3000' },
    });
    expect(registered.status).toBe(201);
    const dir = join(server.dataDir, 'mail');
    // The outbox worker writes it just after the answer.
    const emls = () => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : []);
    await expect.poll(emls, { timeout: 5000 }).toHaveLength(1);
    const files = emls();
    const eml = readFileSync(join(dir, files[0] as string), 'utf8').replace(/=\r?\n/g, '');
    expect(eml).toContain(`To: ${email}`);
    const link = /http:\/\/localhost:3000\/auth\/confirm-account\?code=[^\s&]+&email=[^\s]+/.exec(eml)?.[0];
    expect(link).toBeTruthy();
    const url = new URL((link as string).replace(/=3D/g, '='));
    const confirmed = await server.call('POST', '/api/auth/confirm', {
      body: { code: url.searchParams.get('code'), email: url.searchParams.get('email') },
    });
    expect(confirmed.status).toBe(204);
    expect(server.mail.mails).toHaveLength(0);
  });
});

describe('configuration from the environment', () => {
  it('reads the documented variables', () => {
    const config = configFromEnv({
      PORT: '8080',
      DATA_DIR: '/tmp/mulot-data',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'https://mulot.example.com/app',
      JWT_SECRET: 'a'.repeat(40),
      LOG_LEVEL: 'warn',
      EMBED_DIR: '/srv/mulot/embed',
    });
    expect(config).toMatchObject({
      embedDir: '/srv/mulot/embed',
      port: 8080,
      dataDir: '/tmp/mulot-data',
      database: { kind: 'pglite', dataDir: '/tmp/mulot-data/pglite' },
      smtpUrl: 'smtp://127.0.0.1:2525',
      publicUrl: 'https://mulot.example.com',
      logLevel: 'warn',
    });
    // Relative to where pnpm was started (the repository root for `pnpm start`).
    expect(configFromEnv({ INIT_CWD: '/srv/mulot', DATA_DIR: 'state' }).dataDir).toBe('/srv/mulot/state');
    expect(configFromEnv({ INIT_CWD: '/srv/mulot' }).dataDir).toBe('/srv/mulot/data');
    expect(configFromEnv({ DATABASE_URL: 'postgres://u@db:5432/mulot' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/mulot',
    });
  });

  it('stops on a wrong value with one clear message', () => {
    for (const env of [
      { PORT: 'eighty' },
      { PORT: '70000' },
      { DATABASE_URL: 'mysql://db' },
      { SMTP_URL: 'not a url' },
      { PUBLIC_URL: 'ftp://x' },
      { JWT_SECRET: 'short' },
    ]) {
      expect(() => configFromEnv(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });
});
