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
  'launch.denied': { id: 'extension.launch.denied', defaultMessage: "Lancement refusé par l'utilisateur." },
  'common.error': { id: 'app.error.unexpected', defaultMessage: 'Une erreur est survenue' },
  'common.unknown': { id: 'extension.common.unknown', defaultMessage: 'Erreur inconnue' },
  'common.network': {
    id: 'app.error.retry',
    defaultMessage: 'Veuillez vérifier votre connexion et réessayer.',
  },
  'creator.scenarioError': {
    id: 'extension.creator.scenarioError',
    defaultMessage: 'Impossible de charger les informations du scénario.',
  },
  'common.close': { id: 'ui.dialog.close', defaultMessage: 'Fermer' },
  'common.cancel': { id: 'content.dialog.cancel', defaultMessage: 'Annuler' },
  'common.save': { id: 'content.form.save', defaultMessage: 'Enregistrer' },
  'common.saving': { id: 'auth.resetPassword.submitting', defaultMessage: 'Enregistrement...' },
  'common.loading': { id: 'ui.spinner.label', defaultMessage: 'Chargement...' },
  'common.delete': { id: 'app.scenario.delete', defaultMessage: 'Supprimer' },
  'panel.creator': { id: 'extension.panel.creator', defaultMessage: 'Mulot — création de guide' },
  'panel.move': { id: 'extension.panel.move', defaultMessage: "Déplacer le panneau de l'autre côté" },
  'form.title': { id: 'app.guide.newTitle', defaultMessage: 'Nouveau guide' },
  'form.project': { id: 'app.title.project', defaultMessage: 'Projet' },
  'form.category': { id: 'app.title.category', defaultMessage: 'Catégorie' },
  'form.guideTitle': { id: 'guide.form.title', defaultMessage: 'Titre' },
  'form.description': {
    id: 'extension.form.description',
    defaultMessage: 'Description pour les utilisateurs',
  },
  'form.summary': { id: 'guide.form.summary', defaultMessage: 'Résumé pour le modèle (LLM)' },
  'form.minDuration': { id: 'guide.form.minDuration', defaultMessage: 'Durée minimale (minutes)' },
  'form.maxDuration': { id: 'guide.form.maxDuration', defaultMessage: 'Durée maximale (minutes)' },
  'form.choose': { id: 'extension.form.choose', defaultMessage: 'Choisir…' },
  'form.create': { id: 'extension.form.create', defaultMessage: 'Créer le guide' },
  'form.creating': { id: 'content.form.creating', defaultMessage: 'Création...' },
  'form.projectRequired': { id: 'guide.form.projectRequired', defaultMessage: 'Le projet est requis' },
  'form.categoryRequired': { id: 'guide.form.categoryRequired', defaultMessage: 'La catégorie est requise' },
  'form.titleRequired': { id: 'guide.form.titleRequired', defaultMessage: 'Le titre est requis' },
  'form.descriptionRequired': {
    id: 'guide.form.descriptionRequired',
    defaultMessage: 'La description est requise',
  },
  'form.summaryRequired': { id: 'guide.form.summaryRequired', defaultMessage: 'Le résumé est requis' },
  'form.minRequired': { id: 'guide.form.minRequired', defaultMessage: 'La durée minimale est requise' },
  'form.maxRequired': { id: 'guide.form.maxRequired', defaultMessage: 'La durée maximale est requise' },
  'form.maxBelowMin': {
    id: 'guide.form.maxBelowMin',
    defaultMessage: 'La durée maximale doit être supérieure ou égale à la durée minimale',
  },
  'steps.title': { id: 'app.scenario.steps', defaultMessage: 'Étapes' },
  'steps.empty': {
    id: 'extension.steps.empty',
    defaultMessage:
      "Ce guide n'a pas encore d'étape. Naviguez jusqu'à la page voulue puis ajoutez une étape.",
  },
  'steps.add': { id: 'extension.steps.add', defaultMessage: 'Ajouter une étape' },
  'steps.edit': { id: 'app.scenario.edit', defaultMessage: 'Modifier' },
  'steps.up': { id: 'extension.steps.up', defaultMessage: 'Monter' },
  'steps.down': { id: 'extension.steps.down', defaultMessage: 'Descendre' },
  'steps.confirmDelete': { id: 'extension.steps.confirmDelete', defaultMessage: 'Supprimer cette étape ?' },
  'steps.deleted': { id: 'extension.steps.deleted', defaultMessage: 'Étape supprimée' },
  'steps.finish': { id: 'runner.finish', defaultMessage: 'Terminer' },
  'step.new': { id: 'runner.step.addTitle', defaultMessage: 'Nouvelle étape' },
  'step.edit': { id: 'extension.step.edit', defaultMessage: "Modifier l'étape {n}" },
  'step.name': { id: 'runner.step.name', defaultMessage: "Titre de l'étape" },
  'step.text': { id: 'extension.step.text', defaultMessage: "Description de l'action" },
  'step.extra': { id: 'runner.step.extra', defaultMessage: 'Informations complémentaires (facultatif)' },
  'step.url': { id: 'runner.step.url', defaultMessage: 'URL de la page' },
  'step.target': { id: 'runner.step.target', defaultMessage: 'Élément cible' },
  'step.capture': { id: 'extension.step.capture', defaultMessage: "Capturer l'élément" },
  'step.recapture': { id: 'extension.step.recapture', defaultMessage: "Recapturer l'élément" },
  'step.detecting': {
    id: 'extension.step.detecting',
    defaultMessage: 'Détection... cliquez sur un élément de la page (Échap pour annuler)',
  },
  'step.noCapture': {
    id: 'runner.step.noTarget',
    defaultMessage: "Aucun élément n'a été capturé pour cette étape.",
  },
  'step.autoClick': { id: 'extension.step.autoClick', defaultMessage: 'Clic automatique' },
  'step.wait': { id: 'extension.step.wait', defaultMessage: 'Attendre la cible (secondes)' },
  'step.fallback': { id: 'extension.step.fallback', defaultMessage: 'Si la cible reste introuvable' },
  'step.fallbackUnanchored': {
    id: 'extension.step.fallbackUnanchored',
    defaultMessage: "Afficher l'étape sans ancrage (avec sa capture d'écran)",
  },
  'step.fallbackSkip': { id: 'extension.step.fallbackSkip', defaultMessage: "Passer l'étape" },
  'step.nameRequired': { id: 'guide.form.titleRequired', defaultMessage: 'Le titre est requis' },
  'step.textRequired': { id: 'guide.form.descriptionRequired', defaultMessage: 'La description est requise' },
  'step.urlRequired': { id: 'extension.step.urlRequired', defaultMessage: "L'URL est requise" },
  'step.urlInvalid': {
    id: 'runner.step.urlInvalid',
    defaultMessage: "L'URL doit être une adresse web valide, commençant par http:// ou https://",
  },
  'step.created': { id: 'runner.step.added', defaultMessage: 'Étape ajoutée avec succès' },
  'step.updated': { id: 'runner.step.updated', defaultMessage: 'Étape mise à jour avec succès' },
  'step.screenshotFailed': {
    id: 'extension.step.screenshotFailed',
    defaultMessage: "Étape enregistrée, mais la capture d'écran a échoué.",
  },
  'steps.stale': {
    id: 'extension.steps.stale',
    defaultMessage:
      "Ce guide a été modifié par quelqu'un d'autre entre-temps. Il a été rechargé ; vos modifications n'ont pas été enregistrées.",
  },
  'prereq.title': { id: 'guide.prerequisites.title', defaultMessage: 'Prérequis' },
  'prereq.text': { id: 'extension.prereq.text', defaultMessage: 'Texte du prérequis' },
  'prereq.scenario': { id: 'extension.prereq.scenario', defaultMessage: 'Guide prérequis (facultatif)' },
  'prereq.none': { id: 'guide.prerequisites.noScenario', defaultMessage: 'Aucun' },
  'prereq.add': { id: 'guide.prerequisites.add', defaultMessage: 'Ajouter un prérequis' },
  'prereq.remove': { id: 'extension.prereq.remove', defaultMessage: 'Retirer' },
  'prereq.saved': { id: 'app.scenario.prerequisitesSaved', defaultMessage: 'Prérequis enregistrés' },
  'prereq.textRequired': {
    id: 'guide.prerequisites.textRequired',
    defaultMessage: 'Le texte du prérequis est requis',
  },
  'runner.noTarget': {
    id: 'runner.noTarget',
    defaultMessage: 'Aucun élément cible défini pour cette étape.',
  },
  'runner.noSteps': {
    id: 'runner.noSteps',
    defaultMessage: "Ce guide ne contient pas d'étapes configurées.",
  },
  'runner.loadError': { id: 'runner.loadError', defaultMessage: 'Impossible de charger le guide' },
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
