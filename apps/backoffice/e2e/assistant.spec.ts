import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  confirmedAccount,
  expectNoAxeViolations,
  launchesSent,
  login,
  sessionApi,
  standInExtension,
} from './support';

/** Published guides made through the API with the logged-in page's session. */
async function publishGuides(page: Page, request: APIRequestContext) {
  const { post, call } = await sessionApi(page, request);
  const ids: Record<string, string> = {};
  const sites = { Boutique: 'https://shop.example.com', Helpdesk: 'https://help.example.com' };
  const guides = [
    {
      site: 'Boutique',
      title: 'Suivre ma commande',
      summary: 'Statut de livraison du colis',
      step: 'Mes commandes',
    },
    {
      site: 'Boutique',
      title: 'Retourner un article',
      summary: 'Demande de retour et remboursement',
      step: 'Retourner',
    },
    { site: 'Helpdesk', title: 'Exporter les tickets', summary: 'Export CSV des tickets', step: 'Exporter' },
    {
      site: 'Boutique',
      title: 'Exporter mes factures',
      summary: 'Télécharger les factures en PDF',
      step: 'Factures',
    },
  ];
  const categories: Record<string, { project: string; category: string }> = {};
  for (const [name, site] of Object.entries(sites)) {
    const project = await post<{ id: string }>('/projects', { name, sites: [site] });
    const category = await post<{ id: string }>(`/projects/${project.id}/categories`, { name: 'Aide' });
    categories[name] = { project: project.id, category: category.id };
  }
  for (const g of guides) {
    const where = categories[g.site] as { project: string; category: string };
    const scenario = await post(`/projects/${where.project}/categories/${where.category}/scenarios`, {
      title: g.title,
      description: g.summary,
      summary: g.summary,
      minDuration: 1,
      maxDuration: 2,
    });
    await post(`/scenarios/${scenario.id}/steps`, {
      name: g.step,
      text: `Cliquez sur « ${g.step} »`,
      url: `${sites[g.site as keyof typeof sites]}/compte`,
      // a guide is published only when each of its steps has a target
      target: { css: '#compte' },
    });
    await call('PATCH', `/scenarios/${scenario.id}/status`, { status: 'published' });
    ids[g.title] = scenario.id;
  }
  return ids;
}

test('assistant: describe a task, get the ranked published guides, launch one in reader mode, no guide otherwise', async ({
  page,
  request,
}) => {
  const { email, password } = await confirmedAccount(request, 'assistant');
  await login(page, email, password);
  const ids = await publishGuides(page, request);
  await standInExtension(page);
  const nav = page.getByRole('navigation', { name: 'Menu' });
  await nav.getByRole('link', { name: 'Assistant' }).click();
  await expect(page).toHaveURL(/\/app\/assistant$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Assistant' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Assistant' })).toHaveAttribute('aria-current', 'page');

  const prompt = page.getByRole('textbox', { name: 'Décrivez ce que vous voulez faire' });
  await prompt.fill('ou en est ma comande ?');
  await prompt.press('Enter');
  const results = page.getByRole('region', { name: 'Guides proposés' });
  await expect(results.getByRole('listitem').first()).toContainText('Suivre ma commande');
  await expect(results.getByRole('listitem').first()).toContainText('Mots trouvés');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Lancer le guide « Suivre ma commande »' }).click();
  await expect.poll(async () => (await launchesSent(page)).length).toBe(1);
  const sent = await launchesSent(page);
  expect(sent[0]).toMatchObject({
    type: 'mulot:launch',
    mode: 'reader',
    scenarioId: ids['Suivre ma commande'],
    url: 'https://shop.example.com/compte',
  });

  // On one site, the other site's guides are left out.
  await page.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option', { name: /help\.example\.com/ }).click();
  await prompt.fill('exporter');
  await prompt.press('Enter');
  await expect(results.getByRole('listitem')).toHaveText([/Exporter les tickets/]);

  await prompt.fill('réserver un billet de train');
  await prompt.press('Enter');
  await expect(
    page.getByRole('heading', { name: 'Aucun guide ne correspond à votre demande' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('assistant without the extension: the notice hands over the product’s package and the steps to load it', async ({
  page,
  request,
}) => {
  const { email, password } = await confirmedAccount(request, 'assistant-absent');
  await login(page, email, password);
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Assistant' }).click();
  const absent = page.getByRole('note');
  await expect(absent).toContainText("L'extension Mulot n'est pas installée dans ce navigateur");
  await expect(absent).toContainText('mulot-extension-0.0.1.zip, version 0.0.1');
  const download = absent.getByRole('link', { name: "Télécharger l'extension" });
  const href = (await download.getAttribute('href')) ?? '';
  expect(new URL(href).pathname).toBe('/extension/mulot-extension.zip');
  const file = await request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/zip');
  expect(file.headers()['content-disposition']).toBe('attachment; filename="mulot-extension-0.0.1.zip"');
  await expect(absent.getByRole('listitem')).toHaveText([
    /Décompressez le fichier téléchargé/,
    /Ouvrez chrome:\/\/extensions/,
    /Charger l'extension non empaquetée/,
  ]);
  await expect(absent.getByRole('img', { name: 'Un fichier .zip qui devient un dossier' })).toBeVisible();
  await expectNoAxeViolations(page);
});
