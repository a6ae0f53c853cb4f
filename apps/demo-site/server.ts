// Serves the demo customer website: static pages (full page loads), the /app single-page application
// (client-side routes), and its scripts compiled from src/ at start-up.
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
): Promise<{ server: Server; url: string }> {
  const scripts = await compileScripts();
  let variant = initial;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, {
        'content-type': type,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      res.end(body);
    };
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
        const html = body
          .toString('utf8')
          .replace('<head>', `<head>\n<meta name="demo-variant" content="${variant}">`);
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
  const { url } = await startServer(port, parseVariant(process.env.DEMO_SITE_VARIANT) ?? 'normal');
  console.log(`demo site on ${url}`);
}
