// The reader chunk (`embed/reader-<hash>.js`), imported by the loader only when the user opens the reader or a
// guide is in progress: `@mulot/reader` with the site key as its transport and the site's own storage.

import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { createClient } from '@mulot/api-client';
import {
  mountReader,
  PanelHost,
  type ReaderHandle,
  type ReaderHost,
  type ReaderPanelProps,
  type ReaderProgress,
  type ReaderStorage,
  siteKeyTransport,
  siteStorage,
} from '@mulot/reader';
import { useEffect, useRef } from 'react';
import pandaCss from './generated/panda.css?inline';
import { type EmbedConfig, type EmbedReader, PROGRESS_KEY, readProgress } from './shared';

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
  // progress in the site's sessionStorage; completed guides, the visitor id and the start rules' history in its
  // localStorage (the history per identified user)
  const storage: ReaderStorage = siteStorage(PROGRESS_KEY, config.subject);
  const host: ReaderHost = {
    transport: siteKeyTransport(api, config.siteKey, 'embed'),
    storage,
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
