import { createIntl, createIntlCache, defineMessage, type IntlShape } from 'react-intl';
import { fetchClient } from './api';
import { createSignal, readItem, writeItem } from './storage';

export const LOCALE_KEY = 'locale';
export const DEFAULT_LOCALE = 'fr';

export const translationsFailed = defineMessage<{ locale: string }>({
  id: 'app.translations.loadFailed',
  defaultMessage: 'Impossible de charger les traductions pour {locale}.',
});

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

function set(next: I18nState) {
  state = next;
  intl = makeIntl(next);
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

// (api.ts imports getLocale from here: a cycle, harmless because both only use function declarations.)
async function fetchCatalogue(locale: string): Promise<Record<string, string>> {
  const { data } = await fetchClient.GET('/translations/locales/{locale}', {
    params: { path: { locale } },
  });
  if (!data) throw new Error(`no catalogue for ${locale}`);
  return data.data;
}

let started: Promise<void> | null = null;

/** At start: the stored (or default) locale's catalogue; on failure the locale stays and the French defaults show. */
export function startI18n(): Promise<void> {
  started ??= fetchCatalogue(state.locale).then(
    (catalogue) => set({ ...state, messages: catalogue, error: null }),
    (error: unknown) => {
      console.error(error);
      set({ ...state, error: intl.formatMessage(translationsFailed, { locale: state.locale }) });
    },
  );
  return started;
}

/** Spec §4: the locale changes (and is stored) only once its catalogue loaded. Resolves to whether it did. */
export async function switchLocale(locale: string): Promise<boolean> {
  try {
    const catalogue = await fetchCatalogue(locale);
    writeItem(LOCALE_KEY, locale);
    set({ locale, messages: catalogue, error: null });
    return true;
  } catch (error) {
    console.error(error);
    set({ ...state, error: intl.formatMessage(translationsFailed, { locale }) });
    return false;
  }
}
