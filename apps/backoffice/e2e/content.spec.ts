import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  confirmedAccount,
  expectNoAxeViolations,
  guide,
  launchesSent,
  login,
  sessionApi,
  standInExtension,
} from './support';

async function signedIn(page: Page, request: APIRequestContext, label: string) {
  const { email, password } = await confirmedAccount(request, label);
  await login(page, email, password);
  return sessionApi(page, request);
}

test('projects: validation on blur, create in the current organization, badges, search, edit, delete with its cascade', async ({
  page,
  request,
}) => {
  const server = await signedIn(page, request, 'projects');
  await page.getByRole('link', { name: 'Vos projets' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vos projets' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Aucun projet' })).toBeVisible();

  await page.getByRole('button', { name: 'Nouveau projet' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau projet' });
  const name = dialog.getByRole('textbox', { name: /Nom du projet/ });
  await name.focus();
  await name.blur();
  await expect(dialog.getByText('Le nom du projet est requis')).toBeVisible();
  await name.fill('Boutique');
  await expect(dialog.getByText('Le nom du projet est requis')).toBeHidden();
  await dialog.getByRole('button', { name: 'Créer le projet' }).click();
  await expect(dialog.getByText('Ajoutez au moins un site')).toBeVisible();
  // The contract's limit, said in French on the field (not zod's "Too big: expected string…").
  await name.fill('x'.repeat(201));
  await expect(name).toHaveAccessibleErrorMessage('Ce champ ne peut pas dépasser 200 caractères.');
  await name.fill('Boutique');
  const site = dialog.getByRole('textbox', { name: /^Sites/ });
  // Sites are http(s) origins: anything else is refused on the field, before any request.
  for (const [typed, message] of [
    ['pas une url', 'Veuillez entrer une adresse de site valide (ex. : www.exemple.fr)'],
    ['javascript:alert(1)', 'Seules les adresses http:// et https:// sont acceptées'],
  ] as const) {
    await site.fill(typed);
    await site.press('Enter');
    await expect(site).toHaveAccessibleErrorMessage(message);
  }
  // Spec §5: https:// is added when there is no scheme, and the origin is what the list keeps.
  await site.fill('  shop.example.com/panier  ');
  await site.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Sites du projet' })).toHaveText('https://shop.example.com');
  await site.fill('shop.example.com');
  await dialog.getByRole('button', { name: 'Ajouter' }).click();
  await expect(dialog.getByText('Ce site est déjà dans la liste')).toBeVisible();
  await site.fill('');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Parcours de commande');
  await dialog.getByRole('button', { name: 'Créer le projet' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('project-card').filter({ hasText: 'Boutique' });
  await expect(card).toContainText('En préparation');
  const created = (
    (await (await server.get('/projects')).json()) as {
      items: Array<{ id: string; name: string; sites: string[] }>;
    }
  ).items;
  // Stored as its origin (spec §5: https:// added), the path dropped.
  expect(created.map((p) => [p.name, p.sites])).toEqual([['Boutique', ['https://shop.example.com']]]);
  const projectId = created[0]?.id as string;

  // Badges follow the scenario count (spec §4): 1 → "En développement", 4 → "Actif".
  const category = await server.post(`/projects/${projectId}/categories`, { name: 'Commande' });
  await server.post(`/projects/${projectId}/categories/${category.id}/scenarios`, guide);
  await page.reload();
  await expect(card).toContainText('En développement');
  for (let i = 0; i < 3; i++)
    await server.post(`/projects/${projectId}/categories/${category.id}/scenarios`, {
      ...guide,
      title: `G${i}`,
    });
  await page.reload();
  await expect(card).toContainText('Actif');
  const stats = page.getByLabel('Statistiques des projets');
  await expect(stats).toContainText('Total des projets1');
  await expect(stats).toContainText('Avec scénarios1');
  await expect(stats).toContainText('Modifiés ces 7 derniers jours1');

  await server.post('/projects', { name: 'Intranet', description: 'Outils RH', sites: ['rh.example.com'] });
  await page.reload();
  const search = page.getByRole('searchbox', { name: 'Rechercher un projet' });
  await search.fill('rh');
  await expect(page.getByTestId('project-card')).toHaveCount(1);
  await expect(page.getByTestId('project-card')).toContainText('Intranet');
  await search.fill('zzz');
  await expect(page.getByRole('heading', { name: 'Aucun résultat' })).toBeVisible();
  await page.getByRole('button', { name: 'Effacer la recherche' }).last().click();
  await expect(page.getByTestId('project-card')).toHaveCount(2);

  await page.getByRole('button', { name: 'Actions pour Boutique' }).click();
  await page.getByRole('menuitem', { name: 'Modifier' }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le projet' });
  await expect(edit.getByRole('textbox', { name: /Nom du projet/ })).toHaveValue('Boutique');
  await edit.getByRole('textbox', { name: /Nom du projet/ }).fill('Boutique v2');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId('project-card').filter({ hasText: 'Boutique v2' })).toBeVisible();

  await page.getByRole('button', { name: 'Actions pour Boutique v2' }).click();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer le projet « Boutique v2 » ?' });
  await expect(confirm).toContainText(
    'Toutes ses catégories, leurs scénarios et leurs étapes seront également supprimés.',
  );
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('project-card')).toHaveCount(1);
  expect((await server.get(`/projects/${projectId}`)).status()).toBe(404);
  expect((await server.get(`/projects/${projectId}/categories/${category.id}`)).status()).toBe(404);

  // A deleted (or mistyped) record is not an outage: a state of its own, asked for once, nothing to retry.
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api/projects/${projectId}`) asked.push(r.url());
  });
  await page.goto(`/app/projects/${projectId}`);
  const missing = page.getByTestId('record-not-found');
  await expect(missing.getByRole('heading', { level: 1, name: 'Projet introuvable' })).toBeVisible();
  await expect(missing).toContainText("Ce projet n'existe pas ou a été supprimé.");
  await expect(page.getByRole('button', { name: 'Réessayer' })).toHaveCount(0);
  await expect(page.getByText(/connexion/)).toHaveCount(0);
  await page.goto(`/app/projects/${projectId}/categories/${category.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Catégorie introuvable' })).toBeVisible();
  await page.goto(`/app/projects/${projectId}`);
  await missing.getByRole('link', { name: 'Retour aux projets' }).click();
  await expect(page).toHaveURL(/\/app\/projects$/);
  expect(asked).toHaveLength(2);
});

test('projects: one request per visit, the first 24 by name, "Voir plus" for the rest, the search asked of the server', async ({
  page,
  request,
}) => {
  const server = await signedIn(page, request, 'many-projects');
  // Thirty projects, created in reverse so that the page's order is the name's, not the creation's.
  for (let i = 30; i >= 1; i--)
    await server.post('/projects', {
      name: `Projet ${String(i).padStart(2, '0')}`,
      description: i === 7 ? 'Équipe comptable' : '',
      sites: ['shop.example.com'],
    });
  const lists: URL[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (sent.method() === 'GET' && url.pathname === '/api/projects') lists.push(url);
  });
  await page.getByRole('link', { name: 'Vos projets' }).first().click();
  const cards = page.getByTestId('project-card');
  await expect(cards).toHaveCount(24);
  await expect(cards.first()).toContainText('Projet 01');
  await expect(cards.last()).toContainText('Projet 24');
  await expect(page.getByLabel('Statistiques des projets')).toContainText('Total des projets30');
  // The loader's answer is what the screen shows: not asked a second time when it mounts.
  await page.waitForTimeout(500);
  expect(lists).toHaveLength(1);

  await page.getByRole('button', { name: 'Voir plus' }).click();
  await expect(cards).toHaveCount(30);
  await expect(cards.last()).toContainText('Projet 30');
  await expect(page.getByRole('button', { name: 'Voir plus' })).toBeHidden();
  expect(lists).toHaveLength(2);
  expect(lists[1]?.searchParams.get('cursor')).toBeTruthy();

  // Typed quickly, asked once the typing pauses; accents and case do not matter.
  await page
    .getByRole('searchbox', { name: 'Rechercher un projet' })
    .pressSequentially('EQUIPE', { delay: 30 });
  // (a busy machine may pause mid-word: "EQ" already finds it, and the whole word is asked after)
  const searches = () => lists.filter((url) => url.searchParams.has('q'));
  await expect.poll(() => searches().at(-1)?.searchParams.get('q')).toBe('EQUIPE');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Projet 07');
  // Not one request per key (six keys): the box waits for the typing to pause.
  expect(searches().length).toBeLessThan(3);
  await expectNoAxeViolations(page);
});

test('categories and guides: create, edit, publish, unpublish, delete with cascades; create guide needs a site', async ({
  page,
  request,
}) => {
  // The whole authoring journey in one test: longer than the default budget on a 2-core machine.
  test.setTimeout(120_000);
  const server = await signedIn(page, request, 'guides');
  const project = await server.post('/projects', { name: 'Boutique', sites: ['shop.example.com'] });
  await page.goto(`/app/projects/${project.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Boutique' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: "Fil d'Ariane" })).toContainText('Vos projets');

  await page.getByRole('button', { name: 'Nouvelle catégorie' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Nouvelle catégorie' });
  await dialog.getByRole('textbox', { name: /Nom de la catégorie/ }).focus();
  await dialog.getByRole('textbox', { name: /Nom de la catégorie/ }).blur();
  await expect(dialog.getByText('Le nom de la catégorie est requis')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Nom de la catégorie/ }).fill('Commande');
  await dialog.getByRole('button', { name: 'Créer la catégorie' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('category-card')).toContainText('Vide');

  await page.getByRole('button', { name: 'Actions pour Commande' }).click();
  await page.getByRole('menuitem', { name: 'Modifier' }).click();
  dialog = page.getByRole('dialog', { name: 'Modifier la catégorie' });
  await dialog.getByRole('textbox', { name: /Nom de la catégorie/ }).fill('Achats');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Achats' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Achats' })).toBeVisible();

  // Guide creation: spec §5 messages on blur, then the creating state goes on to the steps. The empty category
  // offers the page's action again in its empty state: both lead to the same form.
  await page.getByRole('link', { name: 'Créer un guide' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau guide' })).toBeVisible();
  for (const [field, message] of [
    [page.getByRole('textbox', { name: /Titre/ }), 'Le titre est requis'],
    [page.getByRole('textbox', { name: /Description pour/ }), 'La description est requise'],
    [page.getByRole('textbox', { name: /Résumé pour/ }), 'Le résumé est requis'],
    [page.getByRole('spinbutton', { name: /Durée minimale/ }), 'La durée minimale est requise'],
    [page.getByRole('spinbutton', { name: /Durée maximale/ }), 'La durée maximale est requise'],
  ] as const) {
    await field.focus();
    await field.blur();
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByRole('textbox', { name: /Titre/ }).fill(guide.title);
  await page.getByRole('textbox', { name: /Description pour/ }).fill(guide.description);
  await page.getByRole('textbox', { name: /Résumé pour/ }).fill(guide.summary);
  await page.getByRole('spinbutton', { name: /Durée minimale/ }).fill('5');
  await page.getByRole('spinbutton', { name: /Durée maximale/ }).fill('10');
  await page.getByRole('button', { name: 'Créer et passer aux étapes' }).click();
  // On to the steps: the creator is offered; without the extension the page says how to install it.
  const launch = page.getByRole('dialog', { name: "Ouvrir l'éditeur d'étapes" });
  await expect(launch.getByRole('alert')).toContainText(
    "L'extension Mulot n'est pas installée dans ce navigateur",
  );
  await expect(launch.getByRole('button', { name: 'Lancer' })).toBeDisabled();
  await launch.getByRole('button', { name: 'Annuler' }).click();

  await expect(page.getByRole('heading', { level: 1, name: guide.title })).toBeVisible();
  const absent = page.getByRole('note');
  await expect(absent).toContainText("L'extension Mulot n'est pas installée dans ce navigateur");
  // A first-run path: the product's own package, saved under its versioned name, then three steps.
  await expect(absent.getByRole('listitem')).toHaveCount(3);
  const download = page.waitForEvent('download');
  await absent.getByRole('link', { name: "Télécharger l'extension" }).click();
  expect((await download).suggestedFilename()).toBe('mulot-extension-0.0.1.zip');
  await expect(page.getByRole('main')).toContainText('Aucune étape');
  await expect(page.getByRole('main')).toContainText('5-10 min');
  await expect(page.getByRole('heading', { name: 'Ce guide ne contient aucune étape' })).toBeVisible();
  const scenarioId = new URL(page.url()).pathname.split('/').pop() as string;

  // A guide is published only with steps, each with its target: the reason shows before any click.
  const publish = page.getByRole('button', { name: 'Publier' });
  await expect(publish).toBeDisabled();
  await expect(publish).toHaveAccessibleDescription(
    'Ajoutez au moins une étape pour pouvoir publier ce guide.',
  );
  const firstStep = await server.post(`/scenarios/${scenarioId}/steps`, {
    name: 'Accueil',
    text: 'Ouvrez la boutique',
    url: 'https://shop.example.com/',
  });
  await page.reload();
  await expect(publish).toBeDisabled();
  await expect(publish).toHaveAccessibleDescription(
    'Chaque étape doit avoir un élément cible pour pouvoir publier ce guide.',
  );
  // …and on the step that lacks it
  const stepButton = page.getByRole('button', { name: /Étape 1 : Accueil/ });
  await expect(stepButton).toContainText('Aucun élément cible défini pour cette étape.');
  await server.call('PUT', `/scenarios/${scenarioId}/steps/${firstStep.id}`, {
    name: 'Accueil',
    text: 'Ouvrez la boutique',
    url: 'https://shop.example.com/',
    target: { selector: '#shop' },
  });
  await page.reload();
  await expect(publish).toBeEnabled();
  await expect(stepButton).not.toContainText('Aucun élément cible défini pour cette étape.');
  await publish.click();
  await expect(page.getByRole('button', { name: 'Mettre en brouillon' })).toBeVisible();
  expect(((await (await server.get(`/scenarios/${scenarioId}`)).json()) as { status: string }).status).toBe(
    'published',
  );
  await page.getByRole('button', { name: 'Mettre en brouillon' }).click();
  await expect(page.getByRole('button', { name: 'Publier' })).toBeVisible();
  expect(((await (await server.get(`/scenarios/${scenarioId}`)).json()) as { status: string }).status).toBe(
    'draft',
  );

  await page.getByRole('link', { name: 'Modifier', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modifier le guide' })).toBeVisible();
  await page.getByRole('textbox', { name: /Titre/ }).fill('Commander en ligne');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Commander en ligne' })).toBeVisible();

  // Steps cascade with their scenario.
  const step = await server.post(`/scenarios/${scenarioId}/steps`, {
    name: 'Ouvrir le panier',
    text: 'Cliquez sur le panier',
    url: 'https://shop.example.com/cart',
  });
  await page.reload();
  await expect(page.getByRole('button', { name: /Étape 2 : Ouvrir le panier/ })).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer le guide « Commander en ligne » ?' });
  await expect(confirm).toContainText('Toutes ses étapes et leurs médias seront également supprimés.');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Achats' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Aucun guide' })).toBeVisible();
  expect((await server.get(`/scenarios/${scenarioId}`)).status()).toBe(404);
  expect((await server.get(`/scenarios/${scenarioId}/steps/${step.id}`)).status()).toBe(404);
  // The deleted guide's page, reopened: not found, not an outage.
  const categoryUrl = page.url();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Guide introuvable' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Réessayer' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Retour au projet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Boutique' })).toBeVisible();
  await page.goto(categoryUrl);

  // Deleting the category takes its guides (and their steps) with it.
  const categoryId = new URL(page.url()).pathname.split('/').pop() as string;
  const other = await server.post(`/projects/${project.id}/categories/${categoryId}/scenarios`, guide);
  await page.reload();
  await page.getByRole('button', { name: 'Supprimer la catégorie' }).click();
  const confirmCategory = page.getByRole('alertdialog', { name: 'Supprimer la catégorie « Achats » ?' });
  await expect(confirmCategory).toContainText(
    'Tous ses scénarios et leurs étapes seront également supprimés.',
  );
  await confirmCategory.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Boutique' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Aucune catégorie' })).toBeVisible();
  expect((await server.get(`/scenarios/${other.id}`)).status()).toBe(404);
  expect((await server.get(`/projects/${project.id}/categories/${categoryId}`)).status()).toBe(404);

  // Without a site, no guide can be created (spec §2).
  const bare = await server.post(`/projects/${project.id}/categories`, { name: 'Compte' });
  expect((await server.put(`/projects/${project.id}`, { name: 'Boutique', sites: [] })).ok()).toBe(true);
  await page.goto(`/app/projects/${project.id}/categories/${bare.id}`);
  // the page's action and the empty category's one alike
  const create = page.getByRole('button', { name: 'Créer un guide' });
  await expect(create.first()).toBeDisabled();
  await expect(create.last()).toBeDisabled();
  await expect(page.getByText('Ajoutez un site au projet pour pouvoir créer un guide.')).toBeVisible();
});

test('extension launch: a site is picked first, the message carries the session and an https url', async ({
  page,
  request,
}) => {
  const server = await signedIn(page, request, 'launch');
  const project = await server.post('/projects', {
    name: 'Boutique',
    sites: ['shop.example.com', 'https://b.example.com'],
  });
  const category = await server.post(`/projects/${project.id}/categories`, { name: 'Commande' });
  const scenario = await server.post(`/projects/${project.id}/categories/${category.id}/scenarios`, guide);
  await standInExtension(page);
  await page.getByRole('link', { name: 'Vos projets' }).first().click();
  await page.getByRole('link', { name: 'Boutique' }).click();
  await page.getByRole('link', { name: 'Commande' }).click();
  await page.getByRole('link', { name: guide.title }).click();

  await page.getByRole('button', { name: 'Lancer', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Lancer le guide' });
  await expect(dialog.getByRole('alert')).toContainText("Impossible de lancer l'extension");
  await expect(dialog.getByRole('alert')).toContainText('Ce guide ne contient aucune étape');
  await dialog.getByRole('button', { name: 'Annuler' }).click();

  await page.getByRole('button', { name: 'Éditer les étapes' }).click();
  dialog = page.getByRole('dialog', { name: "Ouvrir l'éditeur d'étapes" });
  await expect(dialog.getByRole('button', { name: 'Lancer' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Lancer' })).toHaveAccessibleDescription(
    "Choisissez le site sur lequel ouvrir le guide : « Lancer » s'active ensuite.",
  );
  await dialog.getByText(/^(https:\/\/)?shop\.example\.com$/).click();
  await dialog.getByRole('button', { name: 'Lancer' }).click();
  await expect(dialog).toBeHidden();
  const sent = await launchesSent(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(sent).toEqual([
    {
      type: 'mulot:launch',
      apiBase: new URL('/api', page.url()).href,
      token,
      organizationId: server.organizationId,
      locale: 'fr',
      mode: 'creator',
      url: 'https://shop.example.com',
      scenarioId: scenario.id,
    },
  ]);

  // A step opens the creator at that step, on the step's own page.
  const step = await server.post(`/scenarios/${scenario.id}/steps`, {
    name: 'Ouvrir le panier',
    text: 'Cliquez sur le panier',
    url: 'shop.example.com/cart',
  });
  await page.reload();
  await standInExtension(page, { answers: false });
  await page.getByRole('button', { name: /Étape 1 : Ouvrir le panier/ }).click();
  await expect
    .poll(() => launchesSent(page))
    .toEqual([
      expect.objectContaining({
        mode: 'creator',
        url: 'https://shop.example.com/cart',
        scenarioId: scenario.id,
        stepId: step.id,
      }),
    ]);

  // Each launch problem says its own cause: here the session is gone (signed out in another tab).
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.getByRole('button', { name: 'Lancer', exact: true }).click();
  const reader = page.getByRole('dialog', { name: 'Lancer le guide' });
  await reader.getByText(/^(https:\/\/)?shop\.example\.com$/).click();
  await reader.getByRole('button', { name: 'Lancer' }).click();
  await expect(reader.getByRole('alert')).toContainText(
    'Votre session a expiré : reconnectez-vous pour lancer le guide.',
  );
  await expect(reader.getByRole('alert')).not.toContainText("Aucun site n'est configuré");
});

test('extension launch: the only site of a project is chosen already', async ({ page, request }) => {
  const server = await signedIn(page, request, 'one-site');
  const project = await server.post('/projects', { name: 'Atelier', sites: ['atelier.example.com'] });
  const category = await server.post(`/projects/${project.id}/categories`, { name: 'Devis' });
  const scenario = await server.post(`/projects/${project.id}/categories/${category.id}/scenarios`, guide);
  await page.goto(`/app/projects/${project.id}/scenarios/${scenario.id}`);
  await expect(page.getByRole('heading', { level: 1, name: guide.title })).toBeVisible();
  await standInExtension(page);
  await page.getByRole('button', { name: 'Éditer les étapes' }).click();
  const dialog = page.getByRole('dialog', { name: "Ouvrir l'éditeur d'étapes" });
  await expect(dialog.getByRole('radio', { name: 'atelier.example.com' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Lancer' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => launchesSent(page))
    .toEqual([
      expect.objectContaining({
        mode: 'creator',
        url: 'https://atelier.example.com',
        scenarioId: scenario.id,
      }),
    ]);
});

test('axe: 0 violations on every content route, dialogs open included', async ({ page, request }) => {
  // Nine full-page scans: longer than the default budget on a 2-core machine (102 s of the former 120 s once, loaded).
  test.setTimeout(240_000);
  const server = await signedIn(page, request, 'content-axe');
  await page.goto('/app/projects');
  await expect(page.getByRole('heading', { name: 'Aucun projet' })).toBeVisible();
  await expectNoAxeViolations(page);
  const project = await server.post('/projects', {
    name: 'Boutique',
    description: 'Commande',
    sites: ['shop.example.com'],
  });
  const category = await server.post(`/projects/${project.id}/categories`, { name: 'Commande' });
  const scenario = await server.post(`/projects/${project.id}/categories/${category.id}/scenarios`, guide);
  await server.post(`/scenarios/${scenario.id}/steps`, {
    name: 'Panier',
    text: 'Ouvrez le panier',
    url: '/cart',
  });
  const routes: Array<[string, string]> = [
    ['/app/projects', 'Vos projets'],
    [`/app/projects/${project.id}`, 'Boutique'],
    [`/app/projects/${project.id}/categories/${category.id}`, 'Commande'],
    [`/app/projects/${project.id}/categories/${category.id}/scenarios/new`, 'Nouveau guide'],
    [`/app/projects/${project.id}/scenarios/${scenario.id}`, guide.title],
    [`/app/projects/${project.id}/scenarios/${scenario.id}/edit`, 'Modifier le guide'],
  ];
  for (const [path, heading] of routes) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
  }
  await page.goto('/app/projects');
  await page.getByRole('button', { name: 'Nouveau projet' }).click();
  await page
    .getByRole('dialog', { name: 'Nouveau projet' })
    .getByRole('button', { name: 'Créer le projet' })
    .click();
  await expect(page.getByText('Le nom du projet est requis')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Actions pour Boutique' }).click();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`/app/projects/${project.id}/scenarios/${scenario.id}`);
  await page.getByRole('button', { name: 'Lancer', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Lancer le guide' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('keyboard only: create a project, then a category in it', async ({ page, request }) => {
  const server = await signedIn(page, request, 'content-keyboard');
  await page.goto('/app/projects');
  await expect(page.getByRole('heading', { name: 'Aucun projet' })).toBeVisible();
  const focusOn = async (name: string | RegExp, role: 'button' | 'link' | 'textbox' = 'button') => {
    const target = page.getByRole(role, { name }).first();
    for (let i = 0; i < 40 && !(await target.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(target).toBeFocused();
  };
  await focusOn('Nouveau projet');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Nouveau projet' });
  await expect(dialog.getByRole('textbox', { name: /Nom du projet/ })).toBeFocused();
  await page.keyboard.type('Clavier');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Créé sans souris');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: /^Sites/ })).toBeFocused();
  await page.keyboard.type('clavier.example.com');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('clavier.example.com')).toBeVisible();
  await focusOn('Créer le projet');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  await focusOn('Clavier', 'link');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Clavier' })).toBeVisible();
  await focusOn('Nouvelle catégorie');
  await page.keyboard.press('Enter');
  const categoryDialog = page.getByRole('dialog', { name: 'Nouvelle catégorie' });
  await expect(categoryDialog.getByRole('textbox', { name: /Nom de la catégorie/ })).toBeFocused();
  await page.keyboard.type('Premiers pas');
  await page.keyboard.press('Enter');
  await expect(categoryDialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Premiers pas' })).toBeVisible();
  const [project] = (
    (await (await server.get('/projects')).json()) as {
      items: Array<{ name: string; categories: Array<{ name: string }> }>;
    }
  ).items;
  expect(project?.name).toBe('Clavier');
  expect(project?.categories.map((c) => c.name)).toEqual(['Premiers pas']);
});
