import { expect, test } from '@playwright/test';
import { confirmedAccount, expectNoAxeViolations, login } from './support';

test('profile: save the names (toast, stored user, kept after reload)', async ({ page, request }) => {
  const { email, password } = await confirmedAccount(request, 'profile');
  await login(page, email, password);
  await page.goto('/app/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByText('Administrateur')).toBeVisible();
  const firstname = page.getByRole('textbox', { name: /Prénom/ });
  const lastname = page.getByRole('textbox', { name: /^Nom/ });
  await expect(firstname).toHaveAttribute('placeholder', 'Votre prénom');
  await expect(lastname).toHaveAttribute('placeholder', 'Votre nom');
  await firstname.fill('Ada');
  await lastname.fill('Lovelace');
  await page.getByRole('button', { name: 'Sauvegarder les modifications' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Profil mis à jour avec succès.' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Votre profil a été mis à jour avec succès.');
  await expect(page.getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  expect(stored).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace', email });
  // Spec §9: the profile toast stays 3 s.
  await expect(toast).toBeHidden({ timeout: 6_000 });
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByRole('textbox', { name: /Prénom/ })).toHaveValue('Ada');
  await expect(page.getByRole('textbox', { name: /^Nom/ })).toHaveValue('Lovelace');
});

test('profile: change the password, stay signed in, then log in with the new one only', async ({
  page,
  request,
}) => {
  const { email, password } = await confirmedAccount(request, 'password');
  await login(page, email, password);
  await page.goto('/app/profile');
  const fresh = 'a fresh secret 2';
  await page.getByLabel('Mot de passe actuel').fill(password);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(fresh);
  await page.getByLabel('Confirmer le nouveau mot de passe').fill(fresh);
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Mot de passe modifié avec succès.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Mot de passe actuel')).toHaveValue('');
  await expect(page.getByLabel('Nouveau mot de passe', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Confirmer le nouveau mot de passe')).toHaveValue('');

  // The old token was revoked by the change; the session kept the new one, so the app still works.
  await page.goto('/app/team');
  await expect(page.getByRole('heading', { level: 2, name: "Membres de l'équipe (1)" })).toBeVisible();

  await page.getByRole('button', { name: /Menu utilisateur/ }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Erreur' })).toBeVisible();
  await login(page, email, fresh);
});

test('profile: a wrong current password is refused and said so; nothing typed is lost', async ({
  page,
  request,
}) => {
  const { email, password } = await confirmedAccount(request, 'wrongpass');
  await login(page, email, password);
  await page.goto('/app/profile');
  await page.getByLabel('Mot de passe actuel').fill('not my password');
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('whatever 12345');
  await page.getByLabel('Confirmer le nouveau mot de passe').fill('whatever 12345');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  // On the field it is about, in French (not a generic "invalid request" toast).
  await expect(page.getByLabel('Mot de passe actuel')).toHaveAccessibleErrorMessage(
    'Le mot de passe actuel est incorrect.',
  );
  await expect(page.getByText('La requête contient des données invalides.')).toHaveCount(0);
  await expect(page.getByLabel('Mot de passe actuel')).toHaveValue('not my password');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
});

test('profile: the current password and one of the most common are refused as new passwords, on the field', async ({
  page,
  request,
}) => {
  const { email, password } = await confirmedAccount(request, 'samepass');
  await login(page, email, password);
  await page.goto('/app/profile');
  const fresh = page.getByLabel('Nouveau mot de passe', { exact: true });
  const attempt = async (newPassword: string) => {
    await page.getByLabel('Mot de passe actuel').fill(password);
    await fresh.fill(newPassword);
    await page.getByLabel('Confirmer le nouveau mot de passe').fill(newPassword);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  };
  await attempt(password);
  await expect(fresh).toHaveAccessibleErrorMessage(
    "Le nouveau mot de passe doit être différent de l'actuel.",
  );
  await attempt('password');
  await expect(fresh).toHaveAccessibleErrorMessage(
    'Ce mot de passe fait partie des plus courants : choisissez-en un plus difficile à deviner.',
  );
  await expect(page.getByRole('status').filter({ hasText: 'Mot de passe modifié avec succès.' })).toHaveCount(
    0,
  );
});

test('profile: every spec §5 message on blur', async ({ page, request }) => {
  const { email, password } = await confirmedAccount(request, 'profile-rules');
  await login(page, email, password);
  await page.goto('/app/profile');
  const check = async (field: ReturnType<typeof page.getByLabel>, value: string, message: string) => {
    await field.click();
    await field.fill(value);
    await field.blur();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleErrorMessage(message);
  };
  await check(page.getByRole('textbox', { name: /Prénom/ }), '', 'Le prénom est requis.');
  await check(page.getByRole('textbox', { name: /^Nom/ }), '', 'Le nom est requis.');
  // The contract's limit, translated (never zod's "Too big: expected string to have <=100 characters").
  await check(
    page.getByRole('textbox', { name: /Prénom/ }),
    'x'.repeat(101),
    'Ce champ ne peut pas dépasser 100 caractères.',
  );
  await check(page.getByLabel('Mot de passe actuel'), '', 'Le mot de passe actuel est requis.');
  const next = page.getByLabel('Nouveau mot de passe', { exact: true });
  await check(next, 'court', 'Le nouveau mot de passe doit contenir au moins 8 caractères.');
  const confirm = page.getByLabel('Confirmer le nouveau mot de passe');
  await check(confirm, '', 'La confirmation est requise.');
  await next.fill('long enough 1');
  await check(confirm, 'long enough 2', 'Les nouveaux mots de passe ne correspondent pas.');
  await expectNoAxeViolations(page);
});
