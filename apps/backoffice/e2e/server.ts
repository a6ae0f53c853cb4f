// The product as the end-to-end tests see it: the built product as `pnpm start` serves it (apps/api serving
// build/client) on a fresh PGlite directory, sending its mails over SMTP to the shared sink, whose mailbox the tests
// read over HTTP on a second port. Playwright's webServer runs this file and stops it (and its children) at the end.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailSink, serveMailbox } from '@mulot/testing/mail';
import { e2ePorts } from '@mulot/testing/ports';
import { startProduct } from '@mulot/testing/product';

const sink = new MailSink();
const smtpUrl = await sink.start();
const mailbox = await serveMailbox(sink, e2ePorts.mailbox);

// The packaged extension as the build leaves it, with a fixed version whatever the repository's build holds, so that
// the pages (and their screenshots) offer the same download on every machine: an empty zip (its end record only).
const extensionDir = mkdtempSync(join(tmpdir(), 'mulot-e2e-extension-'));
writeFileSync(
  join(extensionDir, 'mulot-extension-0.0.1.zip'),
  Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]),
);

// `pnpm test` builds the product once before the suites that share it (scripts/test.ts); run alone, this suite needs
// `pnpm --filter @mulot/backoffice build` first (or `pnpm test:e2e`, which does both): startProduct says so.
const product = await startProduct({
  port: e2ePorts.product,
  backofficeDir: join(import.meta.dirname, '..', 'build', 'client'),
  env: { SMTP_URL: smtpUrl, EXTENSION_DIR: extensionDir, LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn' },
});

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  await Promise.allSettled([product.stop(), sink.stop(), mailbox.close()]);
  rmSync(extensionDir, { recursive: true, force: true });
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void close());

// The first account of a database is the platform administrator (it sees every organization and gets the
// organization switcher). Taken here, so that no test's account becomes it by registering first: what a test sees
// does not depend on the order the tests ran in.
const operator = await fetch(`${product.url}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    credentials: { email: 'operator@example.com', password: 'operator password 1' },
    rootUrl: `http://localhost:${e2ePorts.product}`,
  }),
});
if (operator.status !== 201) {
  console.error(
    `e2e: registering the platform administrator: ${operator.status}\n${product.output.join('\n')}`,
  );
  await close();
}
console.log(`e2e: product on ${product.url}, mailbox on ${mailbox.url}`);
