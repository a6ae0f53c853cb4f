export { PasswordChangeForm, type PasswordChangeFormProps } from './password-change-form';
export { PersonalInfoForm, type PersonalInfoFormProps } from './personal-info-form';
export { ProfileHeader, type ProfileHeaderProps } from './profile-header';
export {
  PASSWORD_MIN_LENGTH,
  type PasswordChangeValues,
  type PersonalInfoValues,
  passwordChangeSchema,
  personalInfoSchema,
} from './schemas';
