import { z } from 'zod';
import { LIMITS, tooLong } from '../validation';
import { PASSWORD_MIN_LENGTH, type ValidationKey } from './messages';

export { isValidationKey, PASSWORD_MIN_LENGTH, type ValidationKey, validationMessages } from './messages';

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

/** Accepting an invitation with an existing account: its password, as at login. */
export const invitationSignInSchema = z.object({
  password: z.string().min(1, key('passwordRequired')).max(LIMITS.password, tooLong(LIMITS.password)),
});
export type InvitationSignInValues = z.infer<typeof invitationSignInSchema>;

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
