import { defineMessages } from 'react-intl';
import { z } from 'zod';
import { LIMITS, tooLong } from '../validation';

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

const key = (k: ValidationKey) => ({ error: k });

// `min(1)` before the format check: an empty field reads "required", not "invalid".
const email = z
  .string()
  .trim()
  .min(1, key('emailRequired'))
  .max(LIMITS.email, tooLong(LIMITS.email))
  .pipe(z.email(key('emailInvalid')));

export const loginSchema = z.object({
  email,
  password: z.string().min(1, key('passwordRequired')).max(LIMITS.password, tooLong(LIMITS.password)),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    email,
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, key('passwordMin'))
      .max(LIMITS.password, tooLong(LIMITS.password)),
    confirmPassword: z.string().min(1, key('confirmRequired')),
  })
  .refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
    ...key('passwordsMismatch'),
    path: ['confirmPassword'],
    when: () => true,
  });
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    password: z
      .string()
      .min(1, key('passwordRequired'))
      .min(PASSWORD_MIN_LENGTH, key('passwordMin'))
      .max(LIMITS.password, tooLong(LIMITS.password)),
    confirmPassword: z.string().min(1, key('confirmationRequired')),
  })
  .refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
    ...key('passwordsMismatch'),
    path: ['confirmPassword'],
    when: () => true,
  });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

export function isValidationKey(value: string | undefined): value is ValidationKey {
  return value !== undefined && value in validationMessages;
}
