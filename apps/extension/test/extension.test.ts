import { readFileSync } from 'node:fs';
import type { Page } from 'playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, ExtensionRig, expectPage, expectStepSaved, type Json } from './support/rig';

// Every test stands alone (it may run first, last or by itself): each signs up its own member, whose project on the
// demo site and category it plays in, and gets the guides it needs through the API. The browser, the product and the
// Mulot address are shared: starting them is most of the suite's time.
const rig = new ExtensionRig();
const password = 'correct horse 1';
const title = 'Choisir une offre';

/** Clicks a button of the consent window, which closes itself as soon as it is answered. */
async function answerConsent(consent: Page, name: 'Autoriser' | 'Refuser'): Promise<void> {
  await consent
    .getByRole('button', { name })
    .click()
    .catch((error: unknown) => {
      if (!consent.isClosed()) throw error;
    });
}

/** The run calls the extension's background makes (Playwright sees the service worker's requests). */
function recordRunCalls(): Array<{ method: string; url: string; body: Json | null }> {
  const calls: Array<{ method: string; url: string; body: Json | null }> = [];
  rig.context.on('request', (request) => {
    // (not the screenshots of step issues: image bytes, sent beside the run's own calls)
    if (/\/api\/scenarios\/[^/]+\/runs/.test(request.url()) && !request.url().endsWith('/screenshot'))
      calls.push({
        method: request.method(),
        url: request.url(),
        body: request.postDataJSON() as Json | null,
      });
  });
  return calls;
}

interface Author {
  email: string;
  user: Json;
  projectId: string;
  categoryId: string;
}

/** A new member, signed in for the next API calls and launches, with a project on the demo site and a category. */
async function newAuthor(label: string): Promise<Author> {
  const email = `${label}-${Date.now()}@example.com`;
  const user = await rig.signUp(email, password);
  const projectId = (
    await rig.call<{ id: string }>('POST', '/projects', { name: 'Bocal', sites: [rig.demo.url] })
  ).id;
  const categoryId = (
    await rig.call<{ id: string }>('POST', `/projects/${projectId}/categories`, { name: 'Abonnement' })
  ).id;
  return { email, user, projectId, categoryId };
}

interface RecordedGuide {
  title: string;
  description: string;
  summary: string;
  minDuration: number;
  maxDuration: number;
  steps: Array<Json & { path: string }>;
  prerequisites: Array<{ text: string }>;
}

/**
 * The guide the authoring test records, as the creator saved it on the demo site (test/fixtures: the targets the
 * picker described), created through the API in `categoryId` as a draft, each step with a capture of its page.
 * The authoring test checks that the creator still records these targets.
 */
const recorded = JSON.parse(
  readFileSync(new URL('./fixtures/choisir-une-offre.json', import.meta.url), 'utf8'),
) as RecordedGuide;
async function recordedGuide(author: Author): Promise<{ id: string; steps: Array<Json & { id: string }> }> {
  const { steps, prerequisites, ...guide } = recorded;
  const { id } = await rig.call<{ id: string }>(
    'POST',
    `/projects/${author.projectId}/categories/${author.categoryId}/scenarios`,
    guide,
  );
  const page = await rig.context.newPage();
  for (const { path, ...step } of steps) {
    const url = `${rig.demo.url}${path}`;
    const saved = await rig.call<{ id: string }>('POST', `/scenarios/${id}/steps`, { ...step, url });
    await page.goto(url);
    await rig.putScreenshot(id, saved.id, await page.screenshot());
  }
  await page.close();
  await rig.call('PUT', `/scenarios/${id}/prerequisites`, prerequisites);
  return rig.call('GET', `/scenarios/${id}`);
}

/** A new member's recorded guide, published, and the reader launched on the demo site from the back-office. */
async function readerOnPublishedGuide(
  label: string,
): Promise<{ author: Author; page: Page; backOffice: Page }> {
  const author = await newAuthor(label);
  const { id } = await recordedGuide(author);
  await rig.call('PATCH', `/scenarios/${id}/status`, { status: 'published' });
  const backOffice = await rig.context.newPage();
  await backOffice.goto(`${rig.api.url}/api/docs`);
  const opened = nextSitePage();
  expect(await rig.launchAllowing(backOffice, { mode: 'reader', url: rig.demo.url })).toMatchObject({
    ok: true,
  });
  return { author, page: await opened, backOffice };
}

/** Leaves the Mulot address unallowed, as on a new browser: its next launch asks the user. */
async function forgetAllowedAddress(): Promise<void> {
  const options = await rig.context.newPage();
  await options.goto(`chrome-extension://${await rig.extensionId()}/options.html`);
  const revoke = options.getByRole('button', { name: `Retirer ${rig.api.url}` });
  await expectPage(options.getByRole('heading').first()).toBeVisible();
  if (await revoke.count()) {
    await revoke.click();
    await expectPage(revoke).toHaveCount(0);
  }
  await options.close();
}

/** The next tab the extension opens on the demo site (not the consent window). */
function nextSitePage(): Promise<Page> {
  return rig.context.waitForEvent('page', {
    predicate: (p) => p.url().startsWith(rig.demo.url),
    timeout: 90_000,
  });
}

beforeAll(async () => {
  await rig.startServers();
  await rig.launchBrowser('mulot-ext-profile-');
  await rig.configure();
});

afterAll(async () => {
  await rig.stop();
});

describe('the extension, loaded unpacked in Chromium', () => {
  it('is detectable by the back-office and refuses a launch from another origin', async () => {
    const { projectId } = await newAuthor('detect');
    await forgetAllowedAddress();

    const page = await rig.context.newPage();
    await page.goto(`${rig.api.url}/api/docs`);
    await expectPage(page.locator('html')).toHaveAttribute('data-mulot-extension', '0.0.1');

    // a customer page neither sees the extension nor can hand it a session: no launcher runs there
    const foreign = await rig.context.newPage();
    await foreign.goto(rig.demo.url);
    await foreign.waitForLoadState('load');
    expect(await foreign.locator('html').getAttribute('data-mulot-extension')).toBeNull();
    await foreign.close();

    // a new guide needs its category
    const invalid = await rig.launch(page, { mode: 'creator', url: rig.demo.url, projectId });
    expect(invalid).toMatchObject({ ok: false, error: "Impossible de lancer l'extension" });

    // the first launch from an origin asks the user, in the extension's own window
    const consentOpened = rig.nextPage();
    const refusedByUser = rig.launch(page, { mode: 'reader', url: rig.demo.url });
    const consent = await consentOpened;
    await expectPage(
      consent.getByRole('heading', { name: 'Autoriser ce site à lancer Mulot ?' }),
    ).toBeVisible();
    await expectPage(consent.getByText(rig.api.url)).toBeVisible();
    await answerConsent(consent, 'Refuser');
    expect(await refusedByUser).toMatchObject({
      ok: false,
      error: "Impossible de lancer l'extension",
      detail: "Lancement refusé par l'utilisateur.",
    });
    // right after a refusal the same origin is refused without a window being opened again
    const windows = rig.context.pages().length;
    expect(await rig.launch(page, { mode: 'reader', url: rig.demo.url })).toMatchObject({
      ok: false,
      detail: "Lancement refusé par l'utilisateur.",
    });
    expect(rig.context.pages().length).toBe(windows);
    // the hold-off (5 s) passes before another test's launch is asked again
    await new Promise((r) => setTimeout(r, 5500));
    await page.close();
  });

  it('authors a 3-step guide on the demo site in creator mode', async () => {
    const { projectId, categoryId } = await newAuthor('record');
    const backOffice = await rig.context.newPage();
    await backOffice.goto(`${rig.api.url}/api/docs`);
    const opened = nextSitePage();
    expect(
      await rig.launchAllowing(backOffice, { mode: 'creator', url: rig.demo.url, projectId, categoryId }),
    ).toMatchObject({ ok: true });
    const page = await opened;
    // nothing the extension does shows in the customer page's console (no error of the dialogs, no log)
    const logged: string[] = [];
    page.on('console', (message) => {
      // (the site's own resources are the site's business: its favicon.ico answers 404)
      if (!message.location().url.startsWith(rig.demo.url))
        logged.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => logged.push(`error: ${error.message}`));
    await expectPage(page).toHaveURL(`${rig.demo.url}/`);
    const panel = page.locator('mulot-panel');

    // the creation form, with the spec's messages
    await expectPage(panel.getByRole('heading', { name: 'Nouveau guide' })).toBeVisible();
    // drawn in the design system's font: the demo site does not use Inter, so only the panel's text loads it
    await expectPage
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts].filter((f) => f.family.includes('Inter Variable')).map((f) => f.status),
        ),
      )
      .toContain('loaded');
    // the panel opens below the site's own top-right control instead of covering it
    const account = page.getByRole('link', { name: 'Espace client' });
    const reachable = await account.evaluate((link) => {
      const box = link.getBoundingClientRect();
      return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === link;
    });
    expect(reachable).toBe(true);
    // the project and category the guide was launched for, chosen
    await expectPage(panel.getByRole('combobox', { name: 'Projet' })).toContainText('Bocal');
    await expectPage(panel.getByRole('combobox', { name: 'Catégorie' })).toContainText('Abonnement');
    await panel.getByRole('button', { name: 'Créer et passer aux étapes' }).click();
    await expectPage(panel.getByText('Le titre est requis')).toBeVisible();
    await expectPage(panel.getByText('La description est requise')).toBeVisible();
    await expectPage(panel.getByText('Le résumé est requis')).toBeVisible();
    await expectPage(panel.getByText('La durée minimale est requise')).toBeVisible();
    await expectPage(panel.getByText('La durée maximale est requise')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByLabel('Titre').fill(title);
    await panel.getByLabel("Description pour l'utilisateur").fill('Trouver l’offre Équipe et souscrire.');
    await panel
      .getByLabel('Résumé pour le modèle (LLM)')
      .fill('Guide vers la page des tarifs et le choix de l’offre Équipe.');
    await panel.getByLabel('Durée minimale (minutes)').fill('1');
    await panel.getByLabel('Durée maximale (minutes)').fill('3');
    await panel.getByRole('button', { name: 'Créer et passer aux étapes' }).click();
    await expectPage(panel.getByRole('heading', { name: title })).toBeVisible();

    const addStep = async (name: string, text: string, target: () => Promise<void>, auto = false) => {
      await panel.getByRole('button', { name: 'Ajouter une étape' }).click();
      // the last step's success is not left above the next step's form
      await expectPage(panel.getByText('Étape ajoutée avec succès')).toHaveCount(0);
      await panel.getByLabel("Titre de l'étape").fill(name);
      await panel.getByLabel('Action à effectuer').fill(text);
      await expectPage(panel.getByText("Aucun élément n'a été capturé pour cette étape.")).toBeVisible();
      await panel.getByRole('button', { name: 'Capturer un élément' }).click();
      await expectPage(
        panel.getByText("Cliquez sur l'élément de la page à mettre en évidence.", { exact: false }),
      ).toBeVisible();
      // the pointer goes through the panel to the page, but the panel stays opaque over it
      await expectPage(page.locator('mulot-panel')).toHaveCSS('pointer-events', 'none');
      await expectPage(page.locator('mulot-panel')).toHaveCSS('opacity', '1');
      await target();
      await expectPage(panel.getByRole('button', { name: 'Recapturer' })).toBeVisible();
      if (auto) {
        await panel.getByText("Cliquer automatiquement sur l'élément").click();
        await expectPage(
          panel.getByRole('checkbox', { name: "Cliquer automatiquement sur l'élément" }),
        ).toBeChecked();
      }
      await panel.getByRole('button', { name: "Ajouter l'étape" }).click();
      await expectStepSaved(panel, 'Étape ajoutée avec succès');
    };

    // step 1 on the home page, auto-clicked: the pick does not follow the link
    await addStep(
      'Ouvrir les tarifs',
      'Cliquez sur « Voir les tarifs ».',
      () => page.getByRole('link', { name: 'Voir les tarifs' }).click(),
      true,
    );
    expect(new URL(page.url()).pathname).toBe('/');

    // steps 2 and 3 on another page: the panel comes back after the full page load
    await page.goto(`${rig.demo.url}/tarifs.html`);
    await expectPage(panel.getByRole('heading', { name: title })).toBeVisible();
    await addStep('Choisir l’offre Équipe', 'Cliquez sur « Choisir » sous Équipe.', () =>
      page.locator('button[data-plan="Équipe"]').click(),
    );
    await addStep('Nous contacter', 'Une question ? Passez par le contact.', () =>
      page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Contact' }).click(),
    );

    // someone else edits the step while it is open here: the save is refused, said, and the steps reload
    await panel.getByRole('button', { name: 'Étape 3 : Nous contacter' }).click();
    await expectPage(panel.getByLabel("Titre de l'étape")).toHaveValue('Nous contacter');
    const {
      items: [created],
    } = await rig.call<{ items: Array<{ id: string }> }>(
      'GET',
      `/projects/${projectId}/categories/${categoryId}/scenarios`,
    );
    const openScenario = await rig.call<{ steps: Array<Json> }>('GET', `/scenarios/${created?.id}`);
    const contact = openScenario.steps[2] as Json;
    const { id: contactId, name, text, extra, url, target, autoClick, onMissingTarget } = contact;
    await rig.call('PUT', `/scenarios/${created?.id}/steps/${contactId}`, {
      ...{ name, text: `${text} (relu)`, extra, url, target, autoClick, onMissingTarget },
    });
    await panel.getByLabel('Informations complémentaires (facultatif)').fill('Écrasé ?');
    await panel.getByRole('button', { name: "Mettre à jour l'étape" }).click();
    await expectPage(panel.getByRole('alert')).toHaveText(
      "Ce guide a été modifié par quelqu'un d'autre entre-temps. Il a été rechargé ; vos modifications n'ont pas été enregistrées.",
    );
    await expectPage(panel.getByRole('button', { name: 'Étape 3 : Nous contacter' })).toBeVisible();
    const kept = await rig.call<Json>('GET', `/scenarios/${created?.id}/steps/${contactId}`);
    expect([kept.text, kept.extra]).toEqual([`${text} (relu)`, extra]);

    // modify a step
    await panel.getByRole('button', { name: 'Étape 3 : Nous contacter' }).click();
    await panel.getByLabel('Informations complémentaires (facultatif)').fill('Réponse sous 24 h.');
    await panel.getByRole('button', { name: "Mettre à jour l'étape" }).click();
    await expectStepSaved(panel, 'Étape mise à jour avec succès');

    // re-order: move the last step up, then back down
    await panel.getByRole('button', { name: 'Monter : Nous contacter' }).click();
    await expectPage(panel.getByRole('listitem').nth(1)).toContainText('Étape 2 : Nous contacter');
    await panel.getByRole('button', { name: 'Descendre : Nous contacter' }).click();
    await expectPage(panel.getByRole('listitem').nth(2)).toContainText('Étape 3 : Nous contacter');

    // a step without target can be saved, then deleted
    await panel.getByRole('button', { name: 'Ajouter une étape' }).click();
    await panel.getByLabel("Titre de l'étape").fill('Temporaire');
    await panel.getByLabel('Action à effectuer').fill('À supprimer.');
    await panel.getByRole('button', { name: "Ajouter l'étape" }).click();
    await expectStepSaved(panel, 'Étape ajoutée avec succès');
    await expectPage(panel.getByText('Aucun élément cible défini pour cette étape.')).toBeVisible();
    // the deletion is confirmed in the panel with the design system's dialog, never the browser's own
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const deleteTemporary = panel.getByRole('button', { name: 'Supprimer : Temporaire' });
    const confirmDelete = panel.getByRole('alertdialog', { name: "Supprimer l'étape « Temporaire » ?" });
    await deleteTemporary.click();
    await expectPage(confirmDelete).toHaveAccessibleDescription(
      "Sa capture d'écran sera également supprimée. Cette action est irréversible.",
    );
    await expectPage(confirmDelete.getByRole('button', { name: 'Annuler' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    // Escape cancels: the step stays, and focus is back on its delete button
    await page.keyboard.press('Escape');
    await expectPage(confirmDelete).toBeHidden();
    await expectPage(deleteTemporary).toBeFocused();
    await expectPage(panel.getByRole('listitem')).toHaveCount(4);
    const withTemporary = await rig.call<{ steps: Array<Json> }>('GET', `/scenarios/${created?.id}`);
    expect(withTemporary.steps.map((s) => s.name)).toContain('Temporaire');
    // confirmed from the keyboard: the step is deleted and focus lands on the list's heading
    await page.keyboard.press('Enter');
    await expectPage(confirmDelete.getByRole('button', { name: 'Annuler' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expectPage(confirmDelete.getByRole('button', { name: 'Supprimer', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectPage(panel.getByRole('status')).toHaveText('Étape supprimée');
    await expectPage(panel.getByRole('listitem')).toHaveCount(3);
    await expectPage(panel.getByRole('heading', { name: 'Étapes', exact: true })).toBeFocused();
    expect(nativeDialogs).toEqual([]);

    // a prerequisite
    await panel.getByRole('button', { name: 'Ajouter un prérequis' }).click();
    await panel.getByLabel('Prérequis 1', { exact: true }).fill('Avoir un compte Bocal');
    await panel.getByRole('button', { name: 'Enregistrer les prérequis' }).click();
    await expectPage(panel.getByRole('status')).toHaveText('Prérequis enregistrés');

    // when it starts: by itself on this page, offered first by "Page actuelle" (the tab's page, not a step's)
    const start = panel.getByRole('region', { name: 'Démarrage' });
    await start.getByText('Automatique', { exact: true }).click();
    await start.getByRole('button', { name: 'Ajouter une page' }).click();
    await start.getByRole('combobox', { name: 'Page actuelle' }).click();
    await panel.getByRole('option', { name: 'Cette page — /tarifs.html' }).click();
    await expectPage(start.getByRole('textbox', { name: 'Page 1' })).toHaveValue('/tarifs.html');
    expect(await axeViolations(page)).toEqual([]);
    await start.getByRole('button', { name: 'Enregistrer le démarrage' }).click();
    await expectPage(panel.getByRole('status')).toHaveText('Démarrage du guide enregistré');
    // the save moved the guide's version: a write after it is not refused as stale
    await panel.getByLabel('Prérequis 1', { exact: true }).fill('Avoir un compte Bocal actif');
    await panel.getByRole('button', { name: 'Enregistrer les prérequis' }).click();
    await expectPage(panel.getByRole('status')).toHaveText('Prérequis enregistrés');
    // a single-page site's route: "Cette page" follows the tab's address
    await page.evaluate(() => history.pushState({}, '', '/offres/equipe'));
    await start.getByRole('combobox', { name: 'Page actuelle' }).click();
    await expectPage(panel.getByRole('option').first()).toHaveText('Cette page — /offres/equipe');
    await page.keyboard.press('Escape');
    await page.evaluate(() => history.back());

    const { items: scenarios } = await rig.call<{ items: Array<{ id: string }> }>(
      'GET',
      `/projects/${projectId}/categories/${categoryId}/scenarios`,
    );
    expect(scenarios).toHaveLength(1);
    const scenarioId = (scenarios[0] as { id: string }).id;
    const scenario = await rig.call<{ steps: Array<Json> }>('GET', `/scenarios/${scenarioId}`);
    expect(
      scenario.steps.map((s) => [s.name, s.autoClick, s.hasScreenshot, new URL(s.url as string).pathname]),
    ).toEqual([
      ['Ouvrir les tarifs', true, true, '/'],
      ['Choisir l’offre Équipe', false, true, '/tarifs.html'],
      ['Nous contacter', false, true, '/tarifs.html'],
    ]);
    // the other tests play these targets (test/fixtures/choisir-une-offre.json): when the picker describes
    // elements differently, copy the steps' targets of this guide there
    expect(scenario.steps.map((s) => s.target)).toEqual(recorded.steps.map((s) => s.target));
    expect(scenario.steps[2]?.extra).toBe('Réponse sous 24 h.');
    expect((scenario as unknown as { prerequisites: Json[] }).prerequisites).toMatchObject([
      { text: 'Avoir un compte Bocal actif', scenarioId: null },
    ]);
    expect(await rig.call<Json>('GET', `/scenarios/${scenarioId}/start-rule`)).toMatchObject({
      startRule: { mode: 'automatic', pages: ['/tarifs.html'], frequency: 'once' },
    });
    expect(logged).toEqual([]);
    await page.close();
    await backOffice.close();
  });

  it('plays the published guide in reader mode to the congratulations screen and records the run', async () => {
    const member = await newAuthor('play');
    const { user, projectId } = member;
    const scenarioId = (await recordedGuide(member)).id;
    // a draft is not in the catalogue
    const early = await rig.context.newPage();
    await early.goto(`${rig.api.url}/api/docs`);
    const openedEarly = nextSitePage();
    expect(await rig.launchAllowing(early, { mode: 'reader', url: rig.demo.url })).toMatchObject({
      ok: true,
    });
    const catalogueTab = await openedEarly;
    await expectPage(catalogueTab.locator('mulot-panel')).toContainText(
      `Aucun guide disponible pour ${new URL(rig.demo.url).host}`,
    );
    await catalogueTab.close();
    await early.close();

    // published in the back-office, as the author would: the scenario screen's publish button
    const author = await rig.context.newPage();
    await author.goto(`${rig.api.url}/auth/login`);
    await author.evaluate(
      (session) => {
        localStorage.setItem('token', session.token);
        localStorage.setItem('user', JSON.stringify(session.user));
        localStorage.setItem('organizationId', session.org);
      },
      { token: rig.token, user, org: rig.org },
    );
    await author.goto(`${rig.api.url}/app/projects/${projectId}/scenarios/${scenarioId}`);
    await author.getByRole('button', { name: 'Publier', exact: true }).click();
    await expectPage(author.getByRole('button', { name: 'Mettre en brouillon' })).toBeVisible();
    expect((await rig.call<{ status: string }>('GET', `/scenarios/${scenarioId}`)).status).toBe('published');
    await author.close();
    const before = await rig.call<{ counts: { guidesLaunched30d: number } }>('GET', '/dashboard');
    expect(before.counts.guidesLaunched30d).toBe(0);

    const backOffice = await rig.context.newPage();
    await backOffice.goto(`${rig.api.url}/api/docs`);
    const opened = nextSitePage();
    expect(await rig.launchAllowing(backOffice, { mode: 'reader', url: rig.demo.url })).toMatchObject({
      ok: true,
    });
    const page = await opened;
    await expectPage(page).toHaveURL(`${rig.demo.url}/`);
    const runCalls = recordRunCalls();

    // the catalogue of the domain
    const panel = page.locator('mulot-panel');
    await expectPage(panel.getByRole('heading', { name: 'Guides disponibles' })).toBeVisible();
    await panel.getByRole('button', { name: `Lancer le guide « ${title} »` }).click();
    await expectPage(panel).toContainText(
      'Vous devez compléter les prérequis suivants avant de commencer ce guide :',
    );
    await expectPage(panel).toContainText('Avoir un compte Bocal');
    await panel.getByRole('button', { name: 'Commencer le guide' }).click();

    // step 1 auto-clicks "Voir les tarifs": a full page load, and the run goes on
    const card = page.getByRole('dialog');
    await expectPage(card).toContainText('Étape 1 sur 3');
    // nothing is done yet on the first step (the progress used to run one step ahead)
    await expectPage(card).toContainText('0 % terminé');
    await expectPage(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await expectPage(page).toHaveURL(`${rig.demo.url}/tarifs.html`);
    await expectPage(card).toContainText('Étape 2 sur 3');
    await expectPage(card.getByRole('heading', { name: 'Choisir l’offre Équipe' })).toBeVisible();
    await expectPage(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Suivant' }).click();
    await expectPage(card).toContainText('Étape 3 sur 3');
    await expectPage(card).toContainText('67 % terminé');
    await expectPage(card).toContainText('Réponse sous 24 h.');
    await card.getByRole('button', { name: 'Précédent' }).click();
    await expectPage(card).toContainText('Étape 2 sur 3');
    await card.getByRole('button', { name: 'Suivant' }).click();
    await card.getByRole('button', { name: 'Terminer' }).click();
    await expectPage(panel.getByRole('heading', { name: 'Félicitations !' })).toBeVisible();
    await expectPage(panel).toContainText(`Vous avez terminé le guide « ${title} ».`);
    expect(await axeViolations(page)).toEqual([]);

    // the run counts as a guide launched on the dashboard, today
    const after = await rig.call<{
      counts: { guidesLaunched30d: number };
      activity: Array<{ guidesLaunched: number }>;
    }>('GET', '/dashboard');
    expect(after.counts.guidesLaunched30d).toBe(1);
    expect(after.activity.at(-1)?.guidesLaunched).toBe(1);
    // recorded by the extension: started at launch, each step as it is done, completed at the end, no step in trouble
    expect(runCalls.map((c) => [c.method, c.body])).toEqual([
      ['POST', { status: 'started', url: `${rig.demo.url}/`, stepsCompleted: 0 }],
      ['PATCH', { stepsCompleted: 1 }],
      ['PATCH', { stepsCompleted: 2 }],
      ['PATCH', { status: 'completed', stepsCompleted: 3 }],
    ]);

    await panel.getByRole('button', { name: "Retour à l'accueil" }).click();

    // Escape leaves a guide: the run is recorded as abandoned
    await panel.getByRole('button', { name: `Lancer le guide « ${title} »` }).click();
    await panel.getByRole('button', { name: 'Commencer le guide' }).click();
    await expectPage(card).toContainText('Étape 2 sur 3');
    await page.keyboard.press('Escape');
    await expectPage(panel.getByRole('button', { name: `Lancer le guide « ${title} »` })).toBeVisible();
    await expectPage(card).toHaveCount(0);
    await expectPage.poll(() => runCalls.at(-1)?.body).toEqual({ status: 'abandoned', stepsCompleted: 1 });

    // the assistant: a task no guide answers gets none; a described (misspelt) task finds the guide, which plays
    const prompt = panel.getByRole('textbox', { name: 'Décrivez ce que vous voulez faire' });
    await prompt.fill('réserver un vol pour Rome');
    await panel.getByRole('button', { name: 'Trouver un guide' }).click();
    await expectPage(panel).toContainText('Aucun guide ne correspond à votre demande');
    await prompt.fill('choisir une ofre');
    await prompt.press('Enter');
    const suggested = panel.getByRole('region', { name: 'Guides proposés' });
    await expectPage(suggested.getByRole('listitem')).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    await suggested.getByRole('button', { name: `Lancer le guide « ${title} »` }).click();
    await expectPage(panel.getByRole('button', { name: 'Commencer le guide' })).toBeVisible();
    await page.close();
    await backOffice.close();
  });

  it('reports a step whose target is gone and shows it unanchored with its screenshot', async () => {
    const scenario = await recordedGuide(await newAuthor('gone'));
    const scenarioId = scenario.id;
    await rig.call('PATCH', `/scenarios/${scenarioId}/status`, { status: 'published' });
    // the site changed: step 3's element no longer exists (its author chose a 1 s wait, then unanchored)
    const last = scenario.steps[2] as Json & { id: string };
    await rig.call('PUT', `/scenarios/${scenarioId}/steps/${last.id}`, {
      name: last.name,
      text: last.text,
      extra: last.extra,
      url: last.url,
      autoClick: false,
      onMissingTarget: { waitSeconds: 1, fallback: 'unanchored' },
      target: {
        version: 1,
        tag: 'output',
        attributes: { 'data-testid': 'gone' },
        name: 'Disparu',
        css: 'main > output#gone',
        fingerprint: { index: 0, siblings: 0, ancestors: [{ tag: 'main' }] },
      },
    });

    // launched on this very guide from the back-office
    const backOffice = await rig.context.newPage();
    await backOffice.goto(`${rig.api.url}/api/docs`);
    const opened = nextSitePage();
    expect(
      await rig.launchAllowing(backOffice, {
        mode: 'reader',
        url: `${rig.demo.url}/tarifs.html`,
        scenarioId,
      }),
    ).toMatchObject({
      ok: true,
    });
    const page = await opened;
    const runCalls = recordRunCalls();
    const panel = page.locator('mulot-panel');
    await panel.getByRole('button', { name: 'Commencer le guide' }).click();
    // step 1 is on the home page: the runner goes there, auto-clicks, and comes back to the pricing page
    const card = page.getByRole('dialog');
    await expectPage(card).toContainText('Étape 2 sur 3');
    await card.getByRole('button', { name: 'Suivant' }).click();
    await expectPage(card).toContainText("L'élément de cette étape est introuvable sur la page.");
    await expectPage(card.getByRole('img', { name: "Capture d'écran de l'étape" })).toBeVisible();
    await card.getByRole('button', { name: 'Terminer' }).click();
    await expectPage(panel.getByRole('heading', { name: 'Félicitations !' })).toBeVisible();

    const issues = runCalls.flatMap((c) => (c.body?.stepIssues as Json[] | undefined) ?? []);
    expect(issues).toEqual([
      {
        stepId: last.id,
        outcome: 'not-found',
        confidence: null,
        url: `${rig.demo.url}/tarifs.html`,
        // the finder's rule that decided, which guide health shows beside the step
        reason: 'target-gone',
      },
    ]);
    expect(runCalls.at(-1)?.body).toEqual({ status: 'completed', stepsCompleted: 3 });
    const dashboard = await rig.call<{ counts: { guidesLaunched30d: number } }>('GET', '/dashboard');
    expect(dashboard.counts.guidesLaunched30d).toBe(1);
    await page.close();

    // the author opens the creator on that step (no url: the step's page) and recaptures its target
    const openedCreator = nextSitePage();
    expect(
      await rig.launchAllowing(backOffice, { mode: 'creator', scenarioId, stepId: last.id }),
    ).toMatchObject({
      ok: true,
    });
    const creator = await openedCreator;
    await expectPage(creator).toHaveURL(`${rig.demo.url}/tarifs.html`);
    const editor = creator.locator('mulot-panel');
    await expectPage(editor.getByRole('heading', { name: "Modifier l'étape 3" })).toBeVisible();
    await expectPage(editor.getByText('« Disparu »')).toBeVisible();
    // the capture saved with the step, for the author to see what the step showed
    await expectPage(
      editor.getByRole('img', { name: "Capture d'écran de la page au moment de la capture" }),
    ).toBeVisible();
    await editor.getByRole('button', { name: 'Recapturer' }).click();
    await creator
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Contact' })
      .click();
    await editor.getByRole('button', { name: "Mettre à jour l'étape" }).click();
    await expectPage(editor.getByRole('status')).toHaveText('Étape mise à jour avec succès');
    const mended = await rig.call<{ steps: Array<{ target: { tag: string } }> }>(
      'GET',
      `/scenarios/${scenarioId}`,
    );
    expect(mended.steps[2]?.target.tag).toBe('a');
    await creator.close();
    await backOffice.close();
  });

  it('plays a guide across the client-side routes of a single-page application without reloading', async () => {
    const { projectId, categoryId } = await newAuthor('spa');
    const backOffice = await rig.context.newPage();
    await backOffice.goto(`${rig.api.url}/api/docs`);
    const openedCreator = nextSitePage();
    expect(
      await rig.launchAllowing(backOffice, {
        mode: 'creator',
        url: `${rig.demo.url}/app/`,
        projectId,
        categoryId,
      }),
    ).toMatchObject({
      ok: true,
    });
    const page = await openedCreator;
    await expectPage(page).toHaveURL(`${rig.demo.url}/app/`);
    const panel = page.locator('mulot-panel');
    await panel.getByLabel('Titre').fill('Créer un projet');
    await panel
      .getByLabel("Description pour l'utilisateur")
      .fill('Ouvrir la liste des projets et en créer un.');
    await panel
      .getByLabel('Résumé pour le modèle (LLM)')
      .fill('Espace client : Projets puis Nouveau projet.');
    await panel.getByLabel('Durée minimale (minutes)').fill('1');
    await panel.getByLabel('Durée maximale (minutes)').fill('2');
    await panel.getByRole('button', { name: 'Créer et passer aux étapes' }).click();
    await expectPage(panel.getByRole('heading', { name: 'Créer un projet' })).toBeVisible();
    const appNav = page.getByRole('navigation', { name: 'Menu de l’application' });
    const add = async (name: string, target: () => Promise<void>) => {
      await panel.getByRole('button', { name: 'Ajouter une étape' }).click();
      await panel.getByLabel("Titre de l'étape").fill(name);
      await panel.getByLabel('Action à effectuer').fill(name);
      await panel.getByRole('button', { name: 'Capturer un élément' }).click();
      await target();
      await panel.getByRole('button', { name: "Ajouter l'étape" }).click();
      await expectStepSaved(panel, 'Étape ajoutée avec succès');
    };
    await add('Ouvrir les projets', () => appNav.getByRole('link', { name: 'Projets' }).click());
    // a client-side route: the panel stays, the author carries on
    await appNav.getByRole('link', { name: 'Projets' }).click();
    await expectPage(page).toHaveURL(`${rig.demo.url}/app/projets`);
    await add('Nouveau projet', () => page.getByTestId('new-project').click());
    const { items: guides } = await rig.call<{ items: Array<{ id: string; title: string }> }>(
      'GET',
      `/projects/${projectId}/categories/${categoryId}/scenarios`,
    );
    const spaGuide = guides.find((g) => g.title === 'Créer un projet') as { id: string };
    await rig.call('PATCH', `/scenarios/${spaGuide.id}/status`, { status: 'published' });
    await page.close();

    const openedReader = nextSitePage();
    expect(
      await rig.launchAllowing(backOffice, {
        mode: 'reader',
        url: `${rig.demo.url}/app/`,
        scenarioId: spaGuide.id,
      }),
    ).toMatchObject({ ok: true });
    const reader = await openedReader;
    await expectPage(reader).toHaveURL(`${rig.demo.url}/app/`);
    const card = reader.getByRole('dialog');
    await expectPage(card).toContainText('Étape 1 sur 2');
    // the step is anchored once its target is found (until then it says it is looking for it)
    await expectPage(card).not.toContainText("Recherche de l'élément sur la page...");
    await reader.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    // the user does the step themselves: the guide moves on with the route
    await reader
      .getByRole('navigation', { name: 'Menu de l’application' })
      .getByRole('link', { name: 'Projets' })
      .click();
    await expectPage(card).toContainText('Étape 2 sur 2');
    expect(new URL(reader.url()).pathname).toBe('/app/projets');
    expect(await reader.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await card.getByRole('button', { name: 'Terminer' }).click();
    await expectPage(
      reader.locator('mulot-panel').getByRole('heading', { name: 'Félicitations !' }),
    ).toBeVisible();
    await reader.close();
    await backOffice.close();
  });

  it('lets the user sign in from the popup when not launched from the back-office', async () => {
    // the back-office hands its session over with a launch (without an email)
    const { author, page, backOffice } = await readerOnPublishedGuide('popup');
    const { email } = author;
    await page.close();
    await backOffice.close();

    const extensionId = await rig.extensionId();
    const popup = await rig.context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    // the popup still says who is signed in
    await expectPage(popup.getByText(`Connecté : ${email}`)).toBeVisible();
    await popup.getByRole('button', { name: 'Se déconnecter' }).click();
    await popup.getByRole('button', { name: 'Se connecter' }).click();
    await expectPage(popup.getByText("L'email est requis")).toBeVisible();
    await expectPage(popup.getByText('Le mot de passe est requis')).toBeVisible();
    await popup.getByLabel("Adresse de l'API").fill(`${rig.api.url}/api`);
    await popup.getByLabel('Email', { exact: true }).fill(email);
    await popup.getByLabel('Mot de passe', { exact: true }).fill('wrong password');
    await popup.getByRole('button', { name: 'Se connecter' }).click();
    await expectPage(popup.getByRole('alert')).not.toBeEmpty();
    await popup.getByLabel('Mot de passe', { exact: true }).fill(password);
    await popup.getByRole('button', { name: 'Se connecter' }).click();
    await expectPage(popup.getByText(`Connecté : ${email}`)).toBeVisible();
    // the popup page itself is the active tab here: no site to list guides for
    await expectPage(popup.getByText('Ouvrez un site web pour voir ses guides.')).toBeVisible();

    // over a customer's page the popup offers the assistant beside the site's guides, and launches what it finds
    const site = await rig.context.newPage();
    await site.goto(`${rig.demo.url}/tarifs.html`);
    await site.bringToFront();
    await popup.reload();
    const prompt = popup.getByRole('textbox', { name: 'Décrivez ce que vous voulez faire' });
    await prompt.fill('choisir une ofre');
    await prompt.press('Enter');
    const suggested = popup.getByRole('region', { name: 'Guides proposés' });
    await expectPage(suggested.getByRole('listitem')).toHaveCount(1);
    expect(await axeViolations(popup)).toEqual([]);
    await suggested.getByRole('button', { name: `Lancer le guide « ${title} »` }).click();
    const panel = site.locator('mulot-panel');
    await expectPage(panel.getByRole('button', { name: 'Commencer le guide' })).toBeVisible();
    await site.close();
    if (!popup.isClosed()) await popup.close();
  });

  it('says when the session has ended, in the panel and the popup, and comes back once signed in again', async () => {
    const { author, page, backOffice } = await readerOnPublishedGuide('expired');
    const panel = page.locator('mulot-panel');
    await expectPage(panel.getByRole('button', { name: `Lancer le guide « ${title} »` })).toBeVisible();

    // the member changes their password in the back-office: every session signed in before it ends
    const newPassword = 'battery staple 2';
    const session = await rig.call<{ jwt: string }>('POST', '/auth/change-password', {
      currentPassword: password,
      newPassword,
    });
    rig.token = session.jwt;

    // the panel's next request is refused: it says so, not "check your connection", and offers to sign in again
    await panel.getByRole('button', { name: `Lancer le guide « ${title} »` }).click();
    await expectPage(panel.getByRole('alert')).toHaveText('Votre session a expiré. Reconnectez-vous.');
    await expectPage(panel).not.toContainText('Veuillez vérifier votre connexion');
    const signInOpened = rig.context.waitForEvent('page', {
      predicate: (p) => p.url().endsWith('/popup.html'),
    });
    await panel.getByRole('button', { name: 'Se reconnecter' }).click();
    const popup = await signInOpened;
    // the sign-in form, saying why it is back (no "Connecté : …" beside failing lists)
    await expectPage(popup.getByRole('alert')).toHaveText('Votre session a expiré. Reconnectez-vous.');
    await expectPage(popup.getByText(`Connecté : ${author.email}`)).toHaveCount(0);
    await popup.getByLabel('Email', { exact: true }).fill(author.email);
    await popup.getByLabel('Mot de passe', { exact: true }).fill(newPassword);
    await popup.getByRole('button', { name: 'Se connecter' }).click();
    await expectPage(popup.getByText(`Connecté : ${author.email}`)).toBeVisible();
    await popup.close();

    // the guide's tab has its panel back, signed in
    await expectPage(panel).not.toContainText('Votre session a expiré');
    await panel.getByRole('button', { name: `Lancer le guide « ${title} »` }).click();
    await expectPage(panel.getByRole('button', { name: 'Commencer le guide' })).toBeVisible();
    await page.close();
    await backOffice.close();
  });
});
