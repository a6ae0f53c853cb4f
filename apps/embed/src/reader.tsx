// The reader chunk (`embed/reader-<hash>.js`), imported by the loader only when the user opens the reader or a
// guide is in progress: `@mulot/reader` with the site key as its transport and the site's own storage.

import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { type Api, createClient } from '@mulot/api-client';
import {
  mountReader,
  PanelHost,
  type ReaderHandle,
  type ReaderHost,
  type ReaderPanelProps,
  type ReaderProgress,
  type ReaderStorage,
} from '@mulot/reader';
import { useEffect, useRef } from 'react';
import pandaCss from './generated/panda.css?inline';
import { type EmbedConfig, type EmbedReader, PROGRESS_KEY, readProgress } from './shared';

const VISITOR_KEY = 'mulot:visitor';
const COMPLETED_KEY = 'mulot:completed';

/** A random UUID v4 (crypto.randomUUID needs a secure context, which a site served over http is not). */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The end user's visitor id: random, in the site's localStorage (no cookie), never linked to a person; only the
 * visitor who started a run may update it. Without storage (a sandboxed page), one per page load.
 */
let visitor: string | null = null;
function visitorId(): string {
  if (visitor) return visitor;
  try {
    const stored = localStorage.getItem(VISITOR_KEY);
    visitor = stored && /^[0-9a-f-]{36}$/.test(stored) ? stored : randomUuid();
    if (visitor !== stored) localStorage.setItem(VISITOR_KEY, visitor);
  } catch {
    visitor ??= randomUuid();
  }
  return visitor;
}

/** The public calls, by site key (the API checks that this page's origin is one of the project's sites). */
function siteKeyTransport(api: Api, key: string): ReaderHost['transport'] {
  const required = <T,>(data: T | undefined): T => {
    if (data === undefined) throw new TypeError('empty answer');
    return data;
  };
  return {
    catalogue: async (url) =>
      required((await api.GET('/public/catalogue', { params: { query: { key, url } } })).data),
    scenario: async (id) =>
      required((await api.GET('/public/scenarios/{id}', { params: { path: { id }, query: { key } } })).data),
    assistant: async (query, url) =>
      required((await api.POST('/public/assistant', { body: { key, url, query } })).data),
    startRun: async (scenarioId, url) =>
      (
        await api.POST('/public/runs', {
          body: { key, scenarioId, visitorId: visitorId(), status: 'started', url, stepsCompleted: 0 },
        })
      ).data?.id ?? null,
    updateRun: async (_scenarioId, runId, update) => {
      // (no screenshot of an end user's page is ever taken)
      const { stepIssues } = update;
      await api.PATCH('/public/runs/{runId}', {
        params: { path: { runId } },
        body: {
          key,
          visitorId: visitorId(),
          ...(update.status ? { status: update.status } : {}),
          ...(update.stepsCompleted !== undefined ? { stepsCompleted: update.stepsCompleted } : {}),
          ...(stepIssues ? { stepIssues } : {}),
        },
      });
    },
  };
}

function readList(key: string): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Progress in the site's sessionStorage (this tab, across its page loads); completed guides in its localStorage. */
const siteStorage: ReaderStorage = {
  save: async (progress) => {
    try {
      if (progress) sessionStorage.setItem(PROGRESS_KEY, JSON.stringify(progress));
      else sessionStorage.removeItem(PROGRESS_KEY);
    } catch {
      // without storage a full page load starts over: the guide still plays on this page
    }
  },
  completed: async () => readList(COMPLETED_KEY),
  markCompleted: async (scenarioId) => {
    try {
      const done = readList(COMPLETED_KEY).filter((id) => id !== scenarioId);
      localStorage.setItem(COMPLETED_KEY, JSON.stringify([...done, scenarioId].slice(-200)));
    } catch {
      // the prerequisite prompt shows again next time
    }
  },
};

/**
 * The design system's font, on the page's document (Chromium ignores `@font-face` inside a shadow root). Fetched
 * (the CSP's `connect-src`, which lists Mulot) rather than loaded by URL (`font-src`, which may not): a font the page
 * does not allow would log an error; one that fails to load leaves the system font.
 */
async function addInterFont(): Promise<void> {
  const response = await fetch(interLatin, { mode: 'cors', credentials: 'omit' });
  if (!response.ok) return;
  const face = new FontFace('Inter Variable', await response.arrayBuffer(), {
    weight: '100 900',
    style: 'normal',
  });
  document.fonts.add(await face.load());
}

/** The side of the page the site owner chose (`data-position`): the launcher's, and the panel's when it opens. */
let position: EmbedConfig['position'] = 'right';

/**
 * The reader's panel: `@mulot/reader`'s, in its closed shadow root, with the design system's sheets. Opened by the
 * launcher (which hides), it takes the focus: its first field or button, so that keyboard users go on from there.
 */
function Panel({ children, ...props }: ReaderPanelProps) {
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // after the shadow root's first render (the panel host renders its content in a layout effect)
    const frame = requestAnimationFrame(() =>
      content.current
        ?.querySelector<HTMLElement>('input, textarea, button, a[href]')
        ?.focus({ preventScroll: true }),
    );
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <PanelHost {...props} css={pandaCss} initialSide={position}>
      <div ref={content} style={{ display: 'contents' }}>
        {children}
      </div>
    </PanelHost>
  );
}

export function mount(config: EmbedConfig): EmbedReader {
  position = config.position;
  const api = createClient({ baseUrl: config.apiBase });
  // the locale only where a preflight is paid anyway (a JSON body): reads stay simple CORS requests, which the
  // browser sends without a preflight and answers from its cache (their problems' details are then in French)
  api.use({
    onRequest({ request }) {
      if (request.method !== 'GET') request.headers.set('x-locale', config.locale);
      return request;
    },
  });
  void addInterFont().catch(() => undefined);
  let handle: ReaderHandle | null = null;
  const host: ReaderHost = {
    transport: siteKeyTransport(api, config.siteKey),
    storage: siteStorage,
    locale: config.locale,
    Panel,
    css: pandaCss,
    // the snippet's state lives in this origin's storage: a guide never takes the user to another origin
    navigate: (url) => {
      try {
        if (new URL(url, location.href).origin === location.origin) location.assign(url);
      } catch (error) {
        config.warn(error);
      }
    },
    onError: config.warn,
    onClosed: () => {
      const closing = handle;
      handle = null;
      // after the reader's own last render
      setTimeout(() => closing?.unmount(), 0);
      config.onClosed();
    },
  };
  const show = (initial: ReaderProgress) => {
    try {
      handle = mountReader(host, initial);
    } catch (error) {
      config.warn(error);
      config.onClosed();
    }
  };
  // a guide in progress resumes where the last page left it
  const progress = readProgress() as ReaderProgress | null;
  if (progress?.scenarioId && progress.run && !progress.finished) show(progress);
  return {
    open: () => {
      if (!handle) show({});
    },
    start: (scenarioId) => {
      if (handle) handle.open(scenarioId);
      else show({ scenarioId });
    },
  };
}
