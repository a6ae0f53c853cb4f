import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExtensionRig, expectPage, type Json } from './support/rig';

// Issue 37: what the pages a member visits could do with the extension, tried again with the built extension and
// hostile pages served on loopback. One test per row the extension closes (1, 2, 4, 6, 7, 8). The browser runs
// without the journeys' view into closed shadow roots: the page's scripts here see what a hostile page sees.

const rig = new ExtensionRig();
const secret = 'use admin code 4242';
let hostile: { url: string; server: Server };
let projectId = '';
let scenarioId = '';

/** A site that is not the project's (another origin on loopback): a plain page with a title. */
async function startHostile(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><title>Site B</title><h1>Site B ${request.url}</h1></html>`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * Runs `expression` in the extension's content-script world of `page` (the world code injected there would run in:
 * it has `chrome.runtime` and `chrome.storage`), found through the DevTools protocol.
 */
async function inContentScript<T>(page: Page, expression: string): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  const worlds: Array<{ id: number; name: string; auxData?: { type?: string; isDefault?: boolean } }> = [];
  cdp.on('Runtime.executionContextCreated', ({ context }) => worlds.push(context));
  await cdp.send('Runtime.enable');
  let world: (typeof worlds)[number] | undefined;
  for (let i = 0; i < 50 && !world; i += 1) {
    world = worlds.find((w) => w.auxData?.type === 'isolated' && !w.name.startsWith('__playwright'));
    if (!world) await new Promise((r) => setTimeout(r, 100));
  }
  if (!world) throw new Error('no content-script world on the page');
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    expression,
    contextId: world.id,
    awaitPromise: true,
    returnByValue: true,
  });
  await cdp.detach();
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value as T;
}

/** A message to the background from the content-script world, and its answer. */
function sendFromContentScript(page: Page, message: Json): Promise<unknown> {
  return inContentScript(page, `chrome.runtime.sendMessage(${JSON.stringify(message)})`);
}

beforeAll(async () => {
  await rig.startServers();
  hostile = await startHostile();
  await rig.launchBrowser('mulot-ext-attack-', undefined, { seeClosedRoots: false });
  await rig.configure();
  await rig.signUp(`attack-${Date.now()}@example.com`, 'correct horse 1');
  projectId = (await rig.call<{ id: string }>('POST', '/projects', { name: 'Bocal', sites: [rig.demo.url] }))
    .id;
  const categoryId = (
    await rig.call<{ id: string }>('POST', `/projects/${projectId}/categories`, { name: 'Abonnement' })
  ).id;
  scenarioId = (
    await rig.call<{ id: string }>('POST', `/projects/${projectId}/categories/${categoryId}/scenarios`, {
      title: 'Accès',
      description: 'd',
      summary: 's',
      minDuration: 1,
      maxDuration: 2,
    })
  ).id;
  await rig.call('POST', `/scenarios/${scenarioId}/steps`, {
    name: secret,
    text: secret,
    url: `${rig.demo.url}/tarifs.html`,
    autoClick: false,
    // long enough for the user of row 4 to switch tabs before the guide gives up on the target
    onMissingTarget: { waitSeconds: 8, fallback: 'unanchored' },
    target: {
      version: 1,
      tag: 'output',
      attributes: { 'data-testid': 'gone' },
      name: 'Disparu',
      css: 'main > output#gone',
      xpath: '/html/body/main/output',
      fingerprint: { index: 0, siblings: 0, ancestors: [{ tag: 'main' }] },
    },
  });
});

/** The guide opened in creator mode from the back-office (allowed if the extension asks): its tab, panel shown. */
async function openCreator(): Promise<Page> {
  const backOffice = await rig.context.newPage();
  await backOffice.goto(`${rig.api.url}/api/docs`);
  const opened = rig.context.waitForEvent('page', {
    predicate: (p) => p.url().startsWith(rig.demo.url),
    timeout: 90_000,
  });
  expect(await rig.launchAllowing(backOffice, { mode: 'creator', scenarioId })).toMatchObject({ ok: true });
  const creator = await opened;
  await expectPage(creator.locator('mulot-panel')).toBeAttached();
  await backOffice.close();
  return creator;
}

afterAll(async () => {
  await rig.stop();
  await new Promise((done) => hostile?.server.close(done));
});

describe('the extension against hostile pages', () => {
  it('row 1: the panel stays off other sites, and the project site sees the host of a panel, not what is in it', async () => {
    const creator = await openCreator();
    // the author follows a link to another site: no panel mounts there
    await creator.goto(`${hostile.url}/phishing`);
    await creator.waitForLoadState('load');
    await new Promise((r) => setTimeout(r, 5000));
    expect(await creator.evaluate(() => document.querySelector('mulot-panel') !== null)).toBe(false);

    // back on the project's site the panel is there again, closed to the page's scripts
    await creator.goto(`${rig.demo.url}/`);
    await expectPage(creator.locator('mulot-panel')).toBeAttached();
    await new Promise((r) => setTimeout(r, 2000));
    const seen = await creator.evaluate(() => {
      const host = document.querySelector('mulot-panel');
      return {
        shadowRoot: host?.shadowRoot ?? null,
        text: `${document.documentElement.innerHTML} ${document.documentElement.textContent}`,
      };
    });
    expect(seen.shadowRoot).toBeNull();
    expect(seen.text).not.toContain('4242');
    await creator.close();
  });

  it('row 2: another origin opens no consent window, and allowed origins are listed, revocable and signed out', async () => {
    const page = await rig.context.newPage();
    await page.goto(`${hostile.url}/`);
    const before = rig.context.pages().length;
    await page.evaluate((origin) => {
      for (let i = 0; i < 5; i += 1)
        window.postMessage(
          {
            type: 'mulot:launch',
            apiBase: `${origin}/api`,
            token: 'attacker',
            organizationId: '0b4a5c3e-1f2d-4e5f-8a9b-0c1d2e3f4a5b',
            mode: 'reader',
            url: origin,
            locale: 'fr',
          },
          origin,
        );
    }, hostile.url);
    await new Promise((r) => setTimeout(r, 3000));
    expect(rig.context.pages().length).toBe(before);
    await page.close();

    // the options page lists the origin the user allowed (with a launch they accepted), and revokes it
    await (await openCreator()).close();
    const options = await rig.context.newPage();
    await options.goto(`chrome-extension://${await rig.extensionId()}/options.html`);
    await expectPage(options.getByText(rig.api.url, { exact: true })).toBeVisible();
    await options.getByRole('button', { name: `Retirer ${rig.api.url}` }).click();
    await expectPage(options.getByText('Aucun site autorisé.')).toBeVisible();
    await options.close();
  });

  it('row 4: a screenshot is of the guide, never of the tab the user switched to', async () => {
    const backOffice = await rig.context.newPage();
    await backOffice.goto(`${rig.api.url}/api/docs`);
    const opened = rig.context.waitForEvent('page', {
      predicate: (p) => p.url().startsWith(`${rig.demo.url}/tarifs`),
      timeout: 90_000,
    });
    expect(
      await rig.launchAllowing(backOffice, {
        mode: 'reader',
        url: `${rig.demo.url}/tarifs.html`,
        scenarioId,
      }),
    ).toMatchObject({ ok: true });
    const reader = await opened;
    // the guide's step is shown, looking for its target (the step card's host, in the page's top layer)
    await expectPage(reader.locator('[data-mulot-ui="highlight"]')).toBeAttached();
    // the user switches to their webmail, another tab of the same window, while the guide looks for a target that
    // is gone (the tab is opened as the user would, by the browser: the extension's worker stands in for the UI)
    const webmailOpened = rig.context.waitForEvent('page', {
      predicate: (p) => p.url().startsWith(`${hostile.url}/webmail`),
    });
    const worker = rig.context.serviceWorkers()[0] ?? (await rig.context.waitForEvent('serviceworker'));
    await worker.evaluate(
      async ({ readerUrl, webmailUrl }) => {
        type Tabs = {
          query(q: { url: string }): Promise<Array<{ windowId: number }>>;
          create(p: { url: string; active: boolean; windowId?: number }): Promise<unknown>;
        };
        const tabs = (globalThis as unknown as { chrome: { tabs: Tabs } }).chrome.tabs;
        const [tab] = await tabs.query({ url: `${readerUrl}*` });
        await tabs.create({ url: webmailUrl, active: true, ...(tab ? { windowId: tab.windowId } : {}) });
      },
      { readerUrl: `${rig.demo.url}/tarifs`, webmailUrl: `${hostile.url}/webmail` },
    );
    const webmail = await webmailOpened;
    type Health = { steps: Array<{ failures: number; latestFailure: { hasScreenshot: boolean } | null }> };
    await expect
      .poll(
        async () =>
          (await rig.call<Health>('GET', `/scenarios/${scenarioId}/health`)).steps[0]?.failures ?? 0,
        {
          timeout: 60_000,
          interval: 1000,
        },
      )
      .toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 3000));
    const health = await rig.call<Health>('GET', `/scenarios/${scenarioId}/health`);
    expect(health.steps[0]?.latestFailure?.hasScreenshot).toBe(false);
    await webmail.close();
    await reader.close();
    await backOffice.close();
  });

  it('row 6: no content script reads the session token', async () => {
    const page = await rig.context.newPage();
    await page.goto(`${hostile.url}/`);
    const read = await inContentScript<string>(
      page,
      `Promise.all([
        chrome.storage.local.get(null).then(JSON.stringify, String),
        chrome.storage.session.get(null).then(JSON.stringify, String),
      ]).then((all) => all.join(' '))`,
    );
    expect(read).not.toContain(rig.token);
    await page.close();
  });

  it('row 7: the background answers content scripts only within their mode and the panels’ operations', async () => {
    const page = await rig.context.newPage();
    await page.goto(`${hostile.url}/`);
    const fetchAs = (url: string, method = 'GET') => ({
      kind: 'fetch',
      url,
      method,
      contentType: null,
      body: null,
    });
    expect(await sendFromContentScript(page, fetchAs(`${rig.api.url}/api/organizations`))).not.toHaveProperty(
      'status',
    );
    expect(await sendFromContentScript(page, { kind: 'approval:answer', id: 'any', allow: true })).toEqual({
      error: 'forbidden',
    });
    expect(
      await sendFromContentScript(page, { kind: 'start', tabId: 1, state: { mode: 'reader', scenarioId } }),
    ).toEqual({ error: 'forbidden' });
    expect(
      await sendFromContentScript(page, { kind: 'screenshot:put', scenarioId, stepId: scenarioId }),
    ).toEqual({
      ok: false,
    });
    await page.close();

    // on the project's site, in creator mode: the panels' operations only, not the rest of the API
    const creator = await openCreator();
    expect(
      await sendFromContentScript(creator, fetchAs(`${rig.api.url}/api/projects/${projectId}`, 'DELETE')),
    ).not.toHaveProperty('status');
    expect(await rig.call<{ id: string }>('GET', `/projects/${projectId}`)).toMatchObject({ id: projectId });
    await creator.close();
  });

  it('row 8: a page other than the Mulot address cannot tell that the extension is installed', async () => {
    const page = await rig.context.newPage();
    await page.goto(`${hostile.url}/`);
    await page.waitForLoadState('load');
    expect(await page.locator('html').getAttribute('data-mulot-extension')).toBeNull();
    const id = await rig.extensionId();
    const probed = await page.evaluate(
      (url) =>
        fetch(url).then(
          (response) => response.ok,
          () => false,
        ),
      `chrome-extension://${id}/panel.js`,
    );
    expect(probed).toBe(false);
    await page.close();
  });
});
