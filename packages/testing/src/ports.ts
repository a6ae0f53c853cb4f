// Ports for the servers suites start themselves. Every range sits below Linux's ephemeral range (32768–60999): a port
// found free is only bound by its server a moment later, and inside that range an outgoing connection of a suite
// running alongside could take it in between (one did, once, in CI). Each engineer's machine share sets its own
// ranges through these variables, so that suites run side by side never meet.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The back-office end-to-end run's product and mailbox: fixed, because Playwright's config names its base URL. */
export const e2ePorts = {
  product: Number(process.env.E2E_PORT ?? 28417),
  mailbox: Number(process.env.E2E_MAIL_PORT ?? 28418),
};

// The range suites take servers' ports from (a private PostgreSQL, a spawned API, nginx).
const first = Number(process.env.MULOT_TEST_PORT_FIRST ?? 29400);
const last = Number(process.env.MULOT_TEST_PORT_LAST ?? 29499);

// A port found free is only bound seconds later, once the spawned server has started; meanwhile a suite in another
// worker (the other backend's project runs in parallel) could find it free too. A claim file per port, created
// exclusively and naming its process, keeps it ours until this process exits.
const claims = join(tmpdir(), 'mulot-test-ports');
const owned: string[] = [];
process.once('exit', () => {
  for (const file of owned) rmSync(file, { force: true });
});

/** Whether the process `pid` still runs (EPERM: it does, under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function claim(port: number): boolean {
  mkdirSync(claims, { recursive: true });
  const file = join(claims, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      owned.push(file);
      return true;
    } catch {
      // Held: taken back only from a process that is gone (a worker killed before its exit hook ran).
      const holder = Number(readFileSync(file, 'utf8'));
      if (holder === process.pid || alive(holder)) return false;
      rmSync(file, { force: true });
    }
  }
  return false;
}

function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * A port of the range nothing listens on right now and no other test process has claimed, starting from a random
 * point (suites run in parallel). It stays claimed until this process exits, so restarting a server on it is safe.
 * A server that can listen on port 0 and say where should do that instead.
 */
export async function freePort(): Promise<number> {
  const span = last - first + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = first + ((start + i) % span);
    if (claim(port) && (await free(port))) return port;
  }
  throw new Error(`no free port between ${first} and ${last}`);
}
