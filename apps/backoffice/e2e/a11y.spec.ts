import { expect, test } from '@playwright/test';
import { confirmedAccount, expectNoAxeViolations, login } from './support';

const authRoutes: Array<[string, string]> = [
  ['/auth/login', 'Connexion'],
  ['/auth/register', 'Créer un compte'],
  ['/auth/register-success', 'Compte créé'],
  ['/auth/forgot-password', 'Mot de passe oublié'],
  ['/auth/forgot-password-success', 'Email envoyé'],
  // A code that was never mailed: the link is checked on arrival and said invalid, with a way to a new one.
  ['/auth/reset-password?code=abc', 'Lien de réinitialisation invalide'],
  ['/auth/accept-invitation?code=abc', 'Invitation invalide'],
  ['/auth/reset-password-success', 'Mot de passe réinitialisé'],
  ['/auth/confirm-account?code=abc&email=a%40example.com', 'Échec de la confirmation'],
  ['/nowhere', 'Page introuvable'],
];

// axe takes a few seconds per page on a busy 2-core machine (the shell pages' test took 66 s of the former 90 s
// once, loaded).
test.describe.configure({ timeout: 180_000 });

for (const [path, heading] of authRoutes) {
  test(`axe (WCAG 2.2 AA): 0 violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('axe (WCAG 2.2 AA): 0 violations on the shell pages, also with validation errors shown', async ({
  page,
  request,
}) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText("L'email est requis")).toBeVisible();
  await expectNoAxeViolations(page);

  const { email, password } = await confirmedAccount(request, 'axe');
  await login(page, email, password);
  await expectNoAxeViolations(page);
  for (const path of ['/app/projects', '/app/team', '/app/profile']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.getByRole('button', { name: /Menu utilisateur/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoAxeViolations(page);
});
