import { defineMessages } from 'react-intl';
import { z } from 'zod';
import { LIMITS, tooLong } from '../validation';

/** Spec §5 "Profile" and "Password change", word for word; schemas carry keys, forms show localized text. */
export const profileValidationMessages = defineMessages({
  firstnameRequired: { id: 'profile.validation.firstnameRequired', defaultMessage: 'Le prénom est requis.' },
  lastnameRequired: { id: 'profile.validation.lastnameRequired', defaultMessage: 'Le nom est requis.' },
  currentPasswordRequired: {
    id: 'profile.validation.currentPasswordRequired',
    defaultMessage: 'Le mot de passe actuel est requis.',
  },
  newPasswordMin: {
    id: 'profile.validation.newPasswordMin',
    defaultMessage: 'Le nouveau mot de passe doit contenir au moins 8 caractères.',
  },
  confirmPasswordRequired: {
    id: 'profile.validation.confirmPasswordRequired',
    defaultMessage: 'La confirmation est requise.',
  },
  passwordsMismatch: {
    id: 'profile.validation.passwordsMismatch',
    defaultMessage: 'Les nouveaux mots de passe ne correspondent pas.',
  },
});
export type ProfileValidationKey = keyof typeof profileValidationMessages;

const key = (k: ProfileValidationKey) => ({ error: k });

/** Spec §9: at least 8 characters (the server refuses shorter ones too). */
export const PASSWORD_MIN_LENGTH = 8;
/** The server's limit on a name (openapi UpdateMeRequest). */
export const NAME_MAX_LENGTH = LIMITS.personName;

export const personalInfoSchema = z.object({
  firstname: z
    .string()
    .trim()
    .min(1, key('firstnameRequired'))
    .max(NAME_MAX_LENGTH, tooLong(NAME_MAX_LENGTH)),
  lastname: z.string().trim().min(1, key('lastnameRequired')).max(NAME_MAX_LENGTH, tooLong(NAME_MAX_LENGTH)),
});
export type PersonalInfoValues = z.infer<typeof personalInfoSchema>;

export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, key('currentPasswordRequired'))
      .max(LIMITS.password, tooLong(LIMITS.password)),
    newPassword: z
      .string()
      .min(PASSWORD_MIN_LENGTH, key('newPasswordMin'))
      .max(LIMITS.password, tooLong(LIMITS.password)),
    confirmPassword: z.string().min(1, key('confirmPasswordRequired')),
  })
  // Shown on the confirmation field (spec §5); an empty confirmation already says "required".
  .refine((v) => v.confirmPassword === '' || v.confirmPassword === v.newPassword, {
    ...key('passwordsMismatch'),
    path: ['confirmPassword'],
    when: () => true,
  });
export type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;
