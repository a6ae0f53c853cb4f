import { createServer } from 'node:net';

// The range this project's fault-injection tests may use for the servers they start themselves (a private
// PostgreSQL, a spawned API), away from the ports of other suites running on the same machine, and below Linux's
// ephemeral range (32768–60999): a port found free here is only bound by the server a moment later, and inside that
// range an outgoing connection of a suite running alongside could take it in between.
const first = Number(process.env.MULOT_TEST_PORT_FIRST ?? 29400);
const last = Number(process.env.MULOT_TEST_PORT_LAST ?? 29499);

function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port of the range nothing listens on right now, starting from a random point (suites run in parallel). */
export async function freePort(): Promise<number> {
  const span = last - first + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = first + ((start + i) % span);
    if (await free(port)) return port;
  }
  throw new Error(`no free port between ${first} and ${last}`);
}
