// End to end, without the extension: the product serving /embed.js, the demo site with the snippet a site owner
// pastes, and an anonymous visitor in Chromium who opens the launcher, asks the assistant and plays a published
// guide across a full page load and a client-side route — on a plain page, under a strict Content-Security-Policy,
// and on a page with its own `mulot`, `define`, `React` and a global CSS reset.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { launchChromium } from '@mulot/testing/chromium';
import { freePort } from '@mulot/testing/ports';
import { type Started, startDemoSite, startProduct } from '@mulot/testing/product';
import { seeClosedShadowRoots } from '@mulot/testing/shadow';
import type { Browser, BrowserContext, Locator, Page } from 'playwright';
import { expect as playwrightExpect } from 'playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureTargets, type Member, signUp } from './support/member.ts';

// the machines are shared and slow: give the UI time rather than fail on load
const expectPage = playwrightExpect.configure({ timeout: 30_000 });

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 AA violations (axe) in Mulot's UI on the page: the launcher, the panel, the step overlay (shadow roots). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run(
          context: unknown,
          options: unknown,
        ): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }> }>;
      };
    };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.flatMap((v) =>
      v.nodes
        // the demo site has no shadow root: a target inside one (an array of selectors) is ours
        .filter((n) => Array.isArray(n.target[0]) || /mulot-/.test(JSON.stringify(n.target)))
        .map((n) => `${v.id}: ${JSON.stringify(n.target)}`),
    );
  });
}

const embedBuild = resolve(import.meta.dirname, '../dist/embed.js');
const title = 'Créer un projet';

let api: Started;
let demo: Started;
let browser: Browser;
let member: Member;
let scenarioId = '';
let projectId = '';
let categoryId = '';
let homeTarget: Record<string, unknown> = {};
const call: Member['call'] = (method, path, body) => member.call(method, path, body);

beforeAll(async () => {
  // `pnpm test` builds the snippet once (scripts/test.ts); run alone, this suite needs it built.
  if (!existsSync(embedBuild))
    throw new Error(`${embedBuild} is missing: run \`pnpm --filter @mulot/embed build\``);
  [api, browser] = await Promise.all([startProduct(), launchChromium()]);
  // the project's site names the demo site's origin before the demo site starts with the project's key
  const port = await freePort();
  const site = `http://localhost:${port}`;
  member = await signUp(api, `embed-${Date.now()}@example.com`, 'correct horse battery staple 42');
  const project = await call<{ id: string; siteKey: string }>('POST', '/projects', {
    name: 'Bocal',
    sites: [site],
  });
  expect(project.siteKey).toMatch(/^mlt_pk_/);
  demo = await startDemoSite({ port, env: { MULOT_URL: api.url, MULOT_SITE_KEY: project.siteKey } });
  expect(demo.url).toBe(site);

  const category = await call<{ id: string }>('POST', `/projects/${project.id}/categories`, {
    name: 'Projets',
  });
  projectId = project.id;
  categoryId = category.id;
  scenarioId = (
    await call<{ id: string }>('POST', `/projects/${project.id}/categories/${category.id}/scenarios`, {
      title,
      description: 'Ouvrir l’espace client et y créer un nouveau projet.',
      summary: 'Espace client, puis Projets, puis Nouveau projet.',
      minDuration: 1,
      maxDuration: 2,
    })
  ).id;
  const [home, projects, create] = await captureTargets(browser, demo.url, [
    ['/', 'header a[href="/app/"]'],
    ['/app/', 'nav[aria-label="Menu de l’application"] a[href="/app/projets"]'],
    ['/app/projets', '[data-testid="new-project"]'],
  ]);
  homeTarget = home as Record<string, unknown>;
  const steps = [
    // a full page load: the step auto-clicks the link to the customer area
    {
      name: 'Ouvrir l’espace client',
      text: 'Cliquez sur « Espace client ».',
      path: '/',
      autoClick: true,
      target: home,
    },
    // a client-side route: the visitor clicks themselves
    {
      name: 'Ouvrir les projets',
      text: 'Cliquez sur « Projets ».',
      path: '/app/',
      autoClick: false,
      target: projects,
    },
    {
      name: 'Nouveau projet',
      text: 'Cliquez sur « Nouveau projet ».',
      path: '/app/projets',
      autoClick: false,
      target: create,
    },
  ];
  for (const { path, ...step } of steps)
    await call('POST', `/scenarios/${scenarioId}/steps`, {
      ...step,
      extra: null,
      url: `${demo.url}${path}`,
      onMissingTarget: { waitSeconds: 6, fallback: 'unanchored' },
    });
  await call('PATCH', `/scenarios/${scenarioId}/status`, { status: 'published' });
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([api?.stop(), demo?.stop()]);
});

interface Visitor {
  context: BrowserContext;
  page: Page;
  /** console errors and uncaught exceptions of the page, across its loads */
  errors: string[];
  /** the page's uncaught exceptions alone */
  thrown: string[];
  warnings: string[];
}

/** A new anonymous visitor (fresh storage, no extension) on the demo site in `mode`. */
async function visitor(
  mode: 'normal' | 'strict-csp' | 'blocking-csp' | 'hostile' | 'english' | 'options',
): Promise<Visitor> {
  const answer = await fetch(`${demo.url}/__page`, { method: 'POST', body: mode });
  expect(answer.ok).toBe(true);
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  void seeClosedShadowRoots(page).catch(() => undefined);
  const errors: string[] = [];
  const thrown: string[] = [];
  const warnings: string[] = [];
  page.on('console', (message) => {
    // the demo site has no favicon: the browser's own request for it is not the page's error
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico'))
      errors.push(message.text());
    if (message.type() === 'warning') warnings.push(message.text());
  });
  page.on('pageerror', (error) => {
    errors.push(error.message);
    thrown.push(error.message);
  });
  return { context, page, errors, thrown, warnings };
}

/** The computed styles a page's own elements must keep while Mulot's panel is open. */
function pageStyles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ['body', 'h1', 'header a', 'button', 'main p'].map((selector) => {
      const element = document.querySelector(selector);
      if (!element) return `${selector}: missing`;
      const style = getComputedStyle(element);
      return `${selector}: ${[
        'font-family',
        'font-size',
        'line-height',
        'color',
        'background-color',
        'margin',
        'padding',
        'box-sizing',
        'display',
        'position',
      ]
        .map((p) => style.getPropertyValue(p))
        .join(' | ')}`;
    }),
  );
}

/**
 * The guide launched from the panel (its catalogue, or `from`: the assistant's answer), its three steps across a full
 * page load and a client-side route, then the congratulations.
 */
async function playGuide(page: Page, from?: Locator): Promise<void> {
  const panel = page.locator('mulot-panel');
  await (from ?? panel.getByRole('list', { name: 'Guides disponibles' }))
    .getByRole('button', { name: `Lancer le guide « ${title} »` })
    .click();
  const card = page.getByRole('dialog');
  // step 1 auto-clicks "Espace client": a full page load, and the run goes on from the site's sessionStorage
  await expectPage(card)
    .toContainText('Étape 1 sur 3')
    .catch(async (error: unknown) => {
      // what the visitor sees instead (a message of the panel, another step), for whoever reads the failure
      const seen = await Promise.all([panel.innerText().catch(() => '(no panel)'), card.allInnerTexts()]);
      throw new Error(`no first step on ${page.url()}; panel: ${JSON.stringify(seen)}`, { cause: error });
    });
  await expectPage(page).toHaveURL(`${demo.url}/app/`);
  await expectPage(card).toContainText('Étape 2 sur 3');
  await expectPage(card).not.toContainText("Recherche de l'élément sur la page...");
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  // the visitor does the step themselves: a client-side route, and the guide moves on with it
  await page
    .getByRole('navigation', { name: 'Menu de l’application' })
    .getByRole('link', { name: 'Projets' })
    .click();
  await expectPage(card).toContainText('Étape 3 sur 3');
  expect(new URL(page.url()).pathname).toBe('/app/projets');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  await card.getByRole('button', { name: 'Terminer' }).click();
  await expectPage(panel.getByRole('heading', { name: 'Félicitations !' })).toBeVisible();
  await expectPage(panel).toContainText(`Vous avez terminé le guide « ${title} ».`);
}

describe('the embed snippet on the demo site, for a visitor without an account or extension', () => {
  it('serves the loader with a short cache and the reader chunk for good, to any site', async () => {
    const loader = await fetch(`${api.url}/embed.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(loader.status).toBe(200);
    expect(loader.headers.get('cache-control')).toBe('public, max-age=300');
    expect(loader.headers.get('content-type')).toMatch(/javascript/);
    // a few kB: what every page view of the customer's site pays before anyone opens the reader
    const gzip = Number(loader.headers.get('content-length'));
    expect(loader.headers.get('content-encoding')).toBe('gzip');
    expect(gzip).toBeLessThan(10 * 1024);
    const chunk = /embed\/reader-[\w-]+\.js/.exec(await loader.text())?.[0];
    expect(chunk).toBeDefined();
    const reader = await fetch(`${api.url}/${chunk}`);
    expect(reader.status).toBe(200);
    expect(reader.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(reader.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('opens from its launcher, answers with the assistant and plays a guide across page loads and routes', async () => {
    const before = await call<{ counts: { guidesLaunched30d: number } }>('GET', '/dashboard');
    const statistics = `/scenarios/${scenarioId}/statistics?days=7`;
    const bySource = async () =>
      (
        await call<{ bySource: Array<{ source: string; started: number; completed: number }> }>(
          'GET',
          statistics,
        )
      ).bySource;
    const sourcesBefore = await bySource();
    const { context, page, errors } = await visitor('normal');
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/embed/reader-')) chunks.push(request.url());
    });
    await page.goto(`${demo.url}/`);
    const launcher = page.getByRole('button', { name: 'Ouvrir les guides' });
    await expectPage(launcher).toBeVisible();
    // one global, and the reader is not loaded until the visitor opens it
    expect(await page.evaluate(() => typeof (window as unknown as { mulot?: unknown }).mulot)).toBe(
      'function',
    );
    expect(chunks).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    const styles = await pageStyles(page);
    // a press released off the launcher is no click: the reader chunk loads from the press, nothing opens
    const box = await launcher.boundingBox();
    if (!box) throw new Error('the launcher has no box');
    const loaded = page.waitForResponse((response) => response.url().includes('/embed/reader-'));
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await loaded;
    await page.mouse.move(box.x - 100, box.y - 100);
    await page.mouse.up();
    await page.waitForTimeout(500);
    expect(await page.locator('mulot-panel').count()).toBe(0);
    await expectPage(launcher).toBeVisible();
    await launcher.click();

    const panel = page.locator('mulot-panel');
    await expectPage(panel.getByRole('heading', { name: 'Guides disponibles' })).toBeVisible();
    await expectPage(panel.getByRole('button', { name: `Lancer le guide « ${title} »` })).toBeVisible();
    expect(chunks).toHaveLength(1);
    expect(await axeViolations(page)).toEqual([]);
    // nothing of the panel's styles reaches the page
    expect(await pageStyles(page)).toEqual(styles);
    // the page's scripts see a host element, never what is in it
    expect(await page.evaluate(() => document.querySelector('mulot-panel')?.innerHTML)).toBe('');

    // the assistant over the project's published guides
    const prompt = panel.getByRole('textbox', { name: 'Décrivez ce que vous voulez faire' });
    await prompt.fill('réserver un vol pour Rome');
    await panel.getByRole('button', { name: 'Trouver un guide' }).click();
    await expectPage(panel).toContainText('Aucun guide ne correspond à votre demande');
    await prompt.fill('créer un nouveau projet');
    await prompt.press('Enter');
    const suggested = panel.getByRole('region', { name: 'Guides proposés' });
    await expectPage(suggested.getByRole('listitem')).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);

    await playGuide(page, suggested);
    // the visitor's run counts as a guide launched on the members' dashboard
    await expectPage
      .poll(
        async () =>
          (await call<{ counts: { guidesLaunched30d: number } }>('GET', '/dashboard')).counts
            .guidesLaunched30d,
      )
      .toBe(before.counts.guidesLaunched30d + 1);
    // and in the guide's statistics, as an end user's run through the snippet, completed
    await expectPage
      .poll(bySource)
      .toEqual(
        sourcesBefore.map((s) =>
          s.source === 'embed' ? { ...s, started: s.started + 1, completed: s.completed + 1 } : s,
        ),
      );
    // a random visitor id in the site's localStorage, no cookie
    expect(await page.evaluate(() => localStorage.getItem('mulot:visitor'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(await context.cookies()).toEqual([]);

    // closed, the reader gives the launcher back
    await panel.getByRole('button', { name: "Retour à l'accueil" }).click();
    await panel.getByRole('button', { name: 'Fermer' }).click();
    await expectPage(panel).toHaveCount(0);
    await expectPage(launcher).toBeVisible();
    // the site owner's JS API: a guide started from the page's own code
    await page.evaluate(
      (id) => (window as unknown as { mulot(...args: unknown[]): void }).mulot('start', id),
      scenarioId,
    );
    await expectPage(page.getByRole('dialog')).toContainText('Étape 1 sur 3');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("speaks the page's language, else French", async () => {
    const french = await visitor('normal');
    await french.page.goto(`${demo.url}/contact.html`);
    await expectPage(
      french.page.getByRole('button', { name: 'Ouvrir les guides', exact: true }),
    ).toBeVisible();
    await french.context.close();
    // the same pages declared English (`<html lang="en-GB">`)
    const { context, page, errors } = await visitor('english');
    await page.goto(`${demo.url}/contact.html`);
    // from the keyboard, as any button of the page
    await page.getByRole('button', { name: 'Open guides', exact: true }).focus();
    await page.keyboard.press('Enter');
    const panel = page.locator('mulot-panel');
    await expectPage(panel.getByRole('heading', { name: 'Available guides' })).toBeVisible();
    // the focus goes into the panel, and back to the launcher when it closes
    await expectPage(panel.getByRole('textbox', { name: 'Describe what you want to do' })).toBeFocused();
    await panel.getByRole('button', { name: 'Close' }).click();
    await expectPage(page.getByRole('button', { name: 'Open guides', exact: true })).toBeFocused();
    expect(errors).toEqual([]);
    await context.close();
    await fetch(`${demo.url}/__page`, { method: 'POST', body: 'normal' });
  });

  it("takes the site owner's language and side (data-locale, data-position) over the page's", async () => {
    // the French pages, with `data-locale="en" data-position="left"` on the snippet
    const { context, page, errors } = await visitor('options');
    await page.goto(`${demo.url}/contact.html`);
    const launcher = page.getByRole('button', { name: 'Open guides', exact: true });
    await expectPage(launcher).toBeVisible();
    const viewport = page.viewportSize()?.width ?? 0;
    const onTheLeft = async (locator: Locator) => {
      const box = await locator.boundingBox();
      return box !== null && box.x + box.width < viewport / 2;
    };
    expect(await onTheLeft(launcher)).toBe(true);
    await launcher.click();
    const heading = page.locator('mulot-panel').getByRole('heading', { name: 'Available guides' });
    await expectPage(heading).toBeVisible();
    expect(await onTheLeft(heading)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
    await fetch(`${demo.url}/__page`, { method: 'POST', body: 'normal' });
  });

  it('plays the calls a page queued before the snippet loaded', async () => {
    const { context, page, errors } = await visitor('normal');
    // the queue a site owner defines before the script tag, as the README gives it
    await page.addInitScript(() => {
      const queue = (...args: unknown[]) => {
        queue.q.push(args);
      };
      queue.q = [] as unknown[][];
      Object.assign(window, { mulot: queue });
      queue('open');
    });
    await page.goto(`${demo.url}/tarifs.html`);
    await expectPage(
      page.locator('mulot-panel').getByRole('heading', { name: 'Guides disponibles' }),
    ).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('plays under a strict Content-Security-Policy that lists only the Mulot origin', async () => {
    const { context, page, errors } = await visitor('strict-csp');
    const response = await page.goto(`${demo.url}/`);
    expect(response?.headers()['content-security-policy']).toContain(
      `script-src 'self' ${new URL(api.url).origin}`,
    );
    expect(response?.headers()['content-security-policy']).toContain("style-src 'self';");
    await page.getByRole('button', { name: 'Ouvrir les guides' }).click();
    const panel = page.locator('mulot-panel');
    await expectPage(panel.getByRole('heading', { name: 'Guides disponibles' })).toBeVisible();
    // styled all the same: the design system's sheets are constructed, not inline <style>
    const launch = panel.getByRole('button', { name: `Lancer le guide « ${title} »` });
    expect(await launch.evaluate((button) => getComputedStyle(button).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
    await playGuide(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('throws nothing into a page whose CSP lets the loader in but not the reader, and warns once', async () => {
    const { context, page, thrown, warnings } = await visitor('blocking-csp');
    await page.goto(`${demo.url}/`);
    const launcher = page.getByRole('button', { name: 'Ouvrir les guides' });
    await launcher.click();
    await expectPage.poll(() => warnings.filter((w) => w.startsWith('Mulot:'))).toHaveLength(1);
    // the browser reports the refused import itself; the page's own code sees no exception of ours
    expect(thrown).toEqual([]);
    await expectPage(launcher).toBeVisible();
    await launcher.click();
    await page.waitForTimeout(500);
    expect(warnings.filter((w) => w.startsWith('Mulot:'))).toHaveLength(1);
    expect(thrown).toEqual([]);
    await context.close();
    await fetch(`${demo.url}/__page`, { method: 'POST', body: 'normal' });
  });

  it('is not broken by a page with its own mulot, define and React globals and a global CSS reset', async () => {
    const { context, page, errors, warnings } = await visitor('hostile');
    await page.goto(`${demo.url}/`);
    const launcher = page.getByRole('button', { name: 'Ouvrir les guides' });
    await expectPage(launcher).toBeVisible();
    // the page's own `mulot` is left alone
    expect(await page.evaluate(() => (window as unknown as { mulot?: { site?: string } }).mulot?.site)).toBe(
      'Bocal',
    );
    const styles = await pageStyles(page);
    await launcher.click();
    const panel = page.locator('mulot-panel');
    await expectPage(panel.getByRole('heading', { name: 'Guides disponibles' })).toBeVisible();
    expect(await pageStyles(page)).toEqual(styles);
    await playGuide(page);
    // the loader's one warning per page load (the guide crossed one) about the taken global, and no error
    expect(new Set(warnings.filter((w) => w.startsWith('Mulot:')))).toEqual(
      new Set(['Mulot: window.mulot is already defined by the page: mulot(…) is not available']),
    );
    expect(errors).toEqual([]);
    await context.close();
    await fetch(`${demo.url}/__page`, { method: 'POST', body: 'normal' });
  });
  it('says a guide is no longer available once it is unpublished while the visitor plays it', async () => {
    const shortTitle = 'Trouver l’espace client';
    const { id } = await call<{ id: string }>(
      'POST',
      `/projects/${projectId}/categories/${categoryId}/scenarios`,
      {
        title: shortTitle,
        description: 'Où est l’espace client.',
        summary: 'Le lien en haut de page.',
        minDuration: 1,
        maxDuration: 1,
      },
    );
    for (const name of ['Repérer le lien', 'Le garder en tête'])
      await call('POST', `/scenarios/${id}/steps`, {
        name,
        text: 'Le lien « Espace client » est en haut de la page.',
        url: `${demo.url}/`,
        extra: null,
        autoClick: false,
        target: homeTarget,
        onMissingTarget: { waitSeconds: 6, fallback: 'unanchored' },
      });
    await call('PATCH', `/scenarios/${id}/status`, { status: 'published' });
    const { context, page, errors } = await visitor('normal');
    await page.goto(`${demo.url}/`);
    await expectPage(page.getByRole('button', { name: 'Ouvrir les guides' })).toBeVisible();
    await page.evaluate(
      (guide) => (window as unknown as { mulot(...args: unknown[]): void }).mulot('start', guide),
      id,
    );
    const card = page.getByRole('dialog');
    await expectPage(card).toContainText('Étape 1 sur 2');
    // the author takes the guide back meanwhile: the next step the visitor takes is refused, and the reader says why
    await call('PATCH', `/scenarios/${id}/status`, { status: 'draft' });
    await card.getByRole('button', { name: 'Suivant' }).click();
    const panel = page.locator('mulot-panel');
    await expectPage(panel.getByRole('alert')).toContainText("Ce guide n'est plus disponible.");
    await expectPage(page.getByRole('dialog')).toHaveCount(0);
    // the browser's own line for the refused request, and nothing of ours
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    await context.close();
  });
  it('starts an automatic guide on its page once, not again after completion, and a second one only after it', async () => {
    // two guides that start by themselves on the pricing page, the first of the catalogue's order first
    const [discover, team] = await captureTargets(browser, demo.url, [
      ['/tarifs.html', 'button[data-plan="Découverte"]'],
      ['/tarifs.html', 'button[data-plan="Équipe"]'],
    ]);
    const guide = async (guideTitle: string, steps: Array<[string, unknown]>, delaySeconds: number) => {
      const { id } = await call<{ id: string }>(
        'POST',
        `/projects/${projectId}/categories/${categoryId}/scenarios`,
        { title: guideTitle, description: guideTitle, summary: guideTitle, minDuration: 1, maxDuration: 1 },
      );
      for (const [name, target] of steps)
        await call('POST', `/scenarios/${id}/steps`, {
          name,
          text: `${name}.`,
          url: `${demo.url}/tarifs.html`,
          extra: null,
          autoClick: false,
          target,
          onMissingTarget: { waitSeconds: 6, fallback: 'unanchored' },
        });
      await call('PATCH', `/scenarios/${id}/status`, { status: 'published' });
      await call('PUT', `/scenarios/${id}/start-rule`, {
        mode: 'automatic',
        pages: ['/tarifs.html'],
        frequency: 'once',
        delaySeconds,
        audience: [],
      });
      return id;
    };
    const first = 'Choisir une offre';
    const second = 'Comparer les offres';
    const ids = [
      await guide(
        first,
        [
          ['Regarder l’offre Découverte', discover],
          ['Regarder l’offre Équipe', team],
        ],
        1,
      ),
      await guide(second, [['Comparer avec Équipe', team]], 0),
    ];
    try {
      const { context, page, errors } = await visitor('normal');
      const chunks: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/embed/reader-')) chunks.push(request.url());
      });
      const card = page.getByRole('dialog');
      // another page: nothing starts, and the reader is not even loaded
      await page.goto(`${demo.url}/contact.html`);
      await expectPage(page.getByRole('button', { name: 'Ouvrir les guides' })).toBeVisible();
      await page.waitForTimeout(2_000);
      await expectPage(card).toHaveCount(0);
      expect(chunks).toEqual([]);

      // its page: the first guide starts by itself after its second of delay
      await page.goto(`${demo.url}/tarifs.html`);
      await expectPage(card).toContainText('Étape 1 sur 2');
      await expectPage(card).toContainText(first);
      expect(chunks).toHaveLength(1);
      // a page load in the middle of it: the guide in progress resumes, the second one waits
      await page.reload();
      await expectPage(card).toContainText('Étape 1 sur 2');
      await page.waitForTimeout(1_500);
      await expectPage(card).toHaveCount(1);
      await expectPage(card).toContainText(first);
      await expectPage(card).not.toContainText(second);
      await card.getByRole('button', { name: 'Suivant' }).click();
      await expectPage(card).toContainText('Étape 2 sur 2');
      await card.getByRole('button', { name: 'Terminer' }).click();
      const panel = page.locator('mulot-panel');
      await expectPage(panel).toContainText(`Vous avez terminé le guide « ${first} ».`);
      await panel.getByRole('button', { name: "Retour à l'accueil" }).click();
      await panel.getByRole('button', { name: 'Fermer' }).click();
      await expectPage(panel).toHaveCount(0);

      // the next visit of the page: the first guide, completed, does not start again; now the second one does
      await page.reload();
      await expectPage(card).toContainText('Étape 1 sur 1');
      await expectPage(card).toContainText(second);
      // the visitor dismisses it: dismissing counts as seen
      await card.getByRole('button', { name: 'Quitter le guide' }).click();
      await expectPage(card).toHaveCount(0);

      // and then nothing starts any more on that page, and no reader is loaded for it
      chunks.length = 0;
      await page.reload();
      await expectPage(page.getByRole('button', { name: 'Ouvrir les guides' })).toBeVisible();
      await page.waitForTimeout(2_500);
      await expectPage(card).toHaveCount(0);
      await expectPage(page.locator('mulot-panel')).toHaveCount(0);
      expect(chunks).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();

      // the author then sees that run on the first guide's page, in its statistics: one end user through the snippet,
      // who completed it
      const author = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 1600 } });
      await author.addInitScript((session) => {
        localStorage.setItem('token', session.token);
        localStorage.setItem('user', session.user);
        localStorage.setItem('organizationId', session.organizationId);
      }, member.session);
      const backoffice = await author.newPage();
      await backoffice.goto(`${api.url}/app/projects/${projectId}/scenarios/${ids[0]}`);
      const statistics = backoffice.getByRole('region', { name: 'Statistiques' });
      const figure = (label: string) =>
        statistics.locator('dt', { hasText: label }).locator('xpath=..').locator('dd').first();
      await expectPage(figure('Lancés')).toHaveText('1');
      await expectPage(figure('Terminés')).toContainText('1');
      await expectPage(statistics.getByRole('row', { name: /Utilisateurs via l'extrait/ })).toContainText(
        '1',
      );
      await author.close();
    } finally {
      // the other journeys of this suite visit the pricing page too
      for (const id of ids) await call('PATCH', `/scenarios/${id}/status`, { status: 'draft' });
    }
  });
});
