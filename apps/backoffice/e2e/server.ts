// The product as the end-to-end tests see it: apps/api serving the built back-office, on a fresh PGlite
// directory, sending its mails over SMTP to a local sink; a second port lets the tests read those mails.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '@mulot/api';
import { SMTPServer } from 'smtp-server';
import { mailPort, port } from './ports.ts';

interface Mail {
  to: string[];
  subject: string;
  text: string;
}
const mails: Mail[] = [];

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
      mails.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? '',
        text: decodeQuotedPrintable(rest.join('\n\n')),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

// GET /mails?to=address → the mails received for that address, oldest first.
const mailbox = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const to = url.searchParams.get('to')?.toLowerCase();
  const found = to ? mails.filter((m) => m.to.includes(to)) : mails;
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(found));
});
await new Promise<void>((resolve) => mailbox.listen(mailPort, '127.0.0.1', resolve));

// `pnpm test` builds the product once before the suites that share it (scripts/test.ts); run alone, this suite needs
// `pnpm --filter @mulot/backoffice build` first (or `pnpm test:e2e`, which does both).
const backofficeDir = join(import.meta.dirname, '..', 'build', 'client');
if (!existsSync(join(backofficeDir, 'index.html'))) {
  throw new Error(
    `e2e: no built back-office in ${backofficeDir}: run \`pnpm --filter @mulot/backoffice build\` first`,
  );
}

const dataDir = mkdtempSync(join(tmpdir(), 'mulot-e2e-'));
// The packaged extension as the build leaves it, with a fixed version whatever the repository's build holds, so that
// the pages (and their screenshots) offer the same download on every machine: an empty zip (its end record only).
const extensionDir = join(dataDir, 'extension');
mkdirSync(extensionDir);
writeFileSync(
  join(extensionDir, 'mulot-extension-0.0.1.zip'),
  Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]),
);
const app = await buildServer({
  port,
  host: '127.0.0.1',
  dataDir,
  database: { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
  smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
  backofficeDir,
  extensionDir,
  logLevel: process.env.E2E_LOG_LEVEL ?? 'warn',
  // Cheap hashing keeps the suite fast; production keeps the default cost.
  scryptCost: 1024,
});
await app.listen({ port, host: '127.0.0.1' });
// The first account of a database is the platform administrator (it sees every organization and gets the
// organization switcher). Taken here, so that no test's account becomes it by registering first: what a test sees
// does not depend on the order the tests ran in.
const operator = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    credentials: { email: 'operator@example.com', password: 'operator password 1' },
    rootUrl: `http://localhost:${port}`,
  }),
});
if (operator.status !== 201)
  throw new Error(`e2e: registering the platform administrator: ${operator.status}`);
console.log(`e2e: product on http://127.0.0.1:${port}, mailbox on http://127.0.0.1:${mailPort}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    void Promise.allSettled([
      app.close(),
      new Promise<void>((resolve) => smtp.close(() => resolve())),
      new Promise<void>((resolve) => mailbox.close(() => resolve())),
    ]).then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}
