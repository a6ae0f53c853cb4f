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

/**
 * The start locale's catalogue, asked for by an inline script of index.html (root.tsx) while the scripts are still
 * downloading, rather than once they have run: the first screen waits for it (spec §2 "Start-up").
 */
export const EARLY_CATALOGUE = '__mulotCatalogue';

/** What index.html's inline script runs: the same locale choice as `state` below, a plain fetch of its catalogue. */
export function earlyCatalogueScript(apiRoot: string): string {
  const url = JSON.stringify(`${apiRoot}/translations/locales/`);
  return `try{var l=localStorage.getItem(${JSON.stringify(LOCALE_KEY)})||${JSON.stringify(DEFAULT_LOCALE)};window.${EARLY_CATALOGUE}={locale:l,response:fetch(${url}+encodeURIComponent(l))}}catch(e){}`;
}

/** The early answer if it is for `locale` and usable; anything else (no script, refused, offline) asks again. */
async function earlyCatalogue(locale: string): Promise<Record<string, string> | null> {
  const early = (globalThis as { [EARLY_CATALOGUE]?: { locale: string; response: Promise<Response> } })[
    EARLY_CATALOGUE
  ];
  if (!early || early.locale !== locale) return null;
  try {
    const response = await early.response;
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: Record<string, string> };
    return body.data ?? null;
  } catch {
    return null;
  }
}

let started: Promise<void> | null = null;

/** At start: the stored (or default) locale's catalogue; on failure the locale stays and the French defaults show. */
export function startI18n(): Promise<void> {
  started ??= earlyCatalogue(state.locale)
    .then((early) => early ?? fetchCatalogue(state.locale))
    .then(
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
