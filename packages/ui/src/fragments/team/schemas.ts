import { defineMessages } from 'react-intl';
import { z } from 'zod';
import { LIMITS, tooLong } from '../validation';
import { ROLES } from './roles';

/** Schemas carry message keys; the dialogs show the localized text. */
export const teamValidationMessages = defineMessages({
  emailRequired: { id: 'team.validation.emailRequired', defaultMessage: "L'email est requis" },
  emailInvalid: {
    id: 'team.validation.emailInvalid',
    defaultMessage: 'Veuillez entrer une adresse email valide',
  },
  roleRequired: { id: 'team.validation.roleRequired', defaultMessage: 'Le rôle est requis' },
});
export type TeamValidationKey = keyof typeof teamValidationMessages;

const key = (k: TeamValidationKey) => ({ error: k });

/** Spec §5 "Invite": email and role non-empty, the email an email. */
export const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, key('emailRequired'))
    .max(LIMITS.email, tooLong(LIMITS.email))
    .pipe(z.email(key('emailInvalid'))),
  // Null until a role is picked (the form starts without one); the output is always a role.
  role: z.union([z.enum(ROLES), z.null()], key('roleRequired')).pipe(z.enum(ROLES, key('roleRequired'))),
});
export type InviteValues = z.output<typeof inviteSchema>;
export type InviteFormValues = z.input<typeof inviteSchema>;
