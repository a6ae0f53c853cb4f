import { expect, test } from '@playwright/test';
import { confirmedAccount, linkFromMail, login, mailCount, PASSWORD, uniqueEmail } from './support';

test('register → confirmation link from the mail → confirm page → login → dashboard', async ({ page }) => {
  const email = uniqueEmail('journey');
  await page.goto('/auth/register');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/auth\/register-success$/);
  await expect(page.getByText(/Consultez votre boîte mail/)).toBeVisible();

  // Not confirmed yet: the server refuses the login, the page says why and offers a new link.
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  const notConfirmed = page.getByTestId('not-confirmed');
  await expect(notConfirmed.getByRole('alert')).toContainText("Votre compte n'est pas encore activé.");
  await expect(page).toHaveURL(/\/auth\/login$/);
  const mailed = await mailCount(email);
  await notConfirmed.getByRole('button', { name: "M'envoyer un nouveau lien" }).click();
  await expect(notConfirmed.getByRole('status')).toContainText("C'est fait");

  const link = await linkFromMail(email, '/auth/confirm-account', mailed);
  expect(link.origin).toBe(new URL(page.url()).origin);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Compte confirmé' })).toBeVisible();
  await page.getByRole('link', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await login(page, email, PASSWORD);
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    user: JSON.parse(localStorage.getItem('user') ?? 'null') as { email: string } | null,
    organizationId: localStorage.getItem('organizationId'),
  }));
  expect(stored.token).toBeTruthy();
  expect(stored.user?.email).toBe(email);
  expect(stored.organizationId).toMatch(/^[0-9a-f-]{36}$/);
});

test('registering an email that has an account looks like any registration; only the owner is told, by mail', async ({
  page,
  request,
}) => {
  const { email } = await confirmedAccount(request, 'taken');
  const before = await mailCount(email);
  await page.goto('/auth/register');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('someone else 2');
  await page.getByLabel('Confirmer le mot de passe').fill('someone else 2');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  // The same screen as a new account: nothing says the address is known.
  await expect(page).toHaveURL(/\/auth\/register-success$/);
  await expect(page.getByText(/Consultez votre boîte mail/)).toBeVisible();
  // The owner's mail leads back to the account: the forgot-password page of this very origin.
  const link = await linkFromMail(email, '/auth/forgot-password', before);
  expect(link.origin).toBe(new URL(page.url()).origin);
  await page.goto(link.pathname);
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
});

test('registering with one of the most common passwords is refused on the password field', async ({
  page,
}) => {
  await page.goto('/auth/register');
  await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('common'));
  await page.getByLabel('Mot de passe', { exact: true }).fill('azertyuiop');
  await page.getByLabel('Confirmer le mot de passe').fill('azertyuiop');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveAccessibleErrorMessage(
    'Ce mot de passe fait partie des plus courants : choisissez-en un plus difficile à deviner.',
  );
  await expect(page).toHaveURL(/\/auth\/register$/);
});

test('a confirmation link that is not valid shows the failure texts and a way back to login', async ({
  page,
}) => {
  await page.goto(`/auth/confirm-account?code=${'x'.repeat(43)}&email=nobody%40example.com`);
  await expect(
    page.getByText(
      'La confirmation de votre compte a échoué. Veuillez vérifier votre lien ou contacter notre support.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('alert')).not.toBeEmpty();
  // A way to a new link, answered the same whatever the code (nothing is revealed).
  await page.getByRole('button', { name: "M'envoyer un nouveau lien" }).click();
  await expect(page.getByRole('status')).toContainText("C'est fait");
  await page.getByRole('link', { name: 'Retour à la connexion' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a wrong password shows the destructive "Erreur" toast with the server message', async ({
  page,
  request,
}) => {
  const { email } = await confirmedAccount(request, 'wrong');
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Erreur' });
  await expect(toast).toBeVisible();
  await expect(toast).not.toHaveText(/^Erreur$/);
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('forgot password → mail → reset → login with the new password only', async ({ page, request }) => {
  const { email } = await confirmedAccount(request, 'forgot');
  const before = await mailCount(email);
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password-success$/);

  const link = await linkFromMail(email, '/auth/reset-password', before);
  await page.goto(link.pathname + link.search);
  const fresh = 'a brand new secret';
  await page.getByLabel('Nouveau mot de passe').fill(fresh);
  await page.getByLabel('Confirmer le mot de passe').fill(fresh);
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password-success$/);
  await page.getByRole('link', { name: 'Se connecter' }).click();

  // The old password no longer opens a session; the new one does.
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Erreur' })).toBeVisible();
  await login(page, email, fresh);

  // The code was single-use: the same link now says so as soon as it opens, before anything is typed,
  // and offers a new one.
  await page.getByRole('button', { name: /Menu utilisateur/ }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await page.goto(link.pathname + link.search);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lien de réinitialisation invalide' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await expect(page.getByLabel('Nouveau mot de passe')).toHaveCount(0);
  const mailed = await mailCount(email);
  await page.getByRole('button', { name: "M'envoyer un nouveau lien" }).click();
  await expect(page.getByRole('status')).toContainText("C'est fait");
  const renewed = await linkFromMail(email, '/auth/reset-password', mailed);
  await page.goto(renewed.pathname + renewed.search);
  await expect(page.getByLabel('Nouveau mot de passe')).toBeVisible();
});

test('keyboard only: login from the first Tab to the dashboard', async ({ page, request }) => {
  const { email } = await confirmedAccount(request, 'keyboard');
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Mot de passe', { exact: true })).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  // And out again with the keyboard: the user menu opens with Enter, arrows reach Logout.
  await page.getByRole('button', { name: /Menu utilisateur/ }).focus();
  await page.keyboard.press('Enter');
  // Arrows move from the first item once the menu has highlighted it.
  await expect(page.getByRole('menuitem', { name: 'Profil' })).toHaveAttribute('data-highlighted');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Déconnexion' })).toHaveAttribute('data-highlighted');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth\/login$/);
});
