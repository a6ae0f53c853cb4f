import { createClient } from '@mulot/api-client';
import {
  mountReader,
  type ReaderHandle,
  type ReaderProgress,
  siteKeyTransport,
  siteStorage,
} from '@mulot/reader';
import { addInterFont } from '../font';
import type { Locale } from '../intl';
import type { EndUserConfig } from '../messages';
import { PANEL_CSS, PanelHost } from '../panel-host';
import { END_USER_PROGRESS_KEY } from './end-user-progress';

/**
 * The end users' reader (an organization's policy, no account): `@mulot/reader` with the site key as its transport,
 * called from this page (the API accepts the page's origin, one of the key's project's sites), and the site's own
 * storage for the progress, the visitor id and the guides completed, as the snippet keeps them. Nothing goes through
 * the background, which holds no session for end users.
 */
export function mountEndUserReader(
  config: EndUserConfig,
  locale: Locale,
  initial: ReaderProgress,
  onClosed: () => void,
): () => void {
  addInterFont();
  const api = createClient({ baseUrl: config.apiBase, getLocale: () => locale });
  let handle: ReaderHandle | null = null;
  handle = mountReader(
    {
      transport: siteKeyTransport(api, config.siteKey, 'extension'),
      storage: siteStorage(END_USER_PROGRESS_KEY),
      locale,
      Panel: PanelHost,
      css: PANEL_CSS,
      // the progress lives in this origin's storage: a guide never takes the user to another origin
      navigate: (url) => {
        try {
          if (new URL(url, location.href).origin === location.origin) location.assign(url);
        } catch {
          // a step's URL that is no URL: the guide stays on this page
        }
      },
      // nothing is thrown into the page: the reader shows what it can, the console says the rest
      onError: (error) => console.warn('Mulot:', error instanceof Error ? error.message : String(error)),
      onClosed: () => {
        const closing = handle;
        handle = null;
        // after the reader's own last render
        setTimeout(() => closing?.unmount(), 0);
        onClosed();
      },
    },
    initial,
  );
  return () => {
    handle?.unmount();
    handle = null;
  };
}
