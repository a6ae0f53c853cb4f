// After `react-router build`, before compress.ts: index.html (served for every page of this SPA) gets an inline
// script that asks for the JS of the page being opened at once, as <link rel="modulepreload">. Without it the
// browser learns of a page's modules only once the framework has run and imported the page's module, whose own
// imports come one round trip later still: on /auth/login, two round trips between the HTML and the first paint.
// The list comes from React Router's manifest of this build (each route's module, its imports and client loader).
// apps/api allows the script by its hash, read from index.html like the others'.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  clientLoaderModule?: string;
}

/** Each page's URL pattern (a regular expression's source) and the files of its routes below the root. */
export function pagePreloads(
  routes: Record<string, ManifestRoute>,
  alreadyPreloaded: Set<string>,
): [string, string[]][] {
  const parents = new Set(Object.values(routes).map((route) => route.parentId));
  const pages: [string, string[]][] = [];
  for (const route of Object.values(routes)) {
    // Pages only: the layouts are preloaded with them; the catch-all (not found) matches every address.
    if (parents.has(route.id) || route.path === '*' || route.id === 'root') continue;
    const chain: ManifestRoute[] = [];
    for (
      let r: ManifestRoute | undefined = route;
      r && r.id !== 'root';
      r = r.parentId ? routes[r.parentId] : undefined
    )
      chain.unshift(r);
    const path = chain
      .map((r) => r.path ?? '')
      .filter(Boolean)
      .join('/');
    const pattern = `^/${path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`.replace('^//?$', '^/?$');
    const files = new Set<string>();
    for (const r of chain)
      for (const file of [r.module, ...(r.imports ?? []), r.clientLoaderModule])
        if (file && !alreadyPreloaded.has(file)) files.add(file);
    pages.push([pattern, [...files]]);
  }
  return pages;
}

/**
 * The inline script: adds a modulepreload link for each file of the page matching the address. Files are listed
 * once and named by their index (most are shared by many pages), without the common /assets/ prefix and .js.
 */
export function preloadScript(pages: [string, string[]][]): string {
  const files = [...new Set(pages.flatMap(([, list]) => list))];
  const short = files.map((file) => file.replace(/^\/assets\//, '').replace(/\.js$/, ''));
  if (short.some((name, i) => `/assets/${name}.js` !== files[i]))
    throw new Error('a module outside /assets/');
  const table = pages.map(([pattern, list]) => [pattern, list.map((file) => files.indexOf(file))]);
  return `(function(f,p,u){for(var i=0;i<p.length;i++)if(new RegExp(p[i][0]).test(u)){for(var j=0;j<p[i][1].length;j++){var l=document.createElement("link");l.rel="modulepreload";l.href="/assets/"+f[p[i][1][j]]+".js";document.head.appendChild(l)}return}})(${JSON.stringify(short)},${JSON.stringify(table)},location.pathname)`;
}

if (import.meta.main) {
  const client = join(import.meta.dirname, '..', 'build', 'client');
  const manifestFile = readdirSync(join(client, 'assets')).find((name) => /^manifest-.*\.js$/.test(name));
  if (!manifestFile) throw new Error('no React Router manifest in build/client/assets');
  const source = readFileSync(join(client, 'assets', manifestFile), 'utf8');
  const json = source.replace(/^window\.__reactRouterManifest=/, '').replace(/;\s*$/, '');
  const manifest = JSON.parse(json) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, ManifestRoute>;
  };
  // index.html's own modulepreloads: the entry's and the root route's.
  const root = manifest.routes.root;
  const preloaded = new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    root?.module ?? '',
    ...(root?.imports ?? []),
  ]);
  const pages = pagePreloads(manifest.routes, preloaded);
  const indexFile = join(client, 'index.html');
  const html = readFileSync(indexFile, 'utf8');
  if (!html.includes('</head>')) throw new Error('index.html has no </head>');
  writeFileSync(indexFile, html.replace('</head>', `<script>${preloadScript(pages)}</script></head>`));
  console.log(`index.html preloads the modules of ${pages.length} pages`);
}
