// Every route of the built product as a user sees it, at 1440 and 390 px: a screenshot baseline per route on
// deterministic data, and the layout invariants no component story can see (the seams between assembled parts).
// One test per viewport walks every route; each seeds its own organization through the API with fixed names.
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { confirmedAccount, guide, linkFromMail, origin, PASSWORD, sessionApi } from './support';

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

// Two viewports × ~20 screens, each with a screenshot and an in-page layout audit: the 1440 px journey took 108 s
// of the former 120 s on a loaded 2-core machine (both lanes of `pnpm test` running), so twice that.
test.describe.configure({ timeout: 240_000 });

/**
 * What the journey watches: console errors, uncaught exceptions, failed requests and every 4xx/5xx answer.
 * `expecting` brackets the one step whose refusal is the point (a wrong password, a bad confirmation code).
 */
function watch(page: Page) {
  const problems: string[] = [];
  let expected = 0;
  // The refusals that were the point: Chromium's console echo of one ("Failed to load resource: … 401") names the
  // request and may arrive after the step that caused it has ended, later still on a loaded machine.
  const refused = new Set<string>();
  page.on('console', (message) => {
    if (message.type() !== 'error' || expected > 0) return;
    if (message.text().startsWith('Failed to load resource') && refused.has(message.location().url)) return;
    problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (r) => {
    // A navigation abandons the previous page's requests: that is not a failure the user sees.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.method()} ${r.url()}`);
  });
  page.on('response', (r) => {
    if (r.status() < 400) return;
    if (expected > 0) refused.add(r.url());
    else problems.push(`${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return {
    problems,
    async expecting<T>(step: () => Promise<T>): Promise<T> {
      expected++;
      try {
        return await step();
      } finally {
        expected--;
      }
    },
  };
}

/**
 * The invariants, checked in the page: every chart and image has a visible (unclipped) non-zero area; no control
 * is cut off by a box that hides its overflow; nothing is painted above an open dialog; no horizontal scroll; on a phone, the main content starts on the first screen.
 */
async function expectLayout(page: Page, where: string) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const label = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[aria-label="${el.getAttribute('aria-label')}"]` : ''}${el.getAttribute('alt') ? `[alt="${el.getAttribute('alt')}"]` : ''}`;
    // The part of an element's box its overflow-clipping ancestors let through.
    const visibleArea = (el: Element) => {
      let { left, top, right, bottom } = el.getBoundingClientRect();
      for (let a = el.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const box = a.getBoundingClientRect();
        left = Math.max(left, box.left);
        top = Math.max(top, box.top);
        right = Math.min(right, box.right);
        bottom = Math.min(bottom, box.bottom);
      }
      return Math.max(0, right - left) * Math.max(0, bottom - top);
    };
    const charts = [...document.querySelectorAll('svg[aria-label], svg[role="img"], img, canvas')];
    for (const el of charts) {
      if (el.closest('[hidden], [aria-hidden="true"]')) continue;
      if (visibleArea(el) < 1) found.push(`zero visible area: ${label(el)}`);
    }
    // A control cut off by a box that hides its overflow (nothing to scroll to): the user cannot read or reach it.
    for (const el of document.querySelectorAll('button, a[href], input, select, textarea, [role="button"]')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || el.closest('[hidden], [aria-hidden="true"], [inert]')) continue;
      for (let a = el.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        const hides = (o: string) => o === 'hidden' || o === 'clip';
        const outer = a.getBoundingClientRect();
        // A long name clamped with an ellipsis is read whole in its title and by assistive technology (issue 40).
        const clamped =
          style.getPropertyValue('-webkit-line-clamp') !== 'none' &&
          el.getAttribute('title') === el.textContent?.trim();
        if (
          !clamped &&
          ((hides(style.overflowX) && (box.left < outer.left - 1 || box.right > outer.right + 1)) ||
            (hides(style.overflowY) && (box.top < outer.top - 1 || box.bottom > outer.bottom + 1)))
        ) {
          found.push(`control cut off: ${label(el)} "${el.textContent?.trim().slice(0, 40)}"`);
          break;
        }
      }
    }
    const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter(
      (d) => d.getBoundingClientRect().width > 0 && getComputedStyle(d).visibility !== 'hidden',
    );
    for (const dialog of dialogs) {
      const box = dialog.getBoundingClientRect();
      for (let i = 1; i < 8; i++) {
        for (let j = 1; j < 8; j++) {
          const x = box.left + (box.width * i) / 8;
          const y = box.top + (box.height * j) / 8;
          if (y > innerHeight || x > innerWidth) continue;
          const top = document.elementFromPoint(x, y);
          if (top && !dialog.contains(top)) {
            found.push(`painted above the dialog at ${Math.round(x)},${Math.round(y)}: ${label(top)}`);
          }
        }
      }
    }
    if (document.documentElement.scrollWidth > innerWidth) {
      found.push(`horizontal scroll: ${document.documentElement.scrollWidth} > ${innerWidth}`);
    }
    return found;
  });
  expect(problems, where).toEqual([]);
}

/** Nothing still loading, fonts in: the page as it settles. */
async function settled(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

/** The screenshot baseline of what is on screen, with the texts that depend on today's date masked. */
async function picture(page: Page, name: string) {
  await expect(page).toHaveScreenshot(`${name}.png`, {
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    maxDiffPixelRatio: 0.002,
    mask: [
      // The chart's x-axis: the last 30 days of the server's calendar.
      page.locator('svg[aria-label] text').filter({ hasText: /^\d{1,2} [\p{L}.]+$/u }),
      page.getByText(/il y a|dans \d|à l’instant|à l'instant|ago|just now|\d{2}\/\d{2}\/\d{4}/),
      // A project's site key is random, and its snippet names this run's server address.
      page.getByText(/mlt_pk_/),
    ],
  });
}

/**
 * An empty list says what to do about it: its empty state has an action, as the projects' does. The page's list comes
 * first; a period without figures further down (a guide's statistics) has nothing to do about it.
 */
async function expectEmptyStateWithAction(page: Page, where: string) {
  const empty = page.locator('[data-empty-state]').first();
  await expect(empty, where).toBeVisible();
  expect(await empty.locator('a, button').count(), `${where}: an action in the empty state`).toBeGreaterThan(
    0,
  );
}

/** How a dialog's "Annuler" looks: the same in every dialog of the product. */
function cancelLook(dialog: Locator) {
  return dialog.getByRole('button', { name: 'Annuler' }).evaluate((el) => {
    const style = getComputedStyle(el);
    return [style.color, style.borderColor, style.backgroundColor, style.fontWeight].join(' ');
  });
}

/** The space between each required label and its mark ("Titre *", "Projet *"), in px. */
function requiredMarkGaps(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-part="required-indicator"]')].flatMap((mark) => {
      const before = mark.previousSibling;
      if (!before) return [];
      const text = document.createRange();
      text.selectNodeContents(before);
      const rects = text.getClientRects();
      const last = rects[rects.length - 1];
      if (!last) return [];
      return [
        `${mark.parentElement?.textContent?.trim()}: ${Math.round(mark.getBoundingClientRect().left - last.right)}`,
      ];
    }),
  );
}

async function visit(page: Page, path: string, heading: string | RegExp, name: string) {
  await page.goto(path);
  await settled(page, heading);
  await expectLayout(page, path);
  await picture(page, name);
}

async function journey(browser: Browser, request: APIRequestContext, viewport: (typeof viewports)[number]) {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    locale: 'fr-FR',
    timezoneId: 'UTC',
  });
  const page = await context.newPage();
  // A fixed clock: the tip of the day and the calendar are the same every run (relative dates, which also
  // depend on the server's clock, are masked in the pictures).
  await page.clock.setFixedTime(new Date('2030-06-15T09:00:00Z'));
  const { problems, expecting } = watch(page);
  const phone = viewport.width < 600;
  const shot = (name: string) => `${viewport.name}-${name}`;
  const email = `camille.${viewport.name}@example.com`;

  // The auth screens, with the journey a new user takes after a failed login.
  await confirmedAccount(request, viewport.name, email);
  await visit(page, '/auth/login', 'Connexion', shot('login'));
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('not the password');
  await expecting(async () => {
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Email ou mot de passe incorrect.')).toBeVisible();
  });
  await page.getByRole('link', { name: 'Créer un compte' }).click();
  await settled(page, 'Créer un compte');
  // The refusal belonged to the login screen (counted now: the toast would leave by itself after 5 s).
  expect(await page.getByText('Email ou mot de passe incorrect.').count()).toBe(0);
  await expectLayout(page, '/auth/register');
  await picture(page, shot('register'));
  await visit(page, '/auth/register-success', 'Compte créé', shot('register-success'));
  await visit(page, '/auth/forgot-password', 'Mot de passe oublié', shot('forgot-password'));
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await settled(page, 'Email envoyé');
  await expectLayout(page, '/auth/forgot-password-success');
  await picture(page, shot('forgot-password-success'));
  // The mailed link opens the form; a wrong or expired one says so and offers a new link.
  const reset = await linkFromMail(email, '/auth/reset-password');
  await visit(page, reset.pathname + reset.search, 'Nouveau mot de passe', shot('reset-password'));
  await expecting(() =>
    visit(
      page,
      '/auth/reset-password?code=abc',
      'Lien de réinitialisation invalide',
      shot('reset-password-invalid'),
    ),
  );
  await visit(
    page,
    '/auth/reset-password-success',
    'Mot de passe réinitialisé',
    shot('reset-password-success'),
  );
  await expecting(() =>
    visit(
      page,
      '/auth/confirm-account?code=abc&email=a%40example.com',
      'Échec de la confirmation',
      shot('confirm-account-failed'),
    ),
  );
  await visit(page, '/nowhere', 'Page introuvable', shot('not-found'));

  // Signed in, on realistic data: long names, several items, an empty project and a guide without steps.
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const server = await sessionApi(page, request);
  await server.call('PATCH', '/users/me', { firstname: 'Camille', lastname: 'Durand-Lefebvre' });
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}');
    localStorage.setItem(
      'user',
      JSON.stringify({ ...user, firstname: 'Camille', lastname: 'Durand-Lefebvre' }),
    );
  });
  const project = await server.post('/projects', {
    name: 'Portail client des agences régionales et de leurs partenaires',
    description: 'Les démarches en ligne des clients professionnels, du devis à la facture.',
    sites: ['https://portail.example.com', 'https://agences.example.com'],
  });
  await server.post('/projects', {
    name: 'Boutique',
    description: 'Commande en ligne',
    sites: ['shop.example.com'],
  });
  const empty = await server.post('/projects', { name: 'Intranet', sites: ['intranet.example.com'] });
  const category = await server.post(`/projects/${project.id}/categories`, {
    name: 'Facturation et paiements des commandes groupées',
  });
  const emptyCategory = await server.post(`/projects/${project.id}/categories`, { name: 'Compte' });
  const scenario = await server.post(`/projects/${project.id}/categories/${category.id}/scenarios`, guide);
  const stepless = await server.post(`/projects/${project.id}/categories/${category.id}/scenarios`, {
    ...guide,
    title: 'Télécharger une facture',
  });
  for (const [name, text, url] of [
    ['Panier', 'Ouvrez le panier depuis l’en-tête.', '/cart'],
    [
      'Livraison',
      'Choisissez une adresse de livraison enregistrée ou saisissez-en une nouvelle.',
      '/delivery',
    ],
    ['Paiement', 'Payez par carte ou par virement.', '/payment'],
  ] as const) {
    await server.post(`/scenarios/${scenario.id}/steps`, { name, text, url });
  }
  for (const [address, role] of [
    [`alexandre.${viewport.name}@example.com`, 'Contributor'],
    [`marie-charlotte.de-la-fontaine.${viewport.name}@example.com`, 'Admin'],
  ] as const) {
    await server.post('/auth/invite', { email: address, role, rootRedirect: origin });
  }

  await visit(page, '/app/dashboard', 'Tableau de bord', shot('dashboard'));
  if (phone) {
    // The stat cards leave room for the content below them on the first screen.
    const activity = page.getByRole('heading', { level: 2, name: 'Activité des 30 derniers jours' });
    expect((await activity.boundingBox())?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(viewport.height);
  }
  await visit(page, '/app/projects', 'Vos projets', shot('projects'));
  // A dialog opened over cards: no card control shows through it.
  await page.getByRole('button', { name: 'Nouveau projet' }).click();
  const newProject = page.getByRole('dialog', { name: 'Nouveau projet' });
  await expect(newProject).toBeVisible();
  await expectLayout(page, 'Nouveau projet dialog');
  await picture(page, shot('projects-new-dialog'));
  const cancels = [await cancelLook(newProject)];
  const gaps = await requiredMarkGaps(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await visit(page, `/app/projects/${project.id}`, /Portail client/, shot('project'));
  await visit(page, `/app/projects/${empty.id}`, 'Intranet', shot('project-empty'));
  await expectEmptyStateWithAction(page, 'a project without categories');
  await visit(
    page,
    `/app/projects/${project.id}/categories/${emptyCategory.id}`,
    'Compte',
    shot('category-empty'),
  );
  await expectEmptyStateWithAction(page, 'a category without guides');
  const categoryPath = `/app/projects/${project.id}/categories/${category.id}`;
  await visit(page, categoryPath, /Facturation/, shot('category'));
  await page.getByRole('button', { name: `Actions pour ${guide.title}` }).click();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectLayout(page, 'Supprimer le guide dialog');
  await picture(page, shot('category-delete-dialog'));
  cancels.push(await cancelLook(page.getByRole('alertdialog')));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await visit(page, `${categoryPath}/scenarios/new`, 'Nouveau guide', shot('scenario-new'));
  gaps.push(...(await requiredMarkGaps(page)));
  // One way of marking a required field: the same space before every "*".
  expect(new Set(gaps.map((g) => g.replace(/^.*: /, ''))).size, gaps.join(', ')).toBe(1);
  await visit(page, `/app/projects/${project.id}/scenarios/${scenario.id}`, guide.title, shot('scenario'));
  await visit(
    page,
    `/app/projects/${project.id}/scenarios/${stepless.id}`,
    'Télécharger une facture',
    shot('scenario-no-steps'),
  );
  await expectEmptyStateWithAction(page, 'a guide without steps');
  await visit(
    page,
    `/app/projects/${project.id}/scenarios/${scenario.id}/edit`,
    'Modifier le guide',
    shot('scenario-edit'),
  );
  await visit(page, '/app/assistant', /Assistant/, shot('assistant'));
  await visit(page, '/app/profile', /Profil|Mon profil/, shot('profile'));
  await visit(page, '/app/team', "Gestion d'équipe", shot('team'));
  await page.getByRole('button', { name: 'Inviter un membre' }).click();
  const invite = page.getByRole('dialog', { name: 'Inviter un nouveau membre' });
  await expect(invite).toBeVisible();
  await expectLayout(page, 'Inviter un membre dialog');
  await picture(page, shot('team-invite-dialog'));
  cancels.push(await cancelLook(invite));
  // One "Annuler" in every dialog (it was an accent outline in content dialogs, grey in team dialogs).
  expect(new Set(cancels).size, cancels.join(' | ')).toBe(1);
  await page.keyboard.press('Escape');

  // Leaving: the session ends without a refused request or an error on the way out.
  await page.goto('/app/dashboard');
  await settled(page, 'Tableau de bord');
  await page.getByRole('button', { name: /Menu utilisateur/ }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await settled(page, 'Connexion');
  await page.waitForLoadState('networkidle');

  expect(problems, 'console errors and failed requests during the journey').toEqual([]);
  await context.close();
}

for (const viewport of viewports) {
  test(`every route at ${viewport.width} px: baselines and layout invariants`, async ({
    browser,
    request,
  }) => {
    await journey(browser, request, viewport);
  });
}
