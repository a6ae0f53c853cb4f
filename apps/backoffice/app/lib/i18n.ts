import { defineMessage } from 'react-intl';
import { fetchClient } from './api';
import { DEFAULT_LOCALE, getIntl, getLocale, LOCALE_KEY, setI18n } from './intl';
import { writeItem } from './storage';

export const translationsFailed = defineMessage<{ locale: string }>({
  id: 'app.translations.loadFailed',
  defaultMessage: 'Impossible de charger les traductions pour {locale}.',
});

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

/** What index.html's inline script runs: the same locale choice as intl.ts's, a plain fetch of its catalogue. */
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
  const locale = getLocale();
  started ??= earlyCatalogue(locale)
    .then((early) => early ?? fetchCatalogue(locale))
    .then(
      (catalogue) => setI18n({ messages: catalogue, error: null }),
      (error: unknown) => {
        console.error(error);
        setI18n({ error: getIntl().formatMessage(translationsFailed, { locale }) });
      },
    );
  return started;
}

/** Spec §4: the locale changes (and is stored) only once its catalogue loaded. Resolves to whether it did. */
export async function switchLocale(locale: string): Promise<boolean> {
  try {
    const catalogue = await fetchCatalogue(locale);
    writeItem(LOCALE_KEY, locale);
    setI18n({ locale, messages: catalogue, error: null });
    return true;
  } catch (error) {
    console.error(error);
    setI18n({ error: getIntl().formatMessage(translationsFailed, { locale }) });
    return false;
  }
}
