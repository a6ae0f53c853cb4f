// The one place that turns a back-office route into a Storybook story: the real route modules, arranged by the
// real route table (app/routes.ts) under the real root, their loaders included, in a memory router; the API
// answered by the story's MSW handlers (stories/api.ts) and the common ones below; a signed-in session and the
// story's language set in the app's own stores, the query cache emptied and the clock fixed before each story.
import { toaster } from '@mulot/ui/components/toast';
import type { Meta, StoryContext } from '@storybook/react-vite';
import type { HttpHandler } from 'msw';
import { setupWorker } from 'msw/browser';
import type { ComponentType } from 'react';
import { createRoutesStub } from 'react-router';
import { expect, waitFor, within } from 'storybook/test';
import { switchLocale } from '#app/lib/i18n.ts';
import { setOrganizationId } from '#app/lib/organization.ts';
import { queryClient } from '#app/lib/query.ts';
import { clearSession, setSession } from '#app/lib/session.ts';
import routes from '#app/routes.ts';
import { hanging, reply } from './api';
import { catalogue, locales, me, organizations, TOKEN } from './fixtures';

export interface RouteStoryParameters {
  /** The address the story opens, e.g. `/app/projects` or `/auth/reset-password?code=abc`. */
  url: string;
  /**
   * The answers: a story's own take precedence over its file's (`routeMeta`), which take precedence over the
   * common ones (session, organizations, languages).
   */
  api?: HttpHandler[];
  /** The file's answers (set by `routeMeta`: Storybook replaces, rather than merges, a story's arrays). */
  screenApi?: HttpHandler[];
  /** Anonymous visitor (the auth screens) rather than the signed-in Admin of `fixtures.me`. */
  signedOut?: boolean;
  /**
   * Skip the opened screen's own loader, so that it mounts while its requests are still out and shows its
   * loading state (with the loader, the router keeps the previous page until the data is in).
   */
  withoutLoader?: boolean;
}

/** Every request of a signed-in page that is not the screen's own. */
const common: HttpHandler[] = [
  reply('get', '/organizations', organizations),
  // no invitation waits for the signed-in Admin (the shell's banners)
  reply('get', '/organizations/invitations', []),
  reply('get', '/users/me', me),
  reply('get', '/translations/locales', locales),
  reply('get', '/translations/locales/{locale}', ({ params }) => ({
    data: catalogue(params.locale ?? 'fr'),
  })),
  // a product built with its extension package, as `pnpm start` builds it
  reply('get', '/extension', {
    storeUrl: null,
    package: {
      url: '/extension/mulot-extension.zip',
      fileName: 'mulot-extension-0.0.1.zip',
      version: '0.0.1',
      size: 176_128,
    },
  }),
];

const worker = setupWorker();
let started: Promise<unknown> | null = null;

// --- the clock: relative dates ("il y a 3 jours"), the 30-day chart and the tip of the day are the same every day
export const NOW = new Date('2026-11-20T15:00:00Z');
const RealDate = Date;
class StoryDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + StoryDate.offset);
    else super(...(args as [string]));
  }
  static offset = 0;
  static override now() {
    return RealDate.now() + StoryDate.offset;
  }
}

// --- the route table: each module of routes.ts, as the framework would load it
type Module = {
  default?: ComponentType;
  clientLoader?: (args: never) => unknown;
  HydrateFallback?: ComponentType;
  ErrorBoundary?: ComponentType;
};
const modules = import.meta.glob<Module>(['../app/root.tsx', '../app/routes/**/*.tsx', '!**/*.stories.tsx'], {
  eager: true,
});
interface ConfigEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
}
type StubRoute = Parameters<typeof createRoutesStub>[0][number];

function stubRoute(entry: ConfigEntry, skipLoaderOf: string | null): StubRoute {
  const module = modules[`../app/${entry.file}`];
  if (!module) throw new Error(`route module ${entry.file} not found`);
  const loader = module.clientLoader && entry.file !== skipLoaderOf ? module.clientLoader : undefined;
  const base = {
    Component: module.default,
    HydrateFallback: module.HydrateFallback,
    ErrorBoundary: module.ErrorBoundary,
    ...(loader ? { loader: loader as never } : {}),
  };
  if (entry.index) return { ...base, index: true };
  return {
    ...base,
    path: entry.path,
    children: entry.children?.map((child) => stubRoute(child, skipLoaderOf)),
  };
}

/** The route module whose pattern matches `url` (the leaf: the screen the story is about). */
function leafFile(entries: ConfigEntry[], pathname: string, prefix = ''): string | null {
  for (const entry of entries) {
    const pattern = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, '/') : prefix || '/';
    if (entry.children) {
      const found = leafFile(entry.children, pathname, entry.path ? pattern : prefix);
      if (found) return found;
      continue;
    }
    const regex = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+').replace('*', '.*')}/?$`);
    if (regex.test(pathname)) return entry.file;
  }
  return null;
}

function RouteStory({ parameters }: { parameters: RouteStoryParameters }) {
  const url = new URL(parameters.url, 'http://story');
  const skip = parameters.withoutLoader ? leafFile(routes as ConfigEntry[], url.pathname) : null;
  const Stub = createRoutesStub([
    {
      ...stubRoute({ file: 'root.tsx' }, null),
      children: routes.map((r) => stubRoute(r as ConfigEntry, skip)),
    },
  ]);
  // Marked for .storybook/vitest.setup.ts, which shoots a whole screen at viewport size.
  return (
    <div data-whole-screen style={{ display: 'contents' }}>
      <Stub initialEntries={[parameters.url]} />
    </div>
  );
}

/** Before each story: the API, the clock, the session, the language; after it, the real clock back. */
async function prepare(context: StoryContext) {
  const parameters = context.parameters.route as RouteStoryParameters;
  started ??= worker.start({
    quiet: true,
    onUnhandledFrame: 'bypass',
    serviceWorker: { url: '/mockServiceWorker.js' },
  });
  await started;
  worker.resetHandlers(...(parameters.api ?? []), ...(parameters.screenApi ?? []), ...common);
  hanging.count = 0;
  StoryDate.offset = NOW.getTime() - RealDate.now();
  globalThis.Date = StoryDate as unknown as DateConstructor;
  queryClient.clear();
  // A failed screen shows its error at once, instead of after the 14 s of backoff the product allows (spec §9).
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  toaster.remove();
  if (parameters.signedOut) clearSession();
  else {
    setSession(TOKEN, me);
    setOrganizationId(organizations[0]?.id ?? null);
  }
  await switchLocale(context.globals.locale === 'en' ? 'en' : 'fr');
  return () => {
    queryClient.setDefaultOptions(defaults);
    globalThis.Date = RealDate;
    worker.resetHandlers();
  };
}

/**
 * After the play function, before the screenshot: every request of the screen answered, but those a story holds
 * on purpose (`hang`). A play function waits for what it checks; a screen also shows what its other requests
 * bring (the Team screen's invitations beside its failed members), and an answer coming later than the
 * screenshot's quiet period, as on a loaded machine, would be shot missing.
 */
async function answered() {
  await waitFor(() =>
    expect(
      queryClient.isFetching() + queryClient.isMutating(),
      'requests still unanswered (beside the hung ones) after the play function',
    ).toBeLessThanOrEqual(hanging.count),
  );
}

/** The meta of a route's stories file (beside its `title`, which Storybook reads statically): the screen at `url`. */
export function routeMeta(
  url: string,
  { api, ...route }: Omit<RouteStoryParameters, 'url' | 'screenApi'> = {},
) {
  return {
    parameters: { layout: 'fullscreen', route: { url, screenApi: api, ...route } },
    beforeEach: prepare,
    afterEach: answered,
    render: (_args, context) => <RouteStory parameters={context.parameters.route as RouteStoryParameters} />,
  } satisfies Meta;
}

/** A story's own answers and options (merged into its file's `routeMeta`). */
export function route(options: Partial<RouteStoryParameters>) {
  return { route: options };
}

/** The whole page, dialogs and toasts included (they are portalled out of the story's root). */
export const page = () => within(document.body);

/**
 * A toast, once the user can see it: Ark mounts it at opacity 0 and shows it a frame later (later still on a
 * loaded machine), so finding its text is not yet seeing it. It is then held on screen for the rest of the story:
 * its 5 seconds could run out while the story's screenshot is taken on a loaded machine (a baseline shows it).
 */
export async function findToast(text: string) {
  const toast = await page().findByText(text);
  await waitFor(() => expect(toast).toBeVisible());
  toaster.pause();
  return toast;
}
