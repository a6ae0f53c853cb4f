// `pnpm bench:web`: what a first visit costs on /auth/login and /app/dashboard of the built product, as served by
// apps/api: the JS and CSS fetched before the page settles — bytes on the wire as the browser received them (the
// server sends the build's precompressed copies), and the same bodies' raw and gzip -9 sizes — and Lighthouse's LCP,
// TBT and performance score (desktop preset) in /usr/bin/chromium. Each figure is printed next to the same figure
// for a bare React + React Router SPA (bench/bare) built by Vite, precompressed and served by apps/api in the same
// run, and a static page with no script. Figures only, no assertions: the machine's load moves them.
// BENCH_WEB_BASELINE=<dir> adds the same rows for another build/client (e.g. main's), measured in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumPath, launchPersistentChromium } from '@mulot/testing/chromium';
import { linkIn, MailSink } from '@mulot/testing/mail';
import { type Started, startProduct } from '@mulot/testing/product';
import type { BrowserContext } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { build } from 'vite';
import { compressDir } from '../scripts/compress.ts';

const password = 'bench password 1';
const email = 'bench@example.com';

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const servers: Started[] = [];
const mail = new MailSink();
const smtpUrl = await mail.start();

/** The product as `pnpm start` serves it, here serving `backofficeDir`. */
async function serve(backofficeDir: string): Promise<string> {
  const started = await startProduct({ backofficeDir, env: { SMTP_URL: smtpUrl } });
  servers.push(started);
  return started.url.replace('127.0.0.1', 'localhost');
}

/** The product serving a back-office build, with a confirmed account that has a few projects. */
async function product(backofficeDir: string) {
  const origin = await serve(backofficeDir);
  return { origin, session: await seed(origin) };
}

// The floor: React and React Router alone, built, precompressed and served the same way.
const bareDir = mkdtempSync(join(tmpdir(), 'mulot-bench-bare-'));
await build({
  root: join(import.meta.dirname, 'bare'),
  configFile: false,
  logLevel: 'error',
  build: { outDir: join(bareDir, 'client'), emptyOutDir: true },
});
compressDir(join(bareDir, 'client'));
const bareOrigin = await serve(join(bareDir, 'client'));

const ceiling = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    '<!doctype html><html lang="fr"><title>Plafond</title><h1>Connexion</h1><p>Une page sans script.</p>',
  );
});
await new Promise<void>((resolve) => ceiling.listen(0, '127.0.0.1', resolve));
const ceilingUrl = `http://127.0.0.1:${(ceiling.address() as AddressInfo).port}/`;

async function api<T>(
  origin: string,
  path: string,
  body: unknown,
  token?: string,
  organizationId?: string,
): Promise<T> {
  const response = await fetch(`${origin}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(organizationId ? { 'x-organization-id': organizationId } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

// A real account, confirmed through the link of its mail, with a few projects so that the dashboard has something to
// draw. Each product has its own database, so the same address is a new account in each: its confirmation mail is
// the newest one to that address.
async function seed(origin: string): Promise<{ jwt: string; user: unknown }> {
  const before = mail.count(email);
  await api(origin, '/auth/register', { credentials: { email, password }, rootUrl: origin });
  const confirmLink = linkIn(await mail.waitFor(email, () => true, before), 'confirm-account');
  await api(origin, '/auth/confirm', {
    code: confirmLink.searchParams.get('code'),
    email: confirmLink.searchParams.get('email'),
  });
  const session = await api<{ jwt: string; user: unknown }>(origin, '/auth/login', { email, password });
  const [organization] = await api<{ id: string }[]>(origin, '/organizations', undefined, session.jwt);
  for (let i = 1; i <= 5; i++) {
    await api(
      origin,
      '/projects',
      { name: `Projet ${i}`, description: 'Mesure', sites: [`https://site-${i}.example`] },
      session.jwt,
      organization?.id,
    );
  }
  return session;
}

// This build, and optionally an earlier one (BENCH_WEB_BASELINE=<a build/client directory>, e.g. main's) served
// the same way in the same run: a change is judged against it, not against figures from another day's load.
const builds = [{ name: 'Mulot', ...(await product(join(import.meta.dirname, '..', 'build', 'client'))) }];
if (process.env.BENCH_WEB_BASELINE) {
  builds.push({ name: 'Mulot baseline', ...(await product(process.env.BENCH_WEB_BASELINE)) });
}

const debuggingPort = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => resolve(port));
  });
});
const profile = mkdtempSync(join(tmpdir(), 'mulot-bench-profile-'));
// A persistent context is Chromium's default one, which is where Lighthouse opens its tab: the session stored
// in it below is the one the dashboard run sees.
const context: BrowserContext = await launchPersistentChromium(profile, {
  args: [`--remote-debugging-port=${debuggingPort}`],
});

interface Weight {
  /** Response bodies as received (compressed when the server compressed them). */
  jsWire: number;
  cssWire: number;
  js: number;
  css: number;
  jsGzip: number;
  cssGzip: number;
  /** The Content-Encoding of every script and stylesheet, e.g. { br: 21 }. */
  encodings: Record<string, number>;
  /** Each script's path and gzip -9 size, biggest first, for BENCH_WEB_FILES=1. */
  scripts: [string, number][];
}

/** JS and CSS the page fetches until the network is idle: on the wire, raw, and gzip -9 of the bodies. */
async function initialWeight(url: string, ready: string): Promise<Weight> {
  const page = await context.newPage();
  const weight: Weight = {
    jsWire: 0,
    cssWire: 0,
    js: 0,
    css: 0,
    jsGzip: 0,
    cssGzip: 0,
    encodings: {},
    scripts: [],
  };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      (async () => {
        const body = await response.body();
        await response.finished();
        const sizes = await response.request().sizes();
        const key = type === 'script' ? 'js' : 'css';
        const encoding = (await response.allHeaders())['content-encoding'] ?? 'identity';
        weight.encodings[encoding] = (weight.encodings[encoding] ?? 0) + 1;
        weight[`${key}Wire`] += sizes.responseBodySize;
        weight[key] += body.length;
        const gzip = gzipSync(body, { level: 9 }).length;
        weight[`${key}Gzip`] += gzip;
        if (key === 'js') weight.scripts.push([new URL(response.url()).pathname, gzip]);
      })(),
    );
  });
  // A first visit: nothing from the HTTP cache (the assets are immutable, so an earlier page would serve them).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: ready }).first().waitFor();
  await Promise.all(pending);
  await page.close();
  if (process.env.BENCH_WEB_FILES) {
    console.log(`${url}: scripts, gzip -9`);
    for (const [path, gzip] of weight.scripts.sort((a, b) => b[1] - a[1]))
      console.log(`  ${kB(gzip)}  ${path}`);
  }
  return weight;
}

interface Audit {
  lcp: number;
  tbt: number;
  score: number;
}

async function audit(url: string, keepStorage: boolean): Promise<Audit> {
  if (keepStorage) {
    // Lighthouse keeps the HTTP cache along with the session's localStorage: empty the cache, keep the session.
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  }
  const result = await lighthouse(
    url,
    {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: keepStorage,
    },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { audits, categories, runtimeError } = result.lhr;
  // A failed run (page load timeout under load…) scores 0: say why rather than print a bare 0.
  if (runtimeError) console.error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  return {
    lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    score: Math.round((categories.performance?.score ?? 0) * 100),
  };
}

const rows: string[][] = [];
function report(name: string, weight: Weight | null, result: Audit) {
  rows.push([
    name,
    weight ? kB(weight.jsWire) : '0',
    weight ? `${kB(weight.jsGzip)} (${kB(weight.js)} raw)` : '0',
    weight ? `${kB(weight.cssWire)} (${kB(weight.css)} raw)` : '0',
    weight
      ? Object.entries(weight.encodings)
          .map(([encoding, count]) => `${encoding}×${count}`)
          .join(' ')
      : '',
    `${Math.round(result.lcp)} ms`,
    `${Math.round(result.tbt)} ms`,
    String(result.score),
  ]);
}

try {
  report('static page, no script', null, await audit(ceilingUrl, false));

  for (const [path, ready] of [
    ['/auth/login', 'Connexion'],
    ['/app/dashboard', 'Tableau de bord'],
  ] as const) {
    report(
      `bare React + React Router ${path}`,
      await initialWeight(`${bareOrigin}${path}`, ready),
      await audit(`${bareOrigin}${path}`, false),
    );
  }

  for (const { name, origin, session } of builds) {
    report(
      `${name} /auth/login`,
      await initialWeight(`${origin}/auth/login`, 'Connexion'),
      await audit(`${origin}/auth/login`, false),
    );

    const page = await context.newPage();
    await page.goto(`${origin}/auth/login`);
    await page.evaluate(({ jwt, user }) => {
      localStorage.setItem('token', jwt);
      localStorage.setItem('user', JSON.stringify(user));
    }, session);
    await page.close();
    report(
      `${name} /app/dashboard`,
      await initialWeight(`${origin}/app/dashboard`, 'Tableau de bord'),
      await audit(`${origin}/app/dashboard`, true),
    );
  }

  const header = [
    'page',
    'initial JS on the wire',
    'JS gzip -9',
    'CSS on the wire',
    'encodings',
    'LCP',
    'TBT',
    'performance',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`bench:web — Lighthouse desktop preset, simulated throttling, ${chromiumPath}`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
} finally {
  await context.close();
  for (const server of servers) await server.stop();
  await mail.stop();
  ceiling.close();
  for (const dir of [bareDir, profile]) rmSync(dir, { recursive: true, force: true });
}
