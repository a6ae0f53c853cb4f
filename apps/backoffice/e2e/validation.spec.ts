import { expect, type Page, test } from '@playwright/test';

/** Focus the field, type (or not), leave it: the message must then be shown and tied to the field. */
async function blurWith(field: ReturnType<Page['getByLabel']>, value: string) {
  await field.click();
  await field.fill(value);
  await field.blur();
}

async function expectError(field: ReturnType<Page['getByLabel']>, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleErrorMessage(message);
}

test('login: every spec §5 message on blur', async ({ page }) => {
  await page.goto('/auth/login');
  const email = page.getByRole('textbox', { name: 'Email' });
  const password = page.getByLabel('Mot de passe', { exact: true });
  await blurWith(email, '');
  await expectError(email, "L'email est requis");
  await blurWith(email, 'pas-un-email');
  await expectError(email, 'Veuillez entrer une adresse email valide');
  await blurWith(password, '');
  await expectError(password, 'Le mot de passe est requis');
});

test('register: every spec §5 message on blur', async ({ page }) => {
  await page.goto('/auth/register');
  const email = page.getByRole('textbox', { name: 'Email' });
  const password = page.getByLabel('Mot de passe', { exact: true });
  const confirm = page.getByLabel('Confirmer le mot de passe');
  await blurWith(email, '');
  await expectError(email, "L'email est requis");
  await blurWith(email, 'ada@');
  await expectError(email, 'Veuillez entrer une adresse email valide');
  await blurWith(password, 'court');
  await expectError(password, 'Le mot de passe doit contenir au moins 8 caractères');
  await blurWith(confirm, '');
  await expectError(confirm, 'Veuillez confirmer votre mot de passe');
  await blurWith(password, 'long enough');
  await blurWith(confirm, 'different one');
  await expectError(confirm, 'Les mots de passe ne correspondent pas');
  // Nothing is sent while a rule fails.
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/auth\/register$/);
});

test('forgot password: email messages on blur', async ({ page }) => {
  await page.goto('/auth/forgot-password');
  const email = page.getByRole('textbox', { name: 'Email' });
  await blurWith(email, '');
  await expectError(email, "L'email est requis");
  await blurWith(email, 'nope');
  await expectError(email, 'Veuillez entrer une adresse email valide');
});

test('reset password: every spec §5 message on blur', async ({ page }) => {
  // The link is checked on arrival; this one is taken as valid so that the form's own rules are what is tested.
  await page.route('**/api/auth/reset-password/check', (route) => route.fulfill({ status: 204 }));
  await page.goto('/auth/reset-password?code=abc');
  const password = page.getByLabel('Nouveau mot de passe');
  const confirm = page.getByLabel('Confirmer le mot de passe');
  await blurWith(password, '');
  await expectError(password, 'Le mot de passe est requis');
  await blurWith(confirm, '');
  await expectError(confirm, 'La confirmation du mot de passe est requise');
  await blurWith(password, 'long enough');
  await blurWith(confirm, 'not the same');
  await expectError(confirm, 'Les mots de passe ne correspondent pas');
});
