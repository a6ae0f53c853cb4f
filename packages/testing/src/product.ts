// The product and the demo site as their own processes, started the way their packages start them (`pnpm start`
// runs the `start` script): what a suite or a bench checks is what an operator runs, and no suite imports the
// API's code to do it.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repo = resolve(import.meta.dirname, '../../..');
/** Where `pnpm --filter @mulot/backoffice build` leaves the back-office the API serves. */
export const backofficeBuild = join(repo, 'apps/backoffice/build/client');

export interface Started {
  url: string;
  /** Every line the process printed (at LOG_LEVEL info, the API logs the links of the mails it writes to disk). */
  output: string[];
  stop(): Promise<void>;
}

/** The entry file of a package's `start` script (`node FILE`), so that a moved entry point moves here too. */
function startEntry(packageDir: string): string {
  const { scripts } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const file = /^node (\S+)$/.exec(scripts?.start ?? '')?.[1];
  if (!file) throw new Error(`${packageDir}: the start script is not "node FILE": ${scripts?.start}`);
  return join(packageDir, file);
}

/**
 * A package's start command as a child of this process, its output piped. Only PATH and `env` reach it: no variable
 * of the test runner (a DATABASE_URL of the machine…) leaks in.
 */
function spawnStart(packageDir: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [startEntry(packageDir)], {
    cwd: packageDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const apiDir = join(repo, 'apps/api');

/**
 * apps/api as an operator starts it, with only `env` (and PATH) for its variables: the one way every suite and bench
 * starts the API. The caller reads its output and stops it; `startProduct` below does both for a product to test.
 */
export function spawnApi(env: Record<string, string>): ChildProcess {
  return spawnStart(apiDir, env);
}

function collected(child: ChildProcess): { child: ChildProcess; output: string[] } {
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output };
}

const tail = (output: string[]) => output.slice(-40).join('\n');

/**
 * The address the child printed once listening. Children listen on port 0 (the system's choice) and say where: a
 * port picked here, closed, then handed to the child could be taken in between by another suite of the run, and the
 * readiness check would then ask the other server.
 */
async function listening(pattern: RegExp, what: string, child: ChildProcess, output: string[]) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    for (const line of output) {
      const found = line.match(pattern)?.[1];
      if (found) return found;
    }
    if (child.exitCode !== null) throw new Error(`${what} exited:\n${tail(output)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not say where it listens:\n${tail(output)}`);
}

async function waitUntil(check: () => Promise<boolean>, what: string, child: ChildProcess, output: string[]) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited:\n${tail(output)}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start:\n${tail(output)}`);
}

function stopper(child: ChildProcess, cleanup = () => {}) {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    cleanup();
  };
}

export interface ProductOptions {
  /** A fixed port (a Playwright config names it); 0, the default, lets the system choose and reads where. */
  port?: number;
  /** The built back-office to serve; apps/backoffice/build/client by default. */
  backofficeDir?: string;
  /**
   * More of the API's variables (apps/api/README.md): SMTP_URL (without it mails are .eml files in DATA_DIR/mail and
   * their links are logged), EXTENSION_DIR, LOG_LEVEL (info by default)… DATA_DIR is a fresh directory, removed on
   * stop, unless given here.
   */
  env?: Record<string, string>;
}

/** The product as `pnpm start` serves it: apps/api on a fresh PGlite directory, serving the built back-office. */
export async function startProduct(options: ProductOptions = {}): Promise<Started & { dataDir: string }> {
  const backofficeDir = options.backofficeDir ?? backofficeBuild;
  // `pnpm test` builds the product once for every suite (scripts/test.ts); run alone, a suite needs it built.
  if (!existsSync(join(backofficeDir, 'index.html')))
    throw new Error(
      `no built back-office in ${backofficeDir}: run \`pnpm --filter @mulot/backoffice build\` first`,
    );
  const ownDataDir = options.env?.DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'mulot-product-'));
  const dataDir = options.env?.DATA_DIR ?? (ownDataDir as string);
  const port = options.port ?? 0;
  const env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    BACKOFFICE_DIR: backofficeDir,
    LOG_LEVEL: 'info',
    ...options.env,
  };
  const { child, output } = collected(spawnApi(env));
  const cleanup = () => {
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  try {
    // On port 0 only the start line says where: "Server listening at http://127.0.0.1:PORT" (level info).
    const url =
      port === 0
        ? await listening(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/, 'the API', child, output)
        : `http://127.0.0.1:${port}`;
    await waitUntil(
      async () => (await fetch(`${url}/api/translations/locales`)).ok,
      'the API',
      child,
      output,
    );
    return { url, dataDir, output, stop: stopper(child, cleanup) };
  } catch (error) {
    await stopper(child, cleanup)();
    throw error;
  }
}

/** apps/demo-site, the customer website guides are authored and played on. */
export async function startDemoSite(): Promise<Started> {
  const { child, output } = collected(
    spawnStart(join(repo, 'apps/demo-site'), { PORT: '0', HOST: '127.0.0.1' }),
  );
  try {
    const url = await listening(/demo site on (http:\/\/localhost:\d+)/, 'the demo site', child, output);
    const port = new URL(url).port;
    await waitUntil(
      async () => (await fetch(`http://127.0.0.1:${port}/`)).ok,
      'the demo site',
      child,
      output,
    );
    return { url, output, stop: stopper(child) };
  } catch (error) {
    await stopper(child)();
    throw error;
  }
}
