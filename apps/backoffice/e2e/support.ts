import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { readMailbox } from '@mulot/testing/mail';
import { e2ePorts } from '@mulot/testing/ports';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

const mailbox = `http://127.0.0.1:${e2ePorts.mailbox}`;

export const origin = `http://localhost:${e2ePorts.product}`;
export const PASSWORD = 'correct horse 1';

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The link to `path` in the newest mail to `email` that has one, waiting for the SMTP sink to receive it. */
export async function linkFromMail(email: string, path: string, after = 0): Promise<URL> {
  let found: URL | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readMailbox(mailbox, email)).slice(after);
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
  return (await readMailbox(mailbox, email)).length;
}

/**
 * A confirmed account made through the API (the UI journey itself is covered by its own test): a unique address,
 * or the given one when a test needs the same address every run (page baselines).
 */
export async function confirmedAccount(
  request: APIRequestContext,
  label: string,
  email = uniqueEmail(label),
) {
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

/**
 * Resolves once no finite animation or transition has run for three frames in a row. A toast fades in (Ark mounts
 * it at opacity 0 and starts the transition a frame later), a menu or dialog fades and scales in: axe measuring
 * colour contrast meanwhile sees text at part opacity, and fails or passes with the machine's load. Endless
 * animations (spinners, skeletons) never end and are left out.
 */
export async function animationsSettled(page: Page) {
  const left = await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const running = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
        );
    const deadline = performance.now() + 10_000;
    for (let still = 0; still < 3 && performance.now() < deadline; still = running().length ? 0 : still + 1) {
      await frame();
    }
    return running().map((animation) =>
      animation instanceof CSSAnimation
        ? animation.animationName
        : animation instanceof CSSTransition
          ? animation.transitionProperty
          : String(animation.id),
    );
  });
  expect(left, 'animations still running after 10 s').toEqual([]);
}

/** WCAG 2.2 A/AA on the whole page, as it settles: the list of violations must be empty. */
export async function expectNoAxeViolations(page: Page) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The logged-in page's session, to arrange data and check the server's state through the API directly. */
export async function sessionApi(page: Page, request: APIRequestContext) {
  const { token, organizationId } = await page.evaluate(() => ({
    token: localStorage.getItem('token') ?? '',
    organizationId: localStorage.getItem('organizationId') ?? '',
  }));
  const headers = { Authorization: `Bearer ${token}`, 'x-organization-id': organizationId };
  /** The raw answer, for tests that check a status. */
  const send = (method: Method, path: string, data?: unknown, type?: string) =>
    request.fetch(`/api${path}`, {
      method,
      headers: type ? { ...headers, 'content-type': type } : headers,
      ...(data === undefined ? {} : { data: data as never }),
    });
  /** A call that must succeed: its JSON body (undefined for 204). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read the bodies they just arranged
  const call = async <T = any>(method: Method, path: string, data?: unknown, type?: string): Promise<T> => {
    const response = await send(method, path, data, type);
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (response.status() === 204 ? undefined : await response.json()) as T;
  };
  return {
    organizationId,
    send,
    call,
    get: (path: string) => send('GET', path),
    // biome-ignore lint/suspicious/noExplicitAny: as above
    post: <T = any>(path: string, data: unknown) => call<T>('POST', path, data),
    put: (path: string, data: unknown) => send('PUT', path, data),
  };
}

/** Stands in for the extension: the marker it sets, and a record in `window.sent` of what the page posts to it. */
export async function standInExtension(page: Page, { answers = true } = {}) {
  await page.evaluate((answers) => {
    document.documentElement.dataset.mulotExtension = 'test';
    const sent: unknown[] = [];
    (window as unknown as { sent: unknown[] }).sent = sent;
    window.addEventListener('message', (event) => {
      if (event.data?.type !== 'mulot:launch') return;
      sent.push(event.data);
      if (answers) window.postMessage({ type: 'mulot:launch-result', ok: true }, window.location.origin);
    });
  }, answers);
}

/** The launch messages the page posted to the stand-in extension. */
export function launchesSent(page: Page) {
  return page.evaluate(() => (window as unknown as { sent: Array<Record<string, unknown>> }).sent);
}

/** A guide's fields as the creation form sends them. */
export const guide = {
  title: 'Passer une commande',
  description: 'Du panier au paiement',
  summary: 'Commande en ligne',
  minDuration: 5,
  maxDuration: 10,
};
