import { createRequire } from 'node:module';
import { defineConfig } from 'wxt';
import { FONT_DIR, interFiles } from './src/font-files';

const require = createRequire(import.meta.url);
const fonts = interFiles.map(({ file }) => `${FONT_DIR}/${file}`);

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
    // storage: session and per-tab guide state; tabs: open the launched page, capture the visible tab; scripting:
    // the launcher is registered on the configured Mulot address only, the end users' reader on the sites of the
    // policy's site keys only; alarms: those sites are asked again every hour (a project's sites change in the
    // back-office, and a service worker's timers do not outlive it)
    permissions: ['storage', 'tabs', 'scripting', 'alarms'],
    // an organization sets the Mulot address and its projects' site keys by policy (README "Organization policy")
    storage: { managed_schema: 'managed-schema.json' },
    // the player relies on the popover top layer (114), the Navigation API (102) and checkVisibility's opacity and
    // visibility options (121), with no fallback for older browsers
    minimum_chrome_version: '121',
    // the API (any origin chosen at launch) and the customer sites guides are played on
    host_permissions: ['<all_urls>'],
    action: { default_title: 'Mulot' },
    // the panels' code, imported by the content script when a tab is in creator or reader mode (an import from
    // an extension URL must be web-accessible to the pages it runs on: the project's sites, any http(s) site), and
    // the font files the page's document loads for them (src/font.ts). Through a URL that changes every session
    // (use_dynamic_url): a page cannot probe a fixed extension URL to learn that Mulot is installed.
    web_accessible_resources: [
      { resources: ['panel.js', ...fonts], matches: ['http://*/*', 'https://*/*'], use_dynamic_url: true },
    ],
    // the public key pins the extension's id wherever it is installed from (unpacked, a .zip, a policy, the store)
    ...(process.env.MULOT_EXTENSION_KEY ? { key: process.env.MULOT_EXTENSION_KEY } : {}),
  },
  vite: () => ({
    build: {
      rolldownOptions: {
        // React libraries and the design system mark their modules "use client" (for server components, which an
        // extension has none of); the bundler says, for each of ~285 modules, that it drops the directive. Only
        // that notice is silenced: every other warning still prints (issue 40).
        onLog(level, log, handler) {
          if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return;
          handler(level, log);
        },
      },
    },
  }),
  hooks: {
    // the design system's font, taken from the package at build time rather than copied into the repository
    'build:publicAssets': (_wxt, files) => {
      for (const { file } of interFiles)
        files.push({
          absoluteSrc: require.resolve(`@fontsource-variable/inter/files/${file}`),
          relativeDest: `${FONT_DIR}/${file}`,
        });
    },
    'prepare:publicPaths': (_wxt, paths) => {
      paths.push(...fonts);
    },
  },
});
