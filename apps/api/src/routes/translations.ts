// Tag `translations`: the catalogues of @mulot/i18n, read at request time.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { HttpProblem } from '../problems.ts';
import type { Handler } from '../types.ts';

async function readCatalogue<T>(specifier: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(fileURLToPath(import.meta.resolve(specifier)), 'utf8')) as T;
  } catch {
    return null;
  }
}

type LocaleEntry = { key: string; value: string };

export const listLocales: Handler<'listLocales'> = async () => {
  const locales = (await readCatalogue<LocaleEntry[]>('@mulot/i18n/locales.json')) ?? [];
  return { status: 200, body: { data: locales.map((l) => ({ key: l.key, value: l.value })) } };
};

export const getTranslations: Handler<'getTranslations'> = async (_services, request) => {
  const locale = request.params.locale;
  const locales = (await readCatalogue<LocaleEntry[]>('@mulot/i18n/locales.json')) ?? [];
  const messages = locales.some((l) => l.key === locale)
    ? await readCatalogue<Record<string, string>>(`@mulot/i18n/lang/${locale}.json`)
    : null;
  if (!messages) throw new HttpProblem('not-found', { key: 'locale-not-found', params: { locale } });
  return { status: 200, body: { data: messages } };
};
