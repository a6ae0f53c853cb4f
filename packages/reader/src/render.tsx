import en from '@mulot/i18n/lang/en.json';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createIntl, createIntlCache, type IntlShape, RawIntlProvider } from 'react-intl';
import type { Locale } from './host';

const cache = createIntlCache();

/** react-intl for the panels, from the one catalogue: French is each text's default message, English en.json. */
export function panelIntl(locale: Locale): IntlShape {
  return createIntl(
    {
      locale,
      defaultLocale: 'fr',
      messages: locale === 'en' ? en : {},
      // French is the default message: nothing is missing in fr, and an English gap shows the French text
      onError: () => {},
    },
    cache,
  );
}

/**
 * Renders a panel's React tree. The root's own container stays out of the page: what the user sees is portalled
 * into shadow roots (the panel's host, the step overlay), so the page's styles and scripts never meet it.
 * `onError` receives what React would otherwise report at the window.
 */
export function render(intl: IntlShape, node: ReactNode, onError?: (error: unknown) => void): () => void {
  // with a reporter, a render error is the host's to report rather than React's to throw (at the page's window)
  const root = createRoot(
    document.createElement('div'),
    onError ? { onUncaughtError: onError, onCaughtError: onError, onRecoverableError: onError } : {},
  );
  root.render(<RawIntlProvider value={intl}>{node}</RawIntlProvider>);
  return () => root.unmount();
}
