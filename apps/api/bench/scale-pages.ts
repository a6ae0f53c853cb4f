// The back-office at scale, in /usr/bin/chromium: how long /app/projects and /app/dashboard take to show their
// content after navigation, how many DOM nodes they hold then, and how long the browser is busy with one keystroke
// in the projects' search box (Event Timing: from the key press to the next paint). Only the built back-office
// served by the branch's server is measured: main's figures are issue 43's (the same pages, measured by hand).
import { launchChromium } from '@mulot/testing/chromium';

type Browser = Awaited<ReturnType<typeof launchChromium>>;
type Page = Awaited<ReturnType<Browser['newPage']>>;

export interface PageFigures {
  projects: { ms: number; nodes: number };
  dashboard: { ms: number; nodes: number };
  /** The longest event of a keystroke in the search box (keydown, keypress, input, keyup), in ms. */
  keystrokeMs: number;
}

let browser: Browser | null = null;

export async function closePagesBrowser(): Promise<void> {
  await browser?.close();
  browser = null;
}

/** Signed in as the back-office signs in (spec §3: the token and the user in localStorage), then each page once. */
export async function measurePages(
  base: string,
  token: string,
  organizationId: string,
): Promise<PageFigures> {
  const me = await (
    await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  browser ??= await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
  await context.addInitScript(
    ([t, u, o]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
      localStorage.setItem('organizationId', o);
    },
    [token, JSON.stringify(me), organizationId] as const,
  );
  try {
    const page = await context.newPage();
    const nodes = () => page.evaluate(() => document.getElementsByTagName('*').length);
    // The code is loaded on a page that reads none of what is measured (the profile); then each page is reached
    // as a member reaches it, from the sidebar, its data fetched for the first time.
    await page.goto(`${base}/app/profile`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    const timed = async (path: string, shown: () => Promise<void>) => {
      const start = performance.now();
      await page.evaluate((to) => {
        // Client-side navigation, as the sidebar's links do it.
        const link = document.querySelector<HTMLAnchorElement>(`a[href="${to}"]`);
        if (!link) throw new Error(`no link to ${to}`);
        link.click();
      }, path);
      await shown();
      return { ms: performance.now() - start, nodes: await nodes() };
    };
    const projects = await timed('/app/projects', () =>
      page.getByTestId('project-card').first().waitFor({ timeout: 120_000 }),
    );
    const keystrokeMs = await keystroke(page);
    const dashboard = await timed('/app/dashboard', async () => {
      await page.getByRole('heading', { name: 'Guides à réparer' }).waitFor({ timeout: 120_000 });
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 120_000 });
    });
    return { projects, dashboard, keystrokeMs };
  } finally {
    await context.close();
  }
}

async function keystroke(page: Page): Promise<number> {
  await page.evaluate(() => {
    const durations: number[] = [];
    (window as unknown as { keystroke: number[] }).keystroke = durations;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) durations.push(entry.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
  const search = page.getByRole('searchbox').first();
  await search.click();
  await page.keyboard.press('p');
  // Event Timing reports an entry once the frame after it is painted; entries under 16 ms are not reported.
  await page.waitForTimeout(500);
  return page.evaluate(() => Math.max(0, ...(window as unknown as { keystroke: number[] }).keystroke));
}
