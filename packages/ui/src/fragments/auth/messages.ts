import { defineMessages } from 'react-intl';

// Apart from the schemas (zod): what a form shows is needed at once, the rules only at the first validation.

/** Validation texts of spec §5, word for word; schemas carry the key, forms show the localized text. */
export const validationMessages = defineMessages({
  emailRequired: { id: 'auth.validation.emailRequired', defaultMessage: "L'email est requis" },
  emailInvalid: {
    id: 'auth.validation.emailInvalid',
    defaultMessage: 'Veuillez entrer une adresse email valide',
  },
  passwordRequired: { id: 'auth.validation.passwordRequired', defaultMessage: 'Le mot de passe est requis' },
  passwordMin: {
    id: 'auth.validation.passwordMin',
    defaultMessage: 'Le mot de passe doit contenir au moins 8 caractères',
  },
  confirmRequired: {
    id: 'auth.validation.confirmRequired',
    defaultMessage: 'Veuillez confirmer votre mot de passe',
  },
  confirmationRequired: {
    id: 'auth.validation.confirmationRequired',
    defaultMessage: 'La confirmation du mot de passe est requise',
  },
  passwordsMismatch: {
    id: 'auth.validation.passwordsMismatch',
    defaultMessage: 'Les mots de passe ne correspondent pas',
  },
});

export type ValidationKey = keyof typeof validationMessages;

/** Spec §9: a password has at least 8 characters (the server refuses shorter ones too). */
export const PASSWORD_MIN_LENGTH = 8;

export function isValidationKey(value: string | undefined): value is ValidationKey {
  return value !== undefined && value in validationMessages;
}
