import { expect, test } from '@playwright/test';
import { confirmedAccount, guide, login, sessionApi } from './support';

// Concurrent authors: a save based on a version someone else has replaced since is refused (412), the author is
// told, and the screen reloads the saved guide, so nobody's change is silently lost.

const staleText = "Ce guide a été modifié par quelqu'un d'autre entre-temps.";

test('a guide changed behind the author’s back: the save is refused, the author told, the form reloaded; the next save works', async ({
  page,
  request,
}) => {
  const { email, password } = await confirmedAccount(request, 'versions');
  await login(page, email, password);
  const { call: api } = await sessionApi(page, request);
  const project = await api('POST', '/projects', { name: 'Boutique', sites: ['https://shop.example.com'] });
  const category = await api('POST', `/projects/${project.id}/categories`, { name: 'Achats' });
  const scenario = await api('POST', `/projects/${project.id}/categories/${category.id}/scenarios`, guide);
  // one step with its target, so that the guide can be published at the end
  await api('POST', `/scenarios/${scenario.id}/steps`, {
    name: 'Panier',
    text: 'Ouvrez le panier',
    url: 'https://shop.example.com/panier',
    target: { css: '#panier' },
  });

  await page.goto(`/app/projects/${project.id}/scenarios/${scenario.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Modifier le guide' })).toBeVisible();
  const titleField = page.getByRole('textbox', { name: /Titre/ });
  await expect(titleField).toHaveValue(guide.title);

  // Another author saves first.
  await api('PUT', `/scenarios/${scenario.id}`, { ...guide, title: 'Commande express', minDuration: 2 });

  await titleField.fill('Ma version');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: staleText })).toContainText(
    "les vôtres n'ont pas été enregistrées",
  );
  // The form now shows what is saved, and nothing of the refused edit reached the server.
  await expect(titleField).toHaveValue('Commande express');
  await expect(page).toHaveURL(/\/edit$/);
  expect((await api('GET', `/scenarios/${scenario.id}`)).title).toBe('Commande express');

  // Saving again, from the reloaded version, goes through.
  await titleField.fill('Ma version');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ma version' })).toBeVisible();
  const saved = await api('GET', `/scenarios/${scenario.id}`);
  expect(saved.title).toBe('Ma version');
  expect(saved.minDuration).toBe(2);

  // The guide's page too: publishing a guide that changed meanwhile is refused and the page reloads. The change
  // behind its back must land after the page has loaded the guide, or the page would simply hold the new version.
  await page.waitForLoadState('networkidle');
  await api('PUT', `/scenarios/${scenario.id}`, { ...guide, title: 'Titre distant' });
  await page.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByText(staleText)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Titre distant' })).toBeVisible();
  expect((await api('GET', `/scenarios/${scenario.id}`)).status).toBe('draft');
  await page.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByRole('button', { name: 'Mettre en brouillon' })).toBeVisible();
  expect((await api('GET', `/scenarios/${scenario.id}`)).status).toBe('published');
});

test('a guide changed behind the author’s back cannot be deleted unseen from its category’s page', async ({
  page,
  request,
}) => {
  const { email, password } = await confirmedAccount(request, 'versions-delete');
  await login(page, email, password);
  const { call: api } = await sessionApi(page, request);
  const project = await api('POST', '/projects', { name: 'Boutique', sites: ['https://shop.example.com'] });
  const category = await api('POST', `/projects/${project.id}/categories`, { name: 'Achats' });
  const scenario = await api('POST', `/projects/${project.id}/categories/${category.id}/scenarios`, guide);

  await page.goto(`/app/projects/${project.id}/categories/${category.id}`);
  await expect(page.getByRole('link', { name: new RegExp(`^${guide.title}`) })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Another author changes the guide after the list was loaded.
  await api('PUT', `/scenarios/${scenario.id}`, { ...guide, title: 'Commande express' });

  await page.getByRole('button', { name: `Actions pour ${guide.title}` }).click();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Supprimer le guide « ${guide.title} » ?` });
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  // Refused (412): the author is told and the list shows the guide as it now is; nothing was deleted.
  await expect(page.getByText(staleText)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: /^Commande express/ })).toBeVisible();
  expect((await api('GET', `/scenarios/${scenario.id}`)).title).toBe('Commande express');
});
