import type { Config } from '@react-router/dev/config';

// SPA mode (design §5): the root is prerendered into build/client/index.html, which apps/api serves for every
// non-API path; routes load their data in the browser through clientLoaders.
export default {
  ssr: false,
  appDirectory: 'app',
  buildDirectory: 'build',
} satisfies Config;
