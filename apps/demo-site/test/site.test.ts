// Smoke test of the demo site in Chromium: full page loads, client-side routes, menu, modal, forms, and the
// "broken" variant that a recorded guide target must not survive.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { launchChromium } from '@mulot/testing/chromium';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright';
import { startServer } from '../server.ts';

let server: Server;
let base: string;
let browser: Browser;
let player: string;
let axe: string;

before(async () => {
  ({ server, url: base } = await startServer(0));
  browser = await launchChromium();
  const bundle = await build({
    stdin: { contents: "export * from '@mulot/player';", resolveDir: import.meta.dirname, loader: 'ts' },
    bundle: true,
    format: 'iife',
    globalName: 'MulotPlayer',
    write: false,
  });
  player = bundle.outputFiles[0]?.text ?? '';
  axe = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('pages load in full, with a menu', async () => {
  const page = await newPage();
  await page.goto(`${base}/`);
  assert.equal(await page.locator('h1').textContent(), 'Vos projets, rangés dans un bocal');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const menu = page.getByRole('button', { name: 'Ressources' });
  await menu.click();
  assert.equal(await menu.getAttribute('aria-expanded'), 'true');
  assert.equal(await page.getByRole('link', { name: 'Questions fréquentes' }).isVisible(), true);
  await page.keyboard.press('Escape');
  assert.equal(await page.getByRole('link', { name: 'Questions fréquentes' }).isVisible(), false);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Tarifs' })
    .click();
  await page.waitForURL(`${base}/tarifs.html`);
  assert.equal(await page.evaluate(() => 'sameDocument' in window), false);
  await page.context().close();
});

test('the pricing page opens a modal dialog', async () => {
  const page = await newPage();
  await page.goto(`${base}/tarifs.html`);
  await page.getByRole('button', { name: 'Choisir' }).nth(1).click();
  const dialog = page.getByRole('dialog', { name: 'Souscrire' });
  assert.equal(await dialog.isVisible(), true);
  assert.equal(await dialog.getByText('Offre choisie : Équipe').isVisible(), true);
  await dialog.getByLabel('Adresse e-mail professionnelle').fill('alice@example.com');
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  // the dialog's close event, which writes the status, comes in a task of its own after the dialog closed: waited
  // for, not read at once
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('status').filter({ hasText: 'offre Équipe a bien été enregistrée' }).waitFor();
  await page.context().close();
});

test('the contact form explains what is missing, then thanks', async () => {
  const page = await newPage();
  await page.goto(`${base}/contact.html`);
  await page.getByRole('button', { name: 'Envoyer' }).click();
  assert.match((await page.getByRole('alert').textContent()) ?? '', /Veuillez renseigner le nom/);
  await page.getByLabel('Nom').fill('Alice');
  await page.getByLabel('E-mail').fill('alice@example.com');
  await page.getByLabel('Message').fill('Bonjour');
  await page.getByLabel('J’accepte d’être recontacté').check();
  await page.getByRole('button', { name: 'Envoyer' }).click();
  assert.equal(await page.getByText('Merci, votre message a bien été envoyé.').isVisible(), true);
  await page.context().close();
});

test('the customer area changes routes without reloading, and follows the back button', async () => {
  const page = await newPage();
  await page.goto(`${base}/app/`);
  assert.equal(await page.locator('h1').textContent(), 'Tableau de bord');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page
    .getByRole('navigation', { name: 'Menu de l’application' })
    .getByRole('link', { name: 'Projets' })
    .click();
  await page.waitForURL(`${base}/app/projets`);
  await page.getByRole('link', { name: 'Nouveau projet' }).click();
  await page.getByLabel('Nom du projet').fill('Salon 2027');
  await page.getByRole('button', { name: 'Créer le projet' }).click();
  await page.waitForURL(`${base}/app/projets`);
  assert.equal(await page.getByRole('status').textContent(), 'Projet « Salon 2027 » créé.');
  assert.equal(await page.getByRole('cell', { name: 'Salon 2027' }).isVisible(), true);
  await page.goBack();
  assert.equal(await page.locator('h1').textContent(), 'Nouveau projet');
  assert.equal(await page.evaluate(() => 'sameDocument' in window), true);
  await page.context().close();
});

async function withPlayer(page: Page) {
  await page.addScriptTag({ content: player });
}

test('in the broken variant, a guide recorded on "Nouveau projet" no longer finds its target', async () => {
  const page = await newPage();
  await page.goto(`${base}/app/projets`);
  await withPlayer(page);
  const descriptor = await page.evaluate(() => {
    const { capture } = (window as unknown as { MulotPlayer: typeof import('@mulot/player') }).MulotPlayer;
    return JSON.stringify(capture(document.querySelector('[data-testid="new-project"]') as Element));
  });
  const findIn = async (url: string) => {
    await page.goto(url);
    await withPlayer(page);
    return page.evaluate((d) => {
      const { find } = (window as unknown as { MulotPlayer: typeof import('@mulot/player') }).MulotPlayer;
      const result = find(JSON.parse(d));
      return { status: result.status, text: result.element?.textContent ?? null };
    }, descriptor);
  };
  const broken = await findIn(`${base}/app/projets?variant=broken`);
  assert.equal(broken.text, null);
  assert.notEqual(broken.status, 'found');
  // the variant sticks for the session, across full page loads
  assert.equal((await findIn(`${base}/app/projets`)).text, null);
  assert.equal(await page.getByText('Lancer une initiative').isVisible(), true);
  assert.deepEqual(await findIn(`${base}/app/projets?variant=normal`), {
    status: 'found',
    text: 'Nouveau projet',
  });
  await page.context().close();
});

test('the variant can be switched on the running server', async () => {
  const set = (value: string) => fetch(`${base}/__variant`, { method: 'POST', body: value });
  assert.equal((await set('nonsense')).status, 400);
  assert.equal(await (await set('broken')).text(), 'broken');
  const page = await newPage();
  await page.goto(`${base}/app/projets`);
  assert.equal(await page.locator('[data-testid="new-project"]').count(), 0);
  await set('normal');
  await page.reload();
  assert.equal(await page.locator('[data-testid="new-project"]').count(), 1);
  await page.context().close();
});

test('every page passes axe WCAG 2.2 AA checks', async () => {
  const page = await newPage();
  const violations: string[] = [];
  for (const path of [
    '/',
    '/tarifs.html',
    '/contact.html',
    '/app/',
    '/app/projets',
    '/app/projets/nouveau',
    '/app/parametres',
  ]) {
    await page.goto(`${base}${path}`);
    await page.addScriptTag({ content: axe });
    const found = await page.evaluate(async () => {
      const { axe: engine } = window as unknown as { axe: typeof import('axe-core') };
      const results = await engine.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      });
      return results.violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    });
    violations.push(...found.map((v) => `${path}: ${v}`));
  }
  assert.deepEqual(violations, []);
  await page.context().close();
});
