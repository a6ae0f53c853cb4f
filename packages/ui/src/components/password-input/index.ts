export * as PasswordInput from './password-input';
