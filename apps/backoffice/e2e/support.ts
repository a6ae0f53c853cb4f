import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

const mailPort = Number(process.env.E2E_MAIL_PORT ?? 43818);
export const origin = `http://localhost:${Number(process.env.E2E_PORT ?? 43817)}`;
export const PASSWORD = 'correct horse 1';

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** The link to `path` in the newest mail to `email` that has one, waiting for the SMTP sink to receive it. */
export async function linkFromMail(email: string, path: string, after = 0): Promise<URL> {
  let found: URL | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://127.0.0.1:${mailPort}/mails?to=${encodeURIComponent(email)}`);
        const mails = ((await response.json()) as Mail[]).slice(after);
        const links = mails
          .flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? [])
          .filter((u) => u.includes(path));
        found = links.length ? new URL(links[links.length - 1] as string) : undefined;
        return Boolean(found);
      },
      { message: `a mail to ${email} with a ${path} link`, timeout: 10_000 },
    )
    .toBe(true);
  return found as URL;
}

export async function mailCount(email: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${mailPort}/mails?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as Mail[]).length;
}

/** A confirmed account made through the API (the UI journey itself is covered by its own test). */
export async function confirmedAccount(request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  const registered = await request.post('/api/auth/register', {
    data: { credentials: { email, password: PASSWORD }, rootUrl: origin },
  });
  expect(registered.status()).toBe(201);
  const link = await linkFromMail(email, '/auth/confirm-account');
  const confirmed = await request.post('/api/auth/confirm', {
    data: { code: link.searchParams.get('code'), email: link.searchParams.get('email') },
  });
  expect(confirmed.status()).toBe(204);
  return { email, password: PASSWORD };
}

export async function login(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
}

/** WCAG 2.2 A/AA on the whole page: the list of violations must be empty. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
