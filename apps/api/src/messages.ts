// The texts of problems and field messages, in each locale x-locale may name.

export type Locale = 'fr' | 'en';

export function localeOf(header: string | string[] | undefined): Locale {
  const value = (Array.isArray(header) ? header[0] : header)?.toLowerCase() ?? '';
  return value === 'en' || value.startsWith('en-') ? 'en' : 'fr';
}

type Text = Record<Locale, string>;

export const messages = {
  validation: { fr: 'La requête contient des données invalides.', en: 'The request contains invalid data.' },
  'malformed-json': {
    fr: "Le corps de la requête n'est pas un JSON valide.",
    en: 'The request body is not valid JSON.',
  },
  'empty-body': { fr: 'Le corps de la requête est vide.', en: 'The request body is empty.' },
  'invalid-code': {
    fr: "Ce lien n'est pas valide ou a expiré. Demandez-en un nouveau.",
    en: 'This link is invalid or has expired. Ask for a new one.',
  },
  'rejected-url': {
    fr: "L'adresse {url} n'est pas une adresse de ce service.",
    en: 'The address {url} is not an address of this service.',
  },
  unauthenticated: {
    fr: 'Vous devez être connecté. Votre session a peut-être expiré.',
    en: 'You must be signed in. Your session may have expired.',
  },
  'invalid-credentials': { fr: 'Email ou mot de passe incorrect.', en: 'Incorrect email or password.' },
  'wrong-current-password': {
    fr: 'Le mot de passe actuel est incorrect.',
    en: 'The current password is incorrect.',
  },
  'account-not-confirmed': {
    fr: "Votre compte n'est pas encore activé. Cliquez sur le lien reçu par email pour l'activer.",
    en: 'Your account is not activated yet. Click the link you received by email to activate it.',
  },
  forbidden: {
    fr: 'Votre rôle dans cette organisation ne permet pas cette action.',
    en: 'Your role in this organization does not allow this action.',
  },
  'admin-only': {
    fr: 'Seuls les administrateurs de cette organisation peuvent gérer son équipe.',
    en: "Only this organization's administrators can manage its team.",
  },
  'organization-required': {
    fr: "Vous n'êtes pas membre de cette organisation. Choisissez-en une dont vous êtes membre.",
    en: 'You are not a member of this organization. Choose one you are a member of.',
  },
  'not-found': { fr: 'Ressource introuvable.', en: 'Resource not found.' },
  'route-not-found': {
    fr: "Cette adresse n'existe pas dans l'API.",
    en: 'This address does not exist in the API.',
  },
  'extension-not-built': {
    fr: "L'extension n'est pas disponible sur ce serveur. Demandez à son administrateur de l'installer.",
    en: 'The extension is not available on this server. Ask its administrator to install it.',
  },
  'project-not-found': { fr: 'Projet introuvable.', en: 'Project not found.' },
  'category-not-found': { fr: 'Catégorie introuvable.', en: 'Category not found.' },
  'scenario-not-found': { fr: 'Scénario introuvable.', en: 'Scenario not found.' },
  'step-not-found': { fr: 'Étape introuvable.', en: 'Step not found.' },
  'screenshot-not-found': {
    fr: "Aucune capture d'écran associée à cette étape.",
    en: 'No screenshot is attached to this step.',
  },
  'run-not-found': { fr: 'Exécution introuvable.', en: 'Run not found.' },
  'site-key-unknown': {
    fr: "Aucun projet ne correspond à cette clé de site. Vérifiez l'extrait collé dans vos pages.",
    en: 'No project matches this site key. Check the snippet pasted in your pages.',
  },
  'origin-not-allowed': {
    fr: "Cette page n'est pas sur l'un des sites du projet : ajoutez son adresse aux sites du projet.",
    en: "This page is not on one of the project's sites: add its address to the project's sites.",
  },
  'issue-not-found': { fr: "Incident d'étape introuvable.", en: 'Step issue not found.' },
  'issue-screenshot-not-found': {
    fr: "Aucune capture d'écran associée à cet incident.",
    en: 'No screenshot is attached to this issue.',
  },
  'member-not-found': {
    fr: "Ce membre n'appartient pas à l'organisation.",
    en: 'This member does not belong to the organization.',
  },
  'locale-not-found': { fr: 'Langue inconnue : {locale}.', en: 'Unknown language: {locale}.' },
  'email-taken': {
    fr: 'Un compte existe déjà avec cette adresse email.',
    en: 'An account already exists with this email address.',
  },
  'already-member': {
    fr: 'Cette personne est déjà membre de l’organisation.',
    en: 'This person is already a member of the organization.',
  },
  'concurrent-change': {
    fr: 'Une autre modification est passée avant la vôtre. Rechargez puis réessayez.',
    en: 'Another change went through before yours. Reload and try again.',
  },
  'precondition-failed': {
    fr: "Ce guide a été modifié entre-temps par quelqu'un d'autre. Rechargez-le, puis refaites votre modification.",
    en: 'This guide was changed by someone else in the meantime. Reload it, then make your change again.',
  },
  'step-precondition-failed': {
    fr: "Cette étape a été modifiée entre-temps par quelqu'un d'autre. Rechargez-la, puis refaites votre modification.",
    en: 'This step was changed by someone else in the meantime. Reload it, then make your change again.',
  },
  'last-admin': {
    fr: "L'organisation doit garder au moins un administrateur.",
    en: 'The organization must keep at least one administrator.',
  },
  'steps-mismatch': {
    fr: 'La liste doit contenir chaque étape du scénario une seule fois.',
    en: 'The list must contain every step of the scenario exactly once.',
  },
  'payload-too-large': { fr: 'Le contenu envoyé est trop volumineux.', en: 'The content sent is too large.' },
  'image-too-large': {
    fr: "L'image dépasse la taille maximale de {limit} Mo.",
    en: 'The image exceeds the maximum size of {limit} MB.',
  },
  'unsupported-media-type': {
    fr: 'Type de contenu non accepté : {type}.',
    en: 'Content type not accepted: {type}.',
  },
  'image-mismatch': {
    fr: "Le contenu n'est pas une image {type} valide.",
    en: 'The content is not a valid {type} image.',
  },
  'rate-limited': {
    fr: 'Trop de tentatives. Réessayez dans {minutes} minute(s).',
    en: 'Too many attempts. Try again in {minutes} minute(s).',
  },
  'not-ready.database': {
    fr: 'La base de données ne répond pas.',
    en: 'The database does not answer.',
  },
  'not-ready.migrations': {
    fr: "La base de données n'est pas à jour : des migrations ne sont pas appliquées.",
    en: 'The database is not up to date: some migrations are not applied.',
  },
  internal: {
    fr: 'Une erreur est survenue. Veuillez réessayer.',
    en: 'An error occurred. Please try again.',
  },
  'database-unavailable': {
    fr: 'La base de données est momentanément indisponible. Réessayez dans quelques secondes.',
    en: 'The database is temporarily unavailable. Try again in a few seconds.',
  },
  // Field messages
  'field.required': { fr: 'Ce champ est requis.', en: 'This field is required.' },
  'field.unknown': { fr: "Ce champ n'est pas accepté.", en: 'This field is not accepted.' },
  'field.type': { fr: 'Doit être de type {type}.', en: 'Must be of type {type}.' },
  'field.minLength': {
    fr: 'Doit contenir au moins {limit} caractère(s).',
    en: 'Must contain at least {limit} character(s).',
  },
  'field.maxLength': {
    fr: 'Doit contenir au plus {limit} caractère(s).',
    en: 'Must contain at most {limit} character(s).',
  },
  'field.password': {
    fr: 'Le mot de passe doit contenir au moins 8 caractères',
    en: 'The password must contain at least 8 characters',
  },
  'field.email': { fr: 'Veuillez entrer une adresse email valide', en: 'Please enter a valid email address' },
  'field.uuid': { fr: 'Identifiant invalide.', en: 'Invalid identifier.' },
  'field.format': { fr: 'Format invalide ({format}).', en: 'Invalid format ({format}).' },
  'field.enum': { fr: "Doit être l'une des valeurs : {values}.", en: 'Must be one of: {values}.' },
  'field.minimum': {
    fr: 'Doit être supérieur ou égal à {limit}.',
    en: 'Must be greater than or equal to {limit}.',
  },
  'field.maximum': {
    fr: 'Doit être inférieur ou égal à {limit}.',
    en: 'Must be less than or equal to {limit}.',
  },
  'field.minItems': {
    fr: 'Doit contenir au moins {limit} élément(s).',
    en: 'Must contain at least {limit} item(s).',
  },
  'field.maxItems': {
    fr: 'Doit contenir au plus {limit} élément(s).',
    en: 'Must contain at most {limit} item(s).',
  },
  'field.maxProperties': { fr: 'Contient trop de propriétés.', en: 'Has too many properties.' },
  'field.minProperties': { fr: 'Ne doit pas être vide.', en: 'Must not be empty.' },
  'field.invalid': { fr: 'Valeur invalide.', en: 'Invalid value.' },
  'field.unstorable': {
    fr: 'Contient un caractère non autorisé.',
    en: 'Contains a character that is not allowed.',
  },
  'field.pattern': { fr: 'Format invalide.', en: 'Invalid format.' },
  'field.site': {
    fr: "Saisissez l'adresse d'un site (par exemple https://boutique.exemple.fr).",
    en: 'Enter the address of a site (for example https://shop.example.com).',
  },
  'field.step-url': {
    fr: "Saisissez une adresse http(s) d'un des sites du projet (par exemple {example}).",
    en: "Enter an http(s) address on one of the project's sites (for example {example}).",
  },
  'field.step-url-no-site': {
    fr: "Ajoutez d'abord le site de cette page au projet.",
    en: "First add this page's site to the project.",
  },
  'field.common-password': {
    fr: 'Ce mot de passe fait partie des plus courants : choisissez-en un plus difficile à deviner.',
    en: 'This password is one of the most common: choose one that is harder to guess.',
  },
  'field.same-password': {
    fr: "Le nouveau mot de passe doit être différent de l'actuel.",
    en: 'The new password must be different from the current one.',
  },
  'field.same-role': {
    fr: 'Ce membre a déjà ce rôle.',
    en: 'This member already has this role.',
  },
  'field.too-deep': { fr: 'Imbrication trop profonde.', en: 'Nested too deeply.' },
  'field.url': { fr: 'Adresse invalide.', en: 'Invalid address.' },
  'field.blank': {
    fr: 'Décrivez ce que vous voulez faire.',
    en: 'Describe what you want to do.',
  },
  'field.durations': {
    fr: 'La durée maximale doit être supérieure ou égale à la durée minimale.',
    en: 'The maximum duration must be greater than or equal to the minimum duration.',
  },
  'field.self-prerequisite': {
    fr: 'Un scénario ne peut pas être son propre prérequis.',
    en: 'A scenario cannot be its own prerequisite.',
  },
  'field.scenario-not-found': {
    fr: "Ce scénario n'existe pas dans l'organisation.",
    en: 'This scenario does not exist in the organization.',
  },
  'field.step-not-found': {
    fr: "Cette étape n'appartient pas au scénario.",
    en: 'This step does not belong to the scenario.',
  },
  'field.if-match': {
    fr: 'Doit être une version entre guillemets (par exemple "3"), une liste de versions ou *.',
    en: 'Must be a quoted version (for example "3"), a list of versions or *.',
  },
  'field.sites': { fr: 'Au moins un site est requis.', en: 'At least one site is required.' },
  'field.start-page': {
    fr: "Saisissez un chemin commençant par / (par exemple /factures/*) ou l'adresse d'une page d'un des sites du projet, sans ? ni #.",
    en: "Enter a path starting with / (for example /factures/*) or the address of a page on one of the project's sites, without ? or #.",
  },
  'field.start-page-site': {
    fr: "Cette adresse n'est sur aucun des sites du projet.",
    en: "This address is on none of the project's sites.",
  },
  'field.start-pages': {
    fr: 'Indiquez au moins une page où le guide démarre.',
    en: 'Enter at least one page where the guide starts.',
  },
  'field.audience-attribute': {
    fr: "Indiquez le nom de l'attribut.",
    en: 'Enter the name of the attribute.',
  },
  'field.audience-value': {
    fr: 'Indiquez la valeur à comparer.',
    en: 'Enter the value to compare with.',
  },
  'scenario-without-steps': {
    fr: "Ce guide ne contient pas d'étapes configurées.",
    en: 'This guide has no configured steps.',
  },
  'step-without-target': {
    fr: 'Aucun élément cible défini pour cette étape.',
    en: 'No target element is defined for this step.',
  },
  'site-required': {
    fr: "Aucun site n'est configuré pour ce projet.",
    en: 'No site is configured for this project.',
  },
  'invitation-pending': {
    fr: 'Cette personne a déjà une invitation en attente.',
    en: 'This person already has a pending invitation.',
  },
  'invitation-accepted': {
    fr: 'Invitation déjà acceptée. Connectez-vous pour continuer.',
    en: 'Invitation already accepted. Sign in to continue.',
  },
  'last-admin-leave': {
    fr: "Vous êtes le dernier administrateur de cette organisation : nommez d'abord un autre administrateur.",
    en: 'You are the last administrator of this organization: make someone else an administrator first.',
  },
  'invitation-not-found': {
    fr: 'Aucune invitation en attente pour cette personne.',
    en: 'No pending invitation for this person.',
  },
} satisfies Record<string, Text>;

export type MessageKey = keyof typeof messages;
export type Params = Record<string, string | number>;

export function translate(key: MessageKey, locale: Locale, params: Params = {}): string {
  return messages[key][locale].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
