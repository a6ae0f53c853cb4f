export {
  AcceptInvitationForm,
  type AcceptInvitationFormProps,
  type AcceptInvitationValues,
  type InvitationSummary,
  invitationSignInSchema,
} from './accept-invitation';
export { AuthHeading, AuthLayout, type AuthLayoutProps, AuthMarketingPanel, Brand } from './auth-layout';
export {
  AuthMessage,
  CheckingLink,
  ConfirmAccount,
  type ConfirmAccountProps,
  type ConfirmAccountState,
  ForgotPasswordSuccess,
  InvalidLink,
  type InvalidLinkProps,
  InvitationAlreadyAccepted,
  RegisterSuccess,
  ResetPasswordSuccess,
} from './auth-message';
export { ForgotPasswordForm, type ForgotPasswordFormProps } from './forgot-password-form';
export { LoginForm, type LoginFormProps } from './login-form';
export { RegisterForm, type RegisterFormProps } from './register-form';
export { ResendLink, type ResendLinkProps, type ResendState } from './resend-link';
export { ResetPasswordForm, type ResetPasswordFormProps } from './reset-password-form';
export {
  type ForgotPasswordValues,
  forgotPasswordSchema,
  type LoginValues,
  loginSchema,
  PASSWORD_MIN_LENGTH,
  type RegisterValues,
  type ResetPasswordValues,
  registerSchema,
  resetPasswordSchema,
  validationMessages,
} from './schemas';
