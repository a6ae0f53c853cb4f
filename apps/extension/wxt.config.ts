import { defineConfig } from 'wxt';

export default defineConfig({
  manifestVersion: 3,
  browser: 'chrome',
  outDir: '.output',
  // `wxt zip` (the build) also packs .output/chrome-mv3 as .output/mulot-extension-<version>.zip, which the API
  // server hands to authors (/extension/mulot-extension.zip)
  zip: { artifactTemplate: 'mulot-extension-{{version}}.zip' },
  manifest: {
    name: 'Mulot',
    description: 'Créez et suivez des guides interactifs sur vos sites web.',
    default_locale: undefined,
    // storage: session and per-tab guide state; tabs: open the launched page, capture the visible tab
    permissions: ['storage', 'tabs'],
    // the API (any origin chosen at launch) and the customer sites guides are played on
    host_permissions: ['<all_urls>'],
    action: { default_title: 'Mulot' },
    // the panels' code, imported by the content script when a tab is in creator or reader mode (an import from
    // an extension URL must be web-accessible to the pages it runs on)
    web_accessible_resources: [{ resources: ['panel.js'], matches: ['<all_urls>'] }],
    // the public key pins the extension's id wherever it is installed from (unpacked, a .zip, a policy, the store)
    ...(process.env.MULOT_EXTENSION_KEY ? { key: process.env.MULOT_EXTENSION_KEY } : {}),
  },
});
