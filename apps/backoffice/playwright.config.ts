import { chromiumLaunchOptions } from '@mulot/testing/chromium';
import { e2ePorts } from '@mulot/testing/ports';
import { defineConfig } from '@playwright/test';

const { product: port, mailbox: mailPort } = e2ePorts;

export default defineConfig({
  testDir: './e2e',
  // One product instance with one database: tests create their own users, so they can share it; two workers
  // keep the 2-core CI machine responsive.
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // A guard against a hang, not a measure of speed: a passing test takes 5 to 25 s on an idle 2-core machine, and CI
  // has run this suite at up to twice that with the API and stories suites beside it.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node e2e/server.ts',
    url: `http://127.0.0.1:${port}/api/translations/locales`,
    // Ready once the platform administrator is registered (e2e/server.ts), not as soon as the API answers: a test's
    // account registering first would become it.
    wait: { stdout: /^e2e: product on / },
    env: { E2E_PORT: String(port), E2E_MAIL_PORT: String(mailPort) },
    reuseExistingServer: false,
    // The product's first start on a new database (initdb, migrations) takes seconds, more on a busy machine.
    timeout: 120_000,
    // SIGTERM, so that e2e/server.ts stops the product and removes its temporary directories.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
