import { createIntl, createIntlCache, defineMessages, type MessageDescriptor } from '@formatjs/intl';
import en from '@mulot/i18n/lang/en.json';

// The extension's texts, in the one catalogue (packages/i18n): French is the default message here, extracted and
// checked by `pnpm i18n:extract` / `pnpm i18n:check` with the rest; English comes from packages/i18n/lang/en.json.
// A text the back-office already has keeps its id. Formatting is react-intl's core (@formatjs/intl), so scripts
// that render no React (the background, the launcher) format the same ICU messages.
const messages = defineMessages({
  'validation.tooLong': {
    id: 'validation.tooLong',
    defaultMessage: 'Ce champ ne peut pas dépasser {max} caractères.',
  },
  'launch.error': { id: 'app.scenario.launchFailed', defaultMessage: "Impossible de lancer l'extension" },
  'launch.origin': {
    id: 'extension.launch.origin',
    defaultMessage: "Le lancement doit venir du back-office associé à l'API.",
  },
  'launch.url': { id: 'extension.launch.url', defaultMessage: "L'URL cible est requise." },
  'launch.urlInvalid': { id: 'extension.launch.urlInvalid', defaultMessage: "L'URL cible n'est pas valide." },
  'launch.mode': {
    id: 'extension.launch.mode',
    defaultMessage: 'Le mode doit être « reader » ou « creator ».',
  },
  'launch.apiBase': { id: 'extension.launch.apiBase', defaultMessage: "L'adresse de l'API est requise." },
  'launch.session': {
    id: 'extension.launch.session',
    defaultMessage: 'La session (jeton et organisation) est requise.',
  },
  'launch.newGuide': {
    id: 'extension.launch.newGuide',
    defaultMessage: 'Un nouveau guide demande un projet et une catégorie (projectId et categoryId).',
  },
  'launch.noSteps': {
    id: 'extension.launch.noSteps',
    defaultMessage: 'Ce scénario ne contient aucune étape',
  },
  'launch.noSite': {
    id: 'app.scenario.noSite',
    defaultMessage: "Aucun site n'est configuré pour ce projet.",
  },
  'launch.urlNotFound': {
    id: 'extension.launch.urlNotFound',
    defaultMessage: "URL introuvable pour cette étape et aucun site n'est configuré pour le projet.",
  },
  'launch.noAddress': {
    id: 'extension.launch.noAddress',
    defaultMessage: "Indiquez l'adresse de Mulot dans les options de l'extension.",
  },
  'launch.notMulot': {
    id: 'extension.launch.notMulot',
    defaultMessage: "Ce site n'est pas l'adresse de Mulot configurée dans l'extension.",
  },
  'launch.denied': { id: 'extension.launch.denied', defaultMessage: "Lancement refusé par l'utilisateur." },
  'common.unknown': { id: 'extension.common.unknown', defaultMessage: 'Erreur inconnue' },
  'common.network': {
    id: 'app.error.retry',
    defaultMessage: 'Veuillez vérifier votre connexion et réessayer.',
  },
  'runner.noSteps': {
    id: 'runner.noSteps',
    defaultMessage: "Ce guide ne contient pas d'étapes configurées.",
  },
  'runner.loadError': { id: 'runner.loadError', defaultMessage: 'Impossible de charger le guide' },
  // the end users' launcher says what the snippet's does (apps/embed/src/texts.ts): the same ids, the same texts
  'launcher.open': { id: 'embed.launcher.open', defaultMessage: 'Ouvrir les guides' },
  'launcher.label': { id: 'embed.launcher.label', defaultMessage: 'Guides' },
});

export type MessageKey = keyof typeof messages;
export type Locale = 'fr' | 'en';

export function toLocale(value: unknown): Locale {
  return typeof value === 'string' && value.toLowerCase().startsWith('en') ? 'en' : 'fr';
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

const cache = createIntlCache();

export function translator(locale: Locale): Translate {
  const intl = createIntl(
    {
      locale,
      defaultLocale: 'fr',
      messages: locale === 'en' ? en : {},
      // French is the default message: nothing is missing in fr, and an English gap shows the French text
      onError: () => {},
    },
    cache,
  );
  return (key, values) => {
    const descriptor: MessageDescriptor = messages[key];
    return intl.formatMessage(descriptor, values);
  };
}
