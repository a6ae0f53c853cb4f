// Renders the extension's toolbar and store icons (public/icon/<size>.png, which WXT puts in the manifest) from the
// product's logo, the back-office favicon, in Chromium: `node scripts/icons.ts` after the logo changes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchChromium } from '@mulot/testing/chromium';

const logo = readFileSync(resolve(import.meta.dirname, '../../backoffice/public/favicon.svg'), 'utf8');
const out = resolve(import.meta.dirname, '../public/icon');
mkdirSync(out, { recursive: true });
const browser = await launchChromium();
try {
  for (const size of [16, 32, 48, 128]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = logo.replace('width="32" height="32"', `width="${size}" height="${size}"`);
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${sized}`);
    writeFileSync(resolve(out, `${size}.png`), await page.screenshot({ omitBackground: true }));
    await page.close();
  }
} finally {
  await browser.close();
}
