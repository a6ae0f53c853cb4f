// Serves the demo customer website: static pages (full page loads), the /app single-page application
// (client-side routes), and its scripts compiled from src/ at start-up.
//
// With MULOT_URL (the product's address) and MULOT_SITE_KEY (a project's site key) every page carries the embed
// snippet, as a customer pastes it (README "Diffuser vos guides"). `POST /__page` with body `strict-csp` serves the
// pages under a strict Content-Security-Policy (only the Mulot origin added to script-src and connect-src),
// `blocking-csp` under one that lets the loader's URL in but not its reader chunk nor the calls, `hostile` adds a
// script defining the globals a snippet could trip on (`mulot`, `define`, `React`) and a global CSS reset, `english`
// declares the pages English (`<html lang="en-GB">`), `options` gives the snippet the site owner's options
// (`data-locale="en" data-position="left"`) on the French pages, `normal` goes back (`GET /__page` tells the
// current one).
//
// Variant "broken" changes the DOM of one guide target (the "Nouveau projet" button) so that a guide
// recorded on the normal site cannot find it: DEMO_SITE_VARIANT=broken at start, `?variant=broken` on a page
// (kept for the tab's session), or `POST /__variant` with body "broken" or "normal" while running.
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

export type Variant = 'normal' | 'broken';
const PAGE_MODES = ['normal', 'strict-csp', 'blocking-csp', 'hostile', 'english', 'options'] as const;
export type PageMode = (typeof PAGE_MODES)[number];

export interface Embed {
  /** the Mulot address serving /embed.js */
  url: string;
  siteKey: string;
}

/** The snippet a site owner pastes, as the README gives it, with its optional attributes (`options`). */
function snippet(embed: Embed, options = ''): string {
  const attribute = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<script async src="${attribute(new URL('/embed.js', embed.url).href)}" data-site-key="${attribute(embed.siteKey)}"${options}></script>`;
}

/**
 * A strict policy that lets only the Mulot origin in, for scripts and calls: what the README tells site owners; or,
 * `blocking`, one that lets the loader in but not its reader chunk nor the calls (a site that got it wrong).
 */
function strictCsp(embed: Embed | undefined, blocking = false): string {
  const mulot = embed ? ` ${new URL(embed.url).origin}` : '';
  const loader = embed ? ` ${new URL('/embed.js', embed.url).href}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${blocking ? loader : mulot}`,
    `connect-src 'self'${blocking ? '' : mulot}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

const root = fileURLToPath(new URL('.', import.meta.url));
const publicDir = join(root, 'public');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

async function compileScripts(): Promise<Map<string, string>> {
  const scripts = new Map<string, string>();
  for (const file of await readdir(join(root, 'src'))) {
    if (!file.endsWith('.ts')) continue;
    const name = file.slice(0, -3);
    const source = await readFile(join(root, 'src', file), 'utf8');
    const { code } = await transform(source, { loader: 'ts', format: 'esm', target: 'es2022' });
    scripts.set(`/assets/${name}.js`, code);
  }
  return scripts;
}

function parseVariant(value: string | undefined | null): Variant | undefined {
  return value === 'broken' || value === 'normal' ? value : undefined;
}

export async function startServer(
  port: number,
  initial: Variant = 'normal',
  embed?: Embed,
): Promise<{ server: Server; url: string }> {
  const scripts = await compileScripts();
  let variant = initial;
  let mode: PageMode = 'normal';
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, {
        'content-type': type,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        ...((mode === 'strict-csp' || mode === 'blocking-csp') && type.startsWith('text/html')
          ? { 'content-security-policy': strictCsp(embed, mode === 'blocking-csp') }
          : {}),
      });
      res.end(body);
    };
    if (url.pathname === '/__page') {
      if (req.method === 'POST') {
        let body = '';
        for await (const chunk of req) body += chunk;
        const next = body.trim();
        const known = PAGE_MODES.find((m) => m === next);
        if (!known) return send(400, 'text/plain; charset=utf-8', `expected one of ${PAGE_MODES.join(', ')}`);
        mode = known;
      }
      return send(200, 'text/plain; charset=utf-8', mode);
    }
    if (url.pathname === '/__variant') {
      if (req.method === 'POST') {
        let body = '';
        for await (const chunk of req) body += chunk;
        const next = parseVariant(body.trim());
        if (!next) return send(400, 'text/plain; charset=utf-8', 'expected "normal" or "broken"');
        variant = next;
      }
      return send(200, 'text/plain; charset=utf-8', variant);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(405, 'text/plain; charset=utf-8', 'GET only');
    const script = scripts.get(url.pathname);
    if (script) return send(200, TYPES['.js'] as string, script);

    let path = url.pathname;
    // client-side routes of the application all load its single page
    if (path === '/app' || (path.startsWith('/app/') && !extname(path))) path = '/app/index.html';
    else if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(publicDir, decodeURIComponent(path)));
    if (!file.startsWith(publicDir + sep)) return send(403, 'text/plain; charset=utf-8', 'forbidden');
    try {
      const body = await readFile(file);
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      if (type.startsWith('text/html')) {
        // the page's own hostile globals and reset come first, as a site's own scripts and styles would
        const hostile =
          mode === 'hostile'
            ? '\n<script src="/assets/hostile.js"></script>\n<link rel="stylesheet" href="/hostile.css">'
            : '';
        const html = body
          .toString('utf8')
          .replace('<html lang="fr">', mode === 'english' ? '<html lang="en-GB">' : '<html lang="fr">')
          .replace('<head>', `<head>\n<meta name="demo-variant" content="${variant}">${hostile}`)
          .replace(
            '</head>',
            `${embed ? `${snippet(embed, mode === 'options' ? ' data-locale="en" data-position="left"' : '')}\n` : ''}</head>`,
          );
        return send(200, type, html);
      }
      return send(200, type, body);
    } catch {
      return send(
        404,
        'text/html; charset=utf-8',
        '<!doctype html><html lang="fr"><title>Page introuvable</title><h1>Page introuvable</h1>',
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(port, process.env.HOST ?? '127.0.0.1', resolve));
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return { server, url: `http://localhost:${actual}` };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.env.PORT ?? 5174);
  const { MULOT_URL, MULOT_SITE_KEY } = process.env;
  if (Boolean(MULOT_URL) !== Boolean(MULOT_SITE_KEY)) {
    console.error(
      'MULOT_URL and MULOT_SITE_KEY go together: set both to serve the pages with the embed snippet',
    );
    process.exit(1);
  }
  const embed = MULOT_URL && MULOT_SITE_KEY ? { url: MULOT_URL, siteKey: MULOT_SITE_KEY } : undefined;
  const { url } = await startServer(port, parseVariant(process.env.DEMO_SITE_VARIANT) ?? 'normal', embed);
  console.log(`demo site on ${url}${embed ? ` (with the Mulot snippet of ${embed.url})` : ''}`);
}
