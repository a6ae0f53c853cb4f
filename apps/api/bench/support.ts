// What the benchmarks share.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { buildServer } from '../src/app.ts';
import type { DatabaseTarget } from '../src/db/index.ts';

type Server = Awaited<ReturnType<typeof buildServer>>;

const adminUrl = process.env.BENCH_DATABASE_URL;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/**
 * With BENCH_DATABASE_URL, a scratch database created on that PostgreSQL server, with the drop to run at the end;
 * otherwise the embedded target given, with nothing to drop.
 */
export async function benchDatabase(
  name: string,
  embedded: DatabaseTarget,
): Promise<{ database: DatabaseTarget; drop: () => Promise<void> }> {
  if (!adminUrl) return { database: embedded, drop: async () => {} };
  const scratch = `${name}_${Date.now()}`;
  await admin(`CREATE DATABASE ${scratch}`);
  const url = new URL(adminUrl);
  url.pathname = `/${scratch}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    drop: () => admin(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`),
  };
}

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

/**
 * A checkout of another version of the code to measure beside this one in the same run: BENCH_BASELINE_REF (else
 * `defaultRef`, e.g. main or the merge base) in a temporary git worktree, removed by `cleanup`. Its apps/api runs
 * with this checkout's dependencies (node_modules linked): modules imported from `tree` are that version's code.
 */
export function baselineWorktree(defaultRef: string): { ref: string; tree: string; cleanup: () => void } {
  const repo = resolve(import.meta.dirname, '../../..');
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  const ref = process.env.BENCH_BASELINE_REF ?? defaultRef;
  const tree = join(mkdtempSync(join(tmpdir(), 'mulot-bench-baseline-')), 'tree');
  git('worktree', 'add', '--detach', tree, ref);
  const cleanup = () => {
    git('worktree', 'remove', '--force', tree);
    rmSync(resolve(tree, '..'), { recursive: true, force: true });
  };
  try {
    symlinkSync(join(repo, 'apps/api/node_modules'), join(tree, 'apps/api/node_modules'), 'dir');
    return { ref: git('rev-parse', '--short', ref), tree, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** The git merge base of HEAD and main: where this branch left main. */
export function mergeBaseWithMain(): string {
  return execFileSync('git', ['merge-base', 'HEAD', 'main'], {
    cwd: resolve(import.meta.dirname, '../../..'),
    encoding: 'utf8',
  }).trim();
}
