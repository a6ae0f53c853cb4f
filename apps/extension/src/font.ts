import { browser } from 'wxt/browser';
import { FONT_DIR, interFiles } from './font-files';

/** The family the design system's tokens name (packages/ui/src/preset/tokens.ts). */
const FAMILY = 'Inter Variable';

const added = new WeakSet<Document>();

/**
 * Adds the design system's font to `doc`. The ui's stylesheet reaches the in-page panel inside a shadow root, where
 * Chromium ignores `@font-face`: without the face on the page's own document the panel, the step overlay and their
 * dialogs fell back to the system font. The extension's pages (popup, consent) take it the same way.
 */
export function addInterFont(doc: Document = document): void {
  if (added.has(doc)) return;
  added.add(doc);
  for (const { file, unicodeRange } of interFiles) {
    const url = browser.runtime.getURL(`/${FONT_DIR}/${file}`);
    doc.fonts.add(
      new FontFace(FAMILY, `url("${url}") format("woff2")`, {
        weight: '100 900',
        style: 'normal',
        display: 'swap',
        unicodeRange,
      }),
    );
  }
}
