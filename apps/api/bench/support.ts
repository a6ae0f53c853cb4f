// What the benchmarks share.
import type { buildServer } from '../src/server.ts';

type Server = Awaited<ReturnType<typeof buildServer>>;

/**
 * A new account, logged in, on a server listening at base: its token and personal organization. The account is
 * confirmed in the database directly: the benchmarks measure their own requests, not sign-up.
 */
export async function benchAccount(
  app: Server,
  base: string,
): Promise<{ token: string; organizationId: string }> {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench password';
  const json = { 'content-type': 'application/json' };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ credentials: { email, password }, rootUrl: 'http://localhost:3000' }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  await app.mulot.db
    .updateTable('users')
    .set({ confirmed_at: new Date() })
    .where('email', '=', email)
    .execute();
  const login = (await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password }),
    })
  ).json()) as { jwt: string };
  const orgs = (await (
    await fetch(`${base}/api/organizations`, { headers: { authorization: `Bearer ${login.jwt}` } })
  ).json()) as Array<{ id: string }>;
  return { token: login.jwt, organizationId: orgs[0]?.id ?? '' };
}
