import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { createSignal, readItem } from './storage';

// The locale and its messages as they are now. Loading a catalogue is i18n.ts's: the API client reads the locale
// from here, and i18n.ts loads catalogues through that client.

export const LOCALE_KEY = 'locale';
export const DEFAULT_LOCALE = 'fr';

export interface I18nState {
  locale: string;
  messages: Record<string, string>;
  /** Spec §8: the last catalogue failure ("Impossible de charger les traductions pour {locale}."). */
  error: string | null;
}

const cache = createIntlCache();
let state: I18nState = { locale: readItem(LOCALE_KEY) ?? DEFAULT_LOCALE, messages: {}, error: null };
let intl = makeIntl(state);
const signal = createSignal(() => state);

function makeIntl(s: I18nState): IntlShape {
  return createIntl(
    { locale: s.locale, defaultLocale: DEFAULT_LOCALE, messages: s.messages, onError: logIntlError },
    cache,
  );
}

/** A missing key logs a warning (the French default shows); other formatting errors are logged as errors. */
export function logIntlError(error: { code?: string; message: string }) {
  if (error.code === 'MISSING_TRANSLATION') console.warn(error.message);
  else console.error(error);
}

/** Changes the locale, its messages or the last failure, and re-renders what reads them. */
export function setI18n(change: Partial<I18nState>) {
  state = { ...state, ...change };
  intl = makeIntl(state);
  signal.refresh();
}

export const i18nStore = signal;

export function getLocale(): string {
  return state.locale;
}

/** For texts produced outside React (loaders, toasts from loaders). */
export function getIntl(): IntlShape {
  return intl;
}
