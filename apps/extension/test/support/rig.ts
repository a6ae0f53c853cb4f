import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchPersistentChromium } from '@mulot/testing/chromium';
import { type Started, startDemoSite, startProduct } from '@mulot/testing/product';
import { seeClosedShadowRoots } from '@mulot/testing/shadow';
import { type BrowserContext, type Locator, type Page, expect as playwrightExpect } from 'playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * WCAG 2.2 AA violations (axe) inside the extension's UI on the page: the panel, the step overlay and the end users'
 * launcher (shadow roots).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: unknown,
            options: unknown,
          ) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.flatMap((v) =>
      v.nodes
        // the demo site has no shadow root: a target inside one (an array of selectors) is the extension's
        .filter((n) => Array.isArray(n.target[0]) || /mulot-(panel|guides)/.test(JSON.stringify(n.target)))
        .map((n) => `${v.id}: ${JSON.stringify(n.target)}`),
    );
  });
}

// the machines are shared and slow: give the UI time rather than fail on load
export const expectPage = playwrightExpect.configure({ timeout: 30_000 });

/**
 * The creator panel's word after a step is saved from the step editor, read once the step list is back: until then
 * the editor's own status line can still be in the panel beside the panel's, and a bare `getByRole('status')` then
 * matches both (a CI run under load failed so).
 */
export async function expectStepSaved(panel: Locator, text: string): Promise<void> {
  await expectPage(panel.getByRole('button', { name: 'Ajouter une étape' })).toBeVisible();
  await expectPage(panel.getByRole('status')).toHaveText(text);
}
export const extensionDir = resolve(import.meta.dirname, '../../.output/chrome-mv3');

export interface Json {
  [key: string]: unknown;
}

/**
 * What the end-to-end suites share: the built API and the demo site as processes, Chromium with the built extension
 * loaded unpacked, and the calls of an account (the back-office's token and organization once signed up).
 */
export class ExtensionRig {
  api!: Started;
  demo!: Started;
  context!: BrowserContext;
  token = '';
  org = '';
  #profileDir = '';

  /**
   * The product (the API serving the built back-office, so that authors publish as they would) and the demo site.
   * Without SMTP_URL the API writes its mails as .eml files and logs their links, which `signUp` reads.
   */
  async startServers(): Promise<void> {
    // `pnpm test` builds the extension once for every suite (scripts/test.ts); run alone, this suite needs it built.
    if (!existsSync(join(extensionDir, 'manifest.json')))
      throw new Error(`${extensionDir} is missing: run \`pnpm build:extension\` first`);
    [this.api, this.demo] = await Promise.all([startProduct(), startDemoSite()]);
  }

  /** Chromium with the built extension of `dir` (the bench loads another build, the baseline's, too). */
  async launchBrowser(
    profilePrefix: string,
    dir = extensionDir,
    { seeClosedRoots = true }: { seeClosedRoots?: boolean } = {},
  ): Promise<void> {
    this.#profileDir = mkdtempSync(join(tmpdir(), profilePrefix));
    this.context = await launchPersistentChromium(this.#profileDir, {
      extension: dir,
      locale: 'fr-FR',
      viewport: { width: 1280, height: 900 },
    });
    if (seeClosedRoots) {
      // a page that closes before it is watched (the consent window answers fast) needs no watching
      const watch = (page: Page) => void seeClosedShadowRoots(page).catch(() => undefined);
      for (const page of this.context.pages()) watch(page);
      this.context.on('page', watch);
    }
  }

  async closeBrowser(): Promise<void> {
    await this.context?.close();
    if (this.#profileDir) rmSync(this.#profileDir, { recursive: true, force: true });
    this.#profileDir = '';
  }

  async stop(): Promise<void> {
    await this.closeBrowser();
    await Promise.all([this.api?.stop(), this.demo?.stop()]);
  }

  async call<T = Json>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.api.url}/api${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(this.org ? { 'x-organization-id': this.org } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /**
   * An account as a user creates it: register, the confirmation link (the API logs it: no SMTP), login; the token
   * and the personal organization are kept for the next calls. Returns the user of the login answer.
   */
  async signUp(email: string, password: string): Promise<Json> {
    await this.call('POST', '/auth/register', { credentials: { email, password }, rootUrl: this.api.url });
    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i += 1) {
      link = this.api.output
        .map((line) => /"link":"([^"]+confirm-account[^"]+)"/.exec(line)?.[1])
        .find((found) => found && new URL(found).searchParams.get('email') === email);
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    if (!link) throw new Error(`no confirmation link logged for ${email}`);
    const confirm = new URL(link);
    await this.call('POST', '/auth/confirm', {
      code: confirm.searchParams.get('code'),
      email: confirm.searchParams.get('email'),
    });
    const login = await this.call<{ jwt: string; user: Json }>('POST', '/auth/login', { email, password });
    this.token = login.jwt;
    this.org = ((await this.call<Array<{ id: string }>>('GET', '/organizations'))[0] as { id: string }).id;
    return login.user;
  }

  /** The extension's id, from its service worker's URL. */
  async extensionId(): Promise<string> {
    const worker = this.context.serviceWorkers()[0] ?? (await this.context.waitForEvent('serviceworker'));
    return new URL(worker.url()).host;
  }

  /**
   * Sets the Mulot address in the extension's options page, as the README tells a newcomer to, and waits until its
   * pages carry the presence marker (the background registers the launcher for that origin).
   */
  async configure(address = this.api.url): Promise<void> {
    const options = await this.context.newPage();
    await options.goto(`chrome-extension://${await this.extensionId()}/options.html`);
    await options.getByLabel('Adresse de Mulot').fill(address);
    await options.getByRole('button', { name: 'Enregistrer' }).click();
    await expectPage(options.getByRole('status')).toHaveText('Adresse enregistrée.');
    await options.close();
    const page = await this.context.newPage();
    await expectPage(async () => {
      await page.goto(`${address}/api/docs`);
      await expectPage(page.locator('html')).toHaveAttribute('data-mulot-extension', /\d/, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await page.close();
  }

  /** Posts the launch message from a page of the API's origin, as the back-office does, and returns the answer. */
  async launch(page: Page, message: Json): Promise<Json> {
    // the marker is set by the content script just before it listens: a launch posted earlier would be lost
    await expectPage(page.locator('html')).toHaveAttribute('data-mulot-extension', /\d/);
    return page.evaluate(
      (data) =>
        new Promise<Json>((done) => {
          window.addEventListener('message', function answer(event) {
            if (event.source !== window || event.data?.type !== 'mulot:launch-result') return;
            window.removeEventListener('message', answer);
            done(event.data);
          });
          window.postMessage(data, window.location.origin);
        }),
      {
        type: 'mulot:launch',
        apiBase: `${this.api.url}/api`,
        token: this.token,
        organizationId: this.org,
        locale: 'fr',
        ...message,
      },
    );
  }

  /** Sets a step's screenshot, as the creator uploads the capture of the visible tab. */
  async putScreenshot(scenarioId: string, stepId: string, png: Buffer): Promise<void> {
    const response = await fetch(`${this.api.url}/api/scenarios/${scenarioId}/steps/${stepId}/screenshot`, {
      method: 'PUT',
      headers: {
        'content-type': 'image/png',
        authorization: `Bearer ${this.token}`,
        'x-organization-id': this.org,
      },
      body: new Uint8Array(png),
    });
    if (!response.ok) throw new Error(`screenshot → ${response.status} ${await response.text()}`);
  }

  /**
   * A launch from the Mulot address that the user allows if the extension asks: whether it asks depends on what
   * the user allowed or revoked before, which a test that stands alone does not know.
   */
  async launchAllowing(page: Page, message: Json): Promise<Json> {
    const asked = this.context
      .waitForEvent('page', { predicate: (p) => p.url().includes('/approve.html'), timeout: 90_000 })
      .catch(() => null);
    const answer = this.launch(page, message);
    const consent = await Promise.race([answer.then(() => null), asked]);
    if (consent)
      await consent
        .getByRole('button', { name: 'Autoriser' })
        .click()
        .catch((error: unknown) => {
          if (!consent.isClosed()) throw error;
        });
    return answer;
  }

  /** The next tab or window the extension opens (generous: the test machines are shared). */
  nextPage(): Promise<Page> {
    return this.context.waitForEvent('page', { timeout: 90_000 });
  }
}
