import { expect, test } from '@playwright/test';
import { confirmedAccount, expectNoAxeViolations, login } from './support';

test('dashboard: real counts, 30-day activity and recent projects from the API', async ({
  page,
  request,
}) => {
  const { email, password } = await confirmedAccount(request, 'dashboard');
  await login(page, email, password);
  const stat = (label: string) => page.locator('dl').filter({ has: page.locator('dt', { hasText: label }) });
  // A new organization: everything is zero, and nothing else is claimed.
  await expect(stat('Projets').locator('dd').first()).toHaveText('0');
  await expect(stat('Membres').locator('dd').first()).toHaveText('1');
  await expect(page.getByText('Aucun projet créé et aucun guide lancé sur 30 jours.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Aucun projet pour le moment' })).toBeVisible();

  // A project created in the current organization (the projects screen is another branch's: the API here).
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    organizationId: localStorage.getItem('organizationId'),
  }));
  const created = await request.post('/api/projects', {
    headers: {
      authorization: `Bearer ${session.token}`,
      'x-organization-id': session.organizationId ?? '',
    },
    data: { name: 'Portail client', description: 'Guides du portail', sites: ['https://example.com'] },
  });
  expect(created.status()).toBe(201);
  const project = (await created.json()) as { id: string };

  await page.reload();
  await expect(stat('Projets').locator('dd').first()).toHaveText('1');
  await expect(page.getByText('1 projet créé et aucun guide lancé sur 30 jours.')).toBeVisible();
  const chart = page.locator('svg[aria-label="1 projet créé et aucun guide lancé sur 30 jours."]');
  await expect(chart).toHaveAttribute('height', '400');
  const recent = page.getByRole('link', { name: /Portail client/ });
  await expect(recent).toHaveAttribute('href', `/app/projects/${project.id}`);
  await expect(recent).toContainText('Aucun guide');

  // The legend isolates a series and restores them, from the keyboard too.
  const guides = page.getByRole('button', { name: 'Guides lancés' });
  await guides.focus();
  await page.keyboard.press('Enter');
  await expect(guides).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('path[data-series="projectsCreated"]')).toHaveCSS('stroke-opacity', '0.2');
  await page.keyboard.press('Enter');
  await expect(page.locator('path[data-series="projectsCreated"]')).toHaveCSS('stroke-opacity', '1');

  // The days' figures from the keyboard: the newest day first (today's project), read out, inside the chart.
  // The chart is one focusable image named by its summary. xychart's svg inside carries the same label; an image's
  // children are presentational to assistive technology, but Playwright's role query lists both: the outer one.
  const figure = page.getByRole('img', { name: '1 projet créé et aucun guide lancé sur 30 jours.' }).first();
  await figure.focus();
  await page.keyboard.press('ArrowRight');
  const tooltip = page.locator('[data-chart-tooltip]');
  await expect(tooltip).toBeVisible();
  await expect(figure.locator('xpath=..').locator('[aria-live="polite"]')).toContainText(
    'Projets créés 1, Guides lancés 0',
  );
  const chartBox = await chart.boundingBox();
  const tipBox = await tooltip.boundingBox();
  expect(
    chartBox && tipBox && tipBox.x >= chartBox.x && tipBox.x + tipBox.width <= chartBox.x + chartBox.width,
  ).toBe(true);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
});
