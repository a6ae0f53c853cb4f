// What the embed's suite and bench do as a member before any visitor comes: sign up as one does (the confirmation
// link the API logs, no SMTP), make a project on the demo site, and record its steps' targets as the creator does.
import type { Started } from '@mulot/testing/product';
import { build } from 'esbuild';
import type { Browser } from 'playwright';

export interface Member {
  /** An /api call with the member's session and organization; the answer's JSON, or throws with its status. */
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  /** The back-office's session as it keeps it in localStorage (spec §3): the token, the user, the organization. */
  session: { token: string; user: string; organizationId: string };
}

export async function signUp(api: Started, email: string, password: string): Promise<Member> {
  let token = '';
  let org = '';
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${api.url}/api${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(org ? { 'x-organization-id': org } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  await call('POST', '/auth/register', { credentials: { email, password }, rootUrl: api.url });
  let link: string | undefined;
  for (let i = 0; i < 50 && !link; i += 1) {
    link = api.output.map((line) => /"link":"([^"]+confirm-account[^"]+)"/.exec(line)?.[1]).find(Boolean);
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  if (!link) throw new Error(`no confirmation link logged for ${email}`);
  const confirm = new URL(link);
  await call('POST', '/auth/confirm', {
    code: confirm.searchParams.get('code'),
    email: confirm.searchParams.get('email'),
  });
  const signedIn = await call<{ jwt: string; user: unknown }>('POST', '/auth/login', { email, password });
  token = signedIn.jwt;
  org = ((await call<Array<{ id: string }>>('GET', '/organizations'))[0] as { id: string }).id;
  return { call, session: { token, user: JSON.stringify(signedIn.user), organizationId: org } };
}

/** The targets as the creator captures them: the player's `capture` run on the site's own pages. */
export async function captureTargets(
  browser: Browser,
  origin: string,
  spots: ReadonlyArray<readonly [path: string, selector: string]>,
): Promise<Record<string, unknown>[]> {
  const player = (
    await build({
      stdin: {
        contents: "export { capture } from '@mulot/player';",
        resolveDir: import.meta.dirname,
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      globalName: 'MulotPlayer',
      write: false,
    })
  ).outputFiles[0]?.text as string;
  const page = await browser.newPage();
  const targets: Record<string, unknown>[] = [];
  for (const [path, selector] of spots) {
    await page.goto(`${origin}${path}`);
    await page.locator(selector).waitFor();
    await page.addScriptTag({ content: player });
    targets.push(
      await page.evaluate(
        (s) =>
          (
            window as unknown as { MulotPlayer: { capture(el: Element): Record<string, unknown> } }
          ).MulotPlayer.capture(document.querySelector(s) as Element),
        selector,
      ),
    );
  }
  await page.close();
  return targets;
}
