// pnpm bench:embed — what the snippet costs a customer's site and its visitors (issue 39), measured on the demo site
// served with and without it in the same run: the loader's and the reader chunk's sizes (raw, gzip -9, brotli); from
// DOMContentLoaded to the launcher drawn; from the click (half a second after the page's load event: a visitor
// presses it after seeing the page) to the catalogue, first visit then with the reader chunk in the browser's cache;
// and Lighthouse's performance score and LCP (desktop preset) of the same page with and without the snippet,
// alternated so the machine's load falls on both, under Lighthouse's two throttling methods: simulated (Lantern's
// estimate from an unthrottled trace, the trace's own LCP printed beside it) and the browser's network throttled
// to the same preset. Figures only, no assertions: the load moves them.
// `GET /public/catalogue`'s throughput beside a bare route is apps/api's bench (BENCH_ROWS=public), which
// `pnpm bench:embed` runs after this one.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { launchChromium, launchPersistentChromium } from '@mulot/testing/chromium';
import { freePort } from '@mulot/testing/ports';
import { type Started, startDemoSite, startProduct } from '@mulot/testing/product';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { Browser, Page } from 'playwright';
import { captureTargets, signUp } from '../test/support/member.ts';

const runs = Number(process.env.BENCH_RUNS ?? 10);
const audits = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const dist = join(import.meta.dirname, '../dist');
const title = 'Créer un projet';
/** How long a hand holds a mouse click, from press to release (the bench's other presses release at once). */
const pressHeld = 100;

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)] ?? NaN;

function sizes(files: string[]) {
  const bodies = files.map((file) => readFileSync(file));
  const sum = (f: (b: Buffer) => number) => bodies.reduce((total, body) => total + f(body), 0);
  return {
    raw: kB(sum((b) => b.length)),
    gzip: kB(sum((b) => gzipSync(b, { level: 9 }).length)),
    brotli: kB(sum((b) => brotliCompressSync(b, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length)),
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const chunk = filesUnder(join(dist, 'embed'));
console.log('\nWhat a site ships (the build in apps/embed/dist):');
console.table([
  { part: 'loader, embed.js (every page view)', ...sizes([join(dist, 'embed.js')]) },
  {
    part: 'reader chunk (when opened or a guide runs)',
    ...sizes(chunk.filter((f) => /\/reader-[^/]+\.(js|css)$/.test(f))),
  },
  {
    part: "its lazy chunks (the assistant form's rules, at its first check)",
    ...sizes(chunk.filter((f) => /\.(js|css)$/.test(f) && !/\/reader-[^/]+$/.test(f))),
  },
  { part: 'its font files (fetched by the panel)', ...sizes(chunk.filter((f) => /\.woff2?$/.test(f))) },
]);

const servers: Started[] = [];
const browsers: Browser[] = [];
const profile = mkdtempSync(join(tmpdir(), 'mulot-bench-embed-'));
try {
  console.log('\nseeding a member, a project on the demo site and a published guide…');
  const api = await startProduct();
  servers.push(api);
  const browser = await launchChromium();
  browsers.push(browser);
  // the project names the snippet's demo site before it starts with the project's key; a second demo site
  // serves the same pages without the snippet
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const member = await signUp(
    api,
    `bench-embed-${Date.now()}@example.com`,
    'correct horse battery staple 42',
  );
  const project = await member.call<{ id: string; siteKey: string }>('POST', '/projects', {
    name: 'Bocal',
    sites: [origin],
  });
  const withSnippet = await startDemoSite({
    port,
    env: { MULOT_URL: api.url, MULOT_SITE_KEY: project.siteKey },
  });
  const without = await startDemoSite();
  servers.push(withSnippet, without);
  // a published guide, so that the catalogue the visitor opens is not empty
  const category = await member.call<{ id: string }>('POST', `/projects/${project.id}/categories`, {
    name: 'Projets',
  });
  const guide = await member.call<{ id: string }>(
    'POST',
    `/projects/${project.id}/categories/${category.id}/scenarios`,
    {
      title,
      description: 'Créer un projet.',
      summary: 'Projets, puis Nouveau projet.',
      minDuration: 1,
      maxDuration: 2,
    },
  );
  const [target] = await captureTargets(browser, origin, [['/app/projets', '[data-testid="new-project"]']]);
  await member.call('POST', `/scenarios/${guide.id}/steps`, {
    name: 'Nouveau projet',
    text: 'Cliquez sur « Nouveau projet ».',
    url: `${origin}/app/projets`,
    extra: null,
    autoClick: false,
    target,
  });
  await member.call('PATCH', `/scenarios/${guide.id}/status`, { status: 'published' });

  /**
   * From the visitor's click on the launcher (the button released, when a button acts) to the catalogue's guide
   * drawn, in the page's own clock: the click's input time on the launcher's host, the guide as the frame that first
   * has it in the panel's root. The page keeps the closed roots (the launcher's, the panel's) as they are made: its
   * init script wraps `attachShadow`, as any script that runs first could. The suites' `seeClosedShadowRoots` hands
   * roots over by asking the DevTools protocol for the whole document every 150 ms, which both delayed the figure by
   * up to a poll and loaded the page's main thread.
   */
  async function open(page: Page, held = 0): Promise<number> {
    // a real press at the launcher's button, which the page finds in the root it kept
    const { x, y } = await page.evaluate(() => {
      const roots = (window as unknown as { mulotRoots: Record<string, ShadowRoot> }).mulotRoots;
      const box = roots['mulot-launcher']?.querySelector('button')?.getBoundingClientRect();
      if (!box) throw new Error('no launcher button');
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    });
    await page.mouse.click(x, y, { delay: held });
    const drawn = await page.waitForFunction(
      (guide) => {
        const root = (window as unknown as { mulotRoots?: Record<string, ShadowRoot> }).mulotRoots?.[
          'mulot-panel'
        ];
        const shown = [...(root?.querySelectorAll('button') ?? [])].some((button) =>
          `${button.getAttribute('aria-label')} ${button.textContent}`.includes(guide),
        );
        return shown && performance.now();
      },
      title,
      { polling: 'raf', timeout: 30_000 },
    );
    const clicked = await page.evaluate(() => (window as unknown as { clicked: number }).clicked);
    return ((await drawn.jsonValue()) as number) - clicked;
  }

  console.log(`${runs} visitors…`);
  const launcher: number[] = [];
  const first: number[] = [];
  const cached: number[] = [];
  // Two more pages of the visit: the press held as long as a hand holds a click (the loader fetches and evaluates
  // the chunk from the press), then released at once again. Both run with V8's code cache of the chunk, which
  // Chromium makes at its second use: the two together tell the press's part from the code cache's.
  const cachedHeld: number[] = [];
  const cachedAgain: number[] = [];
  for (let i = 0; i < runs; i++) {
    // A new visitor: an empty cache, then more pages of the same visit with the reader chunk cached. A browser
    // profile on disk, as a visitor's browser has: Playwright's new contexts live in memory, where Chromium keeps
    // no V8 code cache, so their later pages compiled the chunk afresh (about 50 ms more per click here).
    const visitorProfile = mkdtempSync(join(tmpdir(), 'mulot-bench-visitor-'));
    const context = await launchPersistentChromium(visitorProfile, {
      viewport: { width: 1280, height: 900 },
    });
    try {
      await context.addInitScript(() => {
        const roots: Record<string, ShadowRoot> = {};
        (window as unknown as { mulotRoots: Record<string, ShadowRoot> }).mulotRoots = roots;
        const attach = Element.prototype.attachShadow;
        Element.prototype.attachShadow = function (init) {
          const root = attach.call(this, init);
          roots[this.localName] = root;
          return root;
        };
        addEventListener(
          'click',
          (event) => {
            if (event.isTrusted && (event.target as Element).localName === 'mulot-launcher')
              // when the input happened, not when the page got to dispatch it (a busy page dispatches late)
              (window as unknown as { clicked: number }).clicked = event.timeStamp;
          },
          true,
        );
        new MutationObserver((_changes, observer) => {
          if (!document.querySelector('mulot-launcher')) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            (window as unknown as { launcherDrawn: number }).launcherDrawn = performance.now();
          });
        }).observe(document, { childList: true, subtree: true });
      });
      for (const [index, figures] of [first, cached, cachedHeld, cachedAgain].entries()) {
        const page = await context.newPage();
        await page.goto(`${origin}/`);
        await page.waitForFunction(() => 'launcherDrawn' in window);
        if (index === 0)
          launcher.push(
            await page.evaluate(
              () =>
                (window as unknown as { launcherDrawn: number }).launcherDrawn -
                (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
                  .domContentLoadedEventStart,
            ),
          );
        // a visitor presses the launcher after seeing the page: its load event, then half a second
        await page.waitForLoadState('load');
        await page.waitForTimeout(500);
        figures.push(await open(page, figures === cachedHeld ? pressHeld : 0));
        await page.close();
      }
    } finally {
      await context.close();
      rmSync(visitorProfile, { recursive: true, force: true });
    }
  }
  console.log(`\nThe demo site's home with the snippet, ${runs} visitors (Chromium, loopback):`);
  console.table([
    {
      measure: 'DOMContentLoaded → launcher drawn (below 0: before it)',
      median: ms(median(launcher)),
      p95: ms(p95(launcher)),
    },
    { measure: 'click → catalogue, first visit', median: ms(median(first)), p95: ms(p95(first)) },
    { measure: 'click → catalogue, reader chunk cached', median: ms(median(cached)), p95: ms(p95(cached)) },
    {
      measure: `third page, the button held ${pressHeld} ms as by hand`,
      median: ms(median(cachedHeld)),
      p95: ms(p95(cachedHeld)),
    },
    { measure: 'fourth page, released at once', median: ms(median(cachedAgain)), p95: ms(p95(cachedAgain)) },
  ]);

  console.log('Lighthouse…');
  // Lighthouse opens its own tab in the default context of a Chromium it reaches on its debugging port.
  const debuggingPort = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const lighthouseBrowser = await launchPersistentChromium(profile, {
    args: [`--remote-debugging-port=${debuggingPort}`],
  });
  /**
   * Lighthouse's default (`simulate`) loads the page unthrottled and estimates its metrics with the Lantern model,
   * which counts every request that ends before the observed LCP as one the LCP waited for: the snippet's `async`
   * script, on an origin of its own, is charged a new connection at the preset's 40 ms round trip whether or not the
   * page's largest paint needed it. `devtools` throttles the browser's network to the same preset (latency and
   * throughput adjusted as Lighthouse's own constants do for it) and reports what happened under it.
   */
  const devtools = {
    ...desktopConfig,
    settings: {
      ...desktopConfig.settings,
      throttlingMethod: 'devtools' as const,
      throttling: {
        ...throttling.desktopDense4G,
        requestLatencyMs: throttling.desktopDense4G.rttMs * throttling.DEVTOOLS_RTT_ADJUSTMENT_FACTOR,
        downloadThroughputKbps:
          throttling.desktopDense4G.throughputKbps * throttling.DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR,
        uploadThroughputKbps:
          throttling.desktopDense4G.throughputKbps * throttling.DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR,
      },
    },
  };
  const audit = async (url: string, config: typeof desktopConfig) => {
    const result = await lighthouse(
      url,
      { port: debuggingPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      config,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { audits: found, categories, runtimeError } = result.lhr;
    if (runtimeError) console.error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    const observed = (
      found.metrics?.details as { items?: Array<{ observedLargestContentfulPaint?: number }> }
    )?.items?.[0]?.observedLargestContentfulPaint;
    return {
      score: Math.round((categories.performance?.score ?? 0) * 100),
      lcp: found['largest-contentful-paint']?.numericValue ?? Number.NaN,
      observed: observed ?? Number.NaN,
    };
  };
  type Scored = Array<{ score: number; lcp: number; observed: number }>;
  const modes = { simulate: desktopConfig, devtools } as const;
  const scored = {
    simulate: { with: [] as Scored, without: [] as Scored },
    devtools: { with: [] as Scored, without: [] as Scored },
  };
  for (let i = 0; i < audits; i++)
    for (const mode of ['simulate', 'devtools'] as const) {
      scored[mode].without.push(await audit(`${without.url}/`, modes[mode]));
      scored[mode].with.push(await audit(`${origin}/`, modes[mode]));
    }
  await lighthouseBrowser.close();
  const runsOf = (values: number[]) => values.map(Math.round).join(', ');
  console.log(`\nLighthouse (desktop preset), the demo site's home, ${audits} runs each, alternated:`);
  console.table(
    (['simulate', 'devtools'] as const).flatMap((mode) =>
      (['without', 'with'] as const).map((name) => ({
        throttling: mode,
        page: `${name} the snippet`,
        'performance (median)': median(scored[mode][name].map((s) => s.score)),
        'performance (runs)': runsOf(scored[mode][name].map((s) => s.score)),
        'LCP (median)': ms(median(scored[mode][name].map((s) => s.lcp))),
        'LCP (runs)': runsOf(scored[mode][name].map((s) => s.lcp)),
        // under simulate, the trace's own LCP beside Lantern's estimate; under devtools they are one
        ...(mode === 'simulate'
          ? { 'observed LCP (median)': ms(median(scored[mode][name].map((s) => s.observed))) }
          : {}),
      })),
    ),
  );
} finally {
  await Promise.all(browsers.map((b) => b.close()));
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(profile, { recursive: true, force: true });
}
