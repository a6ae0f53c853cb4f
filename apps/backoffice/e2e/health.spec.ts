import { expect, test } from '@playwright/test';
import { confirmedAccount, expectNoAxeViolations, login, sessionApi } from './support';

// A tiny valid PNG (1×1): the step's screenshot and the page the end user saw.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('guide health: the dashboard lists a guide whose step failed for a user, scenario detail badges it, a passing run clears it', async ({
  page,
  request,
}) => {
  const { email, password } = await confirmedAccount(request, 'health');
  await login(page, email, password);
  // a healthy organization's dashboard has no such panel
  await expect(page.getByRole('heading', { name: 'Guides à réparer' })).toHaveCount(0);

  const { call } = await sessionApi(page, request);
  const project = await call<{ id: string }>('POST', '/projects', {
    name: 'Boutique',
    sites: ['shop.example.com'],
  });
  const category = await call<{ id: string }>('POST', `/projects/${project.id}/categories`, {
    name: 'Achats',
  });
  const scenario = await call<{ id: string }>(
    'POST',
    `/projects/${project.id}/categories/${category.id}/scenarios`,
    {
      title: 'Passer commande',
      description: 'd',
      summary: 's',
      minDuration: 1,
      maxDuration: 2,
    },
  );
  const step = await call<{ id: string }>('POST', `/scenarios/${scenario.id}/steps`, {
    name: 'Ouvrir le panier',
    text: 'Cliquez sur le panier.',
    url: 'https://shop.example.com/',
    target: { version: 1, tag: 'a', name: 'Panier' },
  });
  await call('PUT', `/scenarios/${scenario.id}/steps/${step.id}/screenshot`, png, 'image/png');
  // a step the failed run below never reached: nothing is known of its health
  await call('POST', `/scenarios/${scenario.id}/steps`, {
    name: 'Payer',
    text: 'Choisissez un moyen de paiement.',
    url: 'https://shop.example.com/checkout',
    target: { version: 1, tag: 'button', name: 'Payer' },
  });
  const run = await call<{ id: string; stepIssues: Array<{ id: string }> }>(
    'POST',
    `/scenarios/${scenario.id}/runs`,
    {
      status: 'abandoned',
      stepsCompleted: 0,
      stepIssues: [{ stepId: step.id, outcome: 'not-found', url: 'https://shop.example.com/?v=2' }],
    },
  );
  const issueId = run.stepIssues[0]?.id as string;
  await call(
    'PUT',
    `/scenarios/${scenario.id}/runs/${run.id}/issues/${issueId}/screenshot`,
    png,
    'image/png',
  );

  await page.reload();
  const guide = page.getByRole('article', { name: 'Passer commande' });
  await expect(page.getByRole('heading', { level: 2, name: 'Guides à réparer' })).toBeVisible();
  // both screenshots are fetched with the session (an <img> alone could not send it)
  await expect(guide.getByRole('img', { name: "Capture de l'étape 1 lors de sa création" })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  await expect(
    guide.getByRole('img', { name: "Page vue par l'utilisateur lors du dernier échec de l'étape 1" }),
  ).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(guide.locator('[data-health]')).toHaveText("Santé de l'étape : En échec");
  await expect(guide.getByText('https://shop.example.com/?v=2')).toBeVisible();
  // without the extension in this browser nothing can be repaired from here
  await expect(guide.getByRole('button', { name: /Réparer/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await guide.getByRole('link', { name: 'Passer commande' }).click();
  await expect(page).toHaveURL(`/app/projects/${project.id}/scenarios/${scenario.id}`);
  await expect(page.getByRole('button', { name: /Étape 1 : Ouvrir le panier/ })).toContainText(
    "Santé de l'étape : En échec",
  );
  // "ok" from the API only means "no failure": no badge says that a step no run reached works
  await expect(page.getByRole('button', { name: /Étape 2 : Payer/ }).locator('[data-health]')).toHaveCount(0);

  // a run that passes the step clears the alert
  await call('POST', `/scenarios/${scenario.id}/runs`, { status: 'completed', stepsCompleted: 1 });
  await page.reload();
  await expect(page.getByRole('button', { name: /Étape 1 : Ouvrir le panier/ })).toContainText(
    "Santé de l'étape : Fonctionne",
  );
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Guides à réparer' })).toHaveCount(0);
});
