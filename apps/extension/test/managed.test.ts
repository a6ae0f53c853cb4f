import { createHash } from 'node:crypto';
import {
  accessSync,
  constants,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Started, startDemoSite, startProduct } from '@mulot/testing/product';
import { skipped } from '@mulot/testing/skips';
import type { Page } from 'playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, ExtensionRig, expectPage, extensionDir, type Json } from './support/rig';

// The extension deployed by an organization's policy (issue 39, item 4): the Mulot address and the projects' site
// keys in chrome.storage.managed, set as an administrator does, by a policy file Chromium reads at start; no user
// signs in. Chromium on Linux reads managed policy from /etc/chromium/policies/managed/*.json, for every Chromium of
// the machine: the policy names an extension id that only this suite's copy of the build has (an unpacked
// extension's id derives from its absolute path), and the file is removed at the end.

const POLICY_DIR = '/etc/chromium/policies/managed';
const SUITE = 'extension: managed policy, no account (apps/extension/test/managed.test.ts)';

function policyDirProblem(): string | null {
  try {
    mkdirSync(POLICY_DIR, { recursive: true });
    accessSync(POLICY_DIR, constants.W_OK);
    return null;
  } catch (error) {
    return `${POLICY_DIR} is not writable here (${error instanceof Error ? error.message : String(error)}): Chromium's managed policy cannot be set`;
  }
}

/** An unpacked extension's id as Chromium makes it: the SHA-256 of its absolute path, 32 hex digits spelt a–p. */
function unpackedId(dir: string): string {
  return [...createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 32)]
    .map((digit) => String.fromCharCode('a'.charCodeAt(0) + Number.parseInt(digit, 16)))
    .join('');
}

const skip = skipped(SUITE, policyDirProblem());
const rig = new ExtensionRig();
let withSnippet: Started | undefined;
let copyDir = '';
let policyFile = '';
let scenarioTitle = '';
let scenarioId = '';

const recorded = JSON.parse(
  readFileSync(new URL('./fixtures/choisir-une-offre.json', import.meta.url), 'utf8'),
) as { title: string; steps: Array<Json & { path: string }>; prerequisites: Json[] } & Json;

/** The recorded 3-step guide (test/fixtures), created and published through the API. */
async function publishedGuide(projectId: string): Promise<string> {
  const { steps, prerequisites, ...guide } = recorded;
  const { id: categoryId } = await rig.call<{ id: string }>('POST', `/projects/${projectId}/categories`, {
    name: 'Abonnement',
  });
  const { id } = await rig.call<{ id: string }>(
    'POST',
    `/projects/${projectId}/categories/${categoryId}/scenarios`,
    guide,
  );
  for (const { path, ...step } of steps)
    await rig.call('POST', `/scenarios/${id}/steps`, { ...step, url: `${rig.demo.url}${path}` });
  await rig.call('PUT', `/scenarios/${id}/prerequisites`, prerequisites);
  await rig.call('PATCH', `/scenarios/${id}/status`, { status: 'published' });
  return id;
}

/** The API's request log lines (LOG_LEVEL info: one per request, with its URL). */
const apiRequests = () => rig.api.output.filter((line) => line.includes('"url":"/api/'));

beforeAll(async () => {
  if (skip) return;
  [rig.api, rig.demo] = await Promise.all([startProduct(), startDemoSite()]);
  await rig.signUp(`managed-${Date.now()}@example.com`, 'correct horse 1');
  const project = await rig.call<{ id: string; siteKey: string; name: string }>('POST', '/projects', {
    name: 'Bocal',
    sites: [rig.demo.url],
  });
  // a second site of the project whose pages carry the embed snippet too
  withSnippet = await startDemoSite({ env: { MULOT_URL: rig.api.url, MULOT_SITE_KEY: project.siteKey } });
  await rig.call('PUT', `/projects/${project.id}`, {
    name: project.name,
    description: '',
    sites: [rig.demo.url, withSnippet.url],
  });
  scenarioId = await publishedGuide(project.id);
  scenarioTitle = recorded.title;

  // this suite's own copy of the build: its id is unique to it (no manifest `key` pins it to the others')
  copyDir = mkdtempSync(join(tmpdir(), 'mulot-managed-ext-'));
  cpSync(extensionDir, copyDir, { recursive: true });
  const manifestFile = join(copyDir, 'manifest.json');
  const { key: _key, ...manifest } = JSON.parse(readFileSync(manifestFile, 'utf8')) as Json;
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const id = unpackedId(copyDir);
  policyFile = join(POLICY_DIR, `mulot-test-${id}.json`);
  writeFileSync(
    policyFile,
    JSON.stringify({
      '3rdparty': { extensions: { [id]: { mulotAddress: rig.api.url, siteKeys: [project.siteKey] } } },
    }),
  );
  await rig.launchBrowser('mulot-managed-profile-', copyDir);
  expect(await rig.extensionId()).toBe(id);
}, 180_000);

afterAll(async () => {
  if (policyFile) rmSync(policyFile, { force: true });
  await rig.stop();
  await withSnippet?.stop();
  if (copyDir) rmSync(copyDir, { recursive: true, force: true });
});

interface ScriptingWorld {
  chrome: {
    scripting: {
      getRegisteredContentScripts(filter: { ids: string[] }): Promise<Array<{ matches?: string[] }>>;
    };
  };
}

/** The extension's end-user script registrations, as the background made them. */
async function registeredMatches(): Promise<string[]> {
  const worker = rig.context.serviceWorkers()[0] ?? (await rig.context.waitForEvent('serviceworker'));
  return worker.evaluate(async () => {
    // the service worker's own `chrome` (the test runs in Node, without the extension's types)
    const { scripting } = (globalThis as unknown as ScriptingWorld).chrome;
    const scripts = await scripting.getRegisteredContentScripts({ ids: ['mulot-end-user'] });
    return scripts.flatMap((script) => script.matches ?? []);
  });
}

describe.skipIf(skip)('the extension set by policy, for end users without an account', () => {
  it("registers its end users' script on the key's project's sites only", async () => {
    // the policy is read a moment after start, then the key's sites are asked of the Mulot address; both sites
    // are on localhost, which the API matches pages on whatever their scheme and port (as the snippet is offered)
    await expectPage(async () => {
      expect(await registeredMatches()).toEqual(['*://localhost/*']);
    }).toPass({ timeout: 60_000 });
  });

  it('shows the launcher on a site of the project and plays a published guide to its congratulations', async () => {
    await expectPage(async () => expect(await registeredMatches()).toEqual(['*://localhost/*'])).toPass({
      timeout: 60_000,
    });
    const before = await rig.call<{ counts: { guidesLaunched30d: number } }>('GET', '/dashboard');
    type BySource = Array<{ source: string; started: number; completed: number }>;
    const bySource = async () =>
      (await rig.call<{ bySource: BySource }>('GET', `/scenarios/${scenarioId}/statistics?days=7`)).bySource;
    const sourcesBefore = await bySource();
    const page = await rig.context.newPage();
    await page.goto(rig.demo.url);
    const launcher = page.getByRole('button', { name: 'Ouvrir les guides' });
    await expectPage(launcher).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await launcher.click();

    const panel = page.locator('mulot-panel');
    await expectPage(panel.getByRole('heading', { name: 'Guides disponibles' })).toBeVisible();
    await expectPage(launcher).toBeHidden();
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: `Lancer le guide « ${scenarioTitle} »` }).click();
    await expectPage(panel).toContainText('Avoir un compte Bocal');
    await panel.getByRole('button', { name: 'Commencer le guide' }).click();

    // step 1 auto-clicks "Voir les tarifs": a full page load, and the run goes on there
    const card = page.getByRole('dialog');
    await expectPage(card).toContainText('Étape 1 sur 3');
    await expectPage(page).toHaveURL(`${rig.demo.url}/tarifs.html`);
    await expectPage(card).toContainText('Étape 2 sur 3');
    await card.getByRole('button', { name: 'Suivant' }).click();
    await expectPage(card).toContainText('Étape 3 sur 3');
    await card.getByRole('button', { name: 'Terminer' }).click();
    await expectPage(panel.getByRole('heading', { name: 'Félicitations !' })).toBeVisible();
    await expectPage(panel).toContainText(`Vous avez terminé le guide « ${scenarioTitle} ».`);

    // an anonymous run, counted on the dashboard like a member's
    await expectPage(async () => {
      const after = await rig.call<{ counts: { guidesLaunched30d: number } }>('GET', '/dashboard');
      expect(after.counts.guidesLaunched30d).toBe(before.counts.guidesLaunched30d + 1);
    }).toPass({ timeout: 15_000 });
    // and in the guide's statistics, as an end user's run through the extension, completed
    await expectPage(async () =>
      expect(await bySource()).toEqual(
        sourcesBefore.map((s) =>
          s.source === 'extension' ? { ...s, started: s.started + 1, completed: s.completed + 1 } : s,
        ),
      ),
    ).toPass({ timeout: 15_000 });
    // no member ever signed in to the extension: its popup still offers to sign in
    const popup = await rig.context.newPage();
    await popup.goto(`chrome-extension://${await rig.extensionId()}/popup.html`);
    await expectPage(popup.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await popup.close();
    await page.close();
  });

  it('shows nothing on a page off the sites, and tells the Mulot server nothing about it', async () => {
    await expectPage(async () => expect(await registeredMatches()).toEqual(['*://localhost/*'])).toPass({
      timeout: 60_000,
    });
    const requestsBefore = apiRequests().length;
    // (the log does show requests: the set-up's calls are in it)
    expect(requestsBefore).toBeGreaterThan(0);
    const page = await rig.context.newPage();
    // the demo site's same pages, on another origin than the project's site (127.0.0.1 rather than localhost)
    const offSite = rig.demo.url.replace('localhost', '127.0.0.1');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(rig.api.url)) asked.push(request.url());
    });
    await page.goto(offSite);
    await page.goto(`${offSite}/tarifs.html`);
    await page.waitForTimeout(3000);
    expect(await page.locator('mulot-guides').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ouvrir les guides' }).count()).toBe(0);
    expect(asked).toEqual([]);
    expect(apiRequests().slice(requestsBefore)).toEqual([]);
    await page.close();
  });

  it("shows a member's own reader, not the end users' launcher, in a tab the back-office launched", async () => {
    await expectPage(async () => expect(await registeredMatches()).toEqual(['*://localhost/*'])).toPass({
      timeout: 60_000,
    });
    const backOffice = await rig.context.newPage();
    // the policy's Mulot address: its pages can launch the extension (the member signed up in the set-up)
    await backOffice.goto(`${rig.api.url}/api/docs`);
    const opened = rig.context.waitForEvent('page', {
      predicate: (p) => p.url().startsWith(rig.demo.url),
      timeout: 90_000,
    });
    expect(await rig.launchAllowing(backOffice, { mode: 'reader', url: rig.demo.url })).toMatchObject({
      ok: true,
    });
    const page = await opened;
    await expectPage(
      page.locator('mulot-panel').getByRole('heading', { name: 'Guides disponibles' }),
    ).toBeVisible();
    // the end users' script runs on this site too, and the background tells it the tab is a member's
    await page.waitForTimeout(3000);
    expect(await page.locator('mulot-guides').count()).toBe(0);
    await expectPage(page.getByRole('button', { name: 'Ouvrir les guides' })).toHaveCount(0);
    await page.close();
    await backOffice.close();
  });

  it('leaves the launcher to the snippet on a page that has both', async () => {
    await expectPage(async () => expect(await registeredMatches()).toEqual(['*://localhost/*'])).toPass({
      timeout: 60_000,
    });
    const page: Page = await rig.context.newPage();
    await page.goto(withSnippet?.url ?? '');
    const launcher = page.getByRole('button', { name: 'Ouvrir les guides' });
    await expectPage(launcher).toBeVisible();
    // the extension's own script ran on this page too (a site of the key's project) and stayed away
    await page.waitForTimeout(3000);
    await expectPage(launcher).toHaveCount(1);
    expect(await page.locator('mulot-launcher').count()).toBe(1);
    expect(await page.locator('mulot-guides').count()).toBe(0);
    await page.close();
  });
});
