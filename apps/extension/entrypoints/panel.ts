import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { panels } from '../src/panels';

// Imported by the content script (`import()` of the extension's URL runs it in the same isolated world), which
// finds the panels on the world's global: an unlisted script is built as a classic script, without exports.
export default defineUnlistedScript(() => {
  globalThis.mulotPanels = panels;
});
