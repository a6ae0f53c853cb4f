import { join } from 'node:path';
import pandacss from '@pandacss/dev/postcss';
import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';
import { storyDependencies } from './story-dependencies';

const root = join(import.meta.dirname, '..');

const config: StorybookConfig = {
  // The design system's stories, then whole back-office screens (the real routes, API answered by MSW).
  stories: ['../packages/ui/src/**/*.stories.@(ts|tsx)', '../apps/backoffice/app/**/*.stories.@(ts|tsx)'],
  // MSW's service worker (mockServiceWorker.js, copied from msw/lib at its pinned version), served at the root so
  // that it controls the stories' pages.
  staticDirs: ['./public'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: (config) =>
    mergeConfig(config, {
      // The root Panda config extracts the CSS of every story (and of the apps) in one pass.
      css: { postcss: { plugins: [pandacss({ configPath: join(root, 'panda.config.ts'), cwd: root })] } },
      optimizeDeps: { include: storyDependencies() },
    }),
};

export default config;
