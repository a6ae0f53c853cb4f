import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../../../..');

export interface Started {
  url: string;
  /** every line the process printed (the API logs the links of the mails it writes) */
  output: string[];
  stop(): Promise<void>;
}

/**
 * The address the child printed once listening. The children listen on port 0 (the system's choice) and say where:
 * a port picked here, closed, then handed to the child could be taken in between by another suite of the run (an
 * outgoing connection takes any free port of the ephemeral range), and the readiness check would then ask the
 * other server.
 */
async function listening(
  pattern: RegExp,
  what: string,
  child: ChildProcess,
  output: string[],
): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    for (const line of output) {
      const found = line.match(pattern)?.[1];
      if (found) return found;
    }
    if (child.exitCode !== null) throw new Error(`${what} exited: ${output.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not say where it listens: ${output.join('\n')}`);
}

async function waitUntil(check: () => Promise<boolean>, what: string, child: ChildProcess, output: string[]) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited: ${output.join('\n')}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start: ${output.join('\n')}`);
}

function run(script: string, env: Record<string, string>): { child: ChildProcess; output: string[] } {
  const child = spawn(process.execPath, [script], {
    cwd: repo,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output };
}

function stopper(child: ChildProcess, cleanup = () => {}) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    cleanup();
  };
}

/**
 * apps/api on a fresh PGlite directory, serving the built back-office (built once by `pnpm test` before the suites) so
 * that authors publish as they would; without SMTP_URL its mails are .eml files and their links are logged.
 */
export async function startApi(): Promise<Started> {
  for (const built of [
    'apps/backoffice/build/client/index.html',
    'apps/extension/.output/chrome-mv3/manifest.json',
  ]) {
    // `pnpm test` builds both once for every suite (scripts/test.ts); run alone, this suite needs them built.
    if (!existsSync(join(repo, built))) throw new Error(`${built} is missing: run \`pnpm build\` first`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'mulot-ext-api-'));
  const { child, output } = run('apps/api/src/cli.ts', {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    BACKOFFICE_DIR: join(repo, 'apps/backoffice/build/client'),
    LOG_LEVEL: 'info',
  });
  // Fastify's start line: "Server listening at http://127.0.0.1:PORT".
  const url = await listening(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/, 'API', child, output);
  await waitUntil(async () => (await fetch(`${url}/api/organizations`)).status === 401, 'API', child, output);
  return { url, output, stop: stopper(child, () => rmSync(dataDir, { recursive: true, force: true })) };
}

/** apps/demo-site (the customer website guides are authored and played on). */
export async function startDemoSite(): Promise<Started> {
  const { child, output } = run('apps/demo-site/server.ts', { PORT: '0', HOST: '127.0.0.1' });
  const url = await listening(/demo site on (http:\/\/localhost:\d+)/, 'demo site', child, output);
  const port = new URL(url).port;
  await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/`)).ok, 'demo site', child, output);
  return { url, output, stop: stopper(child) };
}
