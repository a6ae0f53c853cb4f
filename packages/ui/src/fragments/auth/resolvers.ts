import { zodResolver } from '@hookform/resolvers/zod';
import {
  forgotPasswordSchema,
  invitationSignInSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from './schemas';

// Imported lazily by the auth forms (validation/lazy-resolver.ts): zod stays out of the auth pages' first load.
export const loginResolver = zodResolver(loginSchema);
export const registerResolver = zodResolver(registerSchema);
export const forgotPasswordResolver = zodResolver(forgotPasswordSchema);
export const resetPasswordResolver = zodResolver(resetPasswordSchema);
export const invitationSignInResolver = zodResolver(invitationSignInSchema);
