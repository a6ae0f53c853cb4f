import { styled } from '@mulot/ui/styled-system/jsx';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button/button';
import { FragmentLink } from '../link/link';
import { type ServerFieldErrors, useServerFieldErrors } from '../validation';
import { lazyResolver } from '../validation/lazy-resolver';
import { AuthHeading } from './auth-layout';
import { PasswordField } from './form-field';
import type { ResetPasswordValues } from './schemas';
import { linkStyle } from './styles';
import { useAuthForm } from './use-auth-form';

const resolver = lazyResolver<ResetPasswordValues>(() =>
  import('./resolvers').then((module) => module.resetPasswordResolver),
);

export interface ResetPasswordFormProps {
  onSubmit: (values: ResetPasswordValues) => void | Promise<void>;
  pending?: boolean;
  /** The failure of the last attempt (server message or the spec §8 fallback), shown above the button. */
  error?: string | null;
  /** A server's refusal of named fields, shown on those fields. */
  fieldErrors?: ServerFieldErrors<ResetPasswordValues> | null;
}

export function ResetPasswordForm({ onSubmit, pending = false, error, fieldErrors }: ResetPasswordFormProps) {
  const intl = useIntl();
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    setError,
    formState: { errors },
  } = useAuthForm<ResetPasswordValues>({
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });
  useServerFieldErrors(fieldErrors, setError);
  return (
    <styled.form noValidate onSubmit={handleSubmit(onSubmit)} display="flex" flexDirection="column" gap="4">
      <AuthHeading
        title={<FormattedMessage id="auth.resetPassword.title" defaultMessage="Nouveau mot de passe" />}
        description={
          <FormattedMessage
            id="auth.resetPassword.subtitle"
            defaultMessage="Choisissez un nouveau mot de passe pour votre compte."
          />
        }
      />
      <PasswordField
        label={intl.formatMessage({ id: 'auth.field.newPassword', defaultMessage: 'Nouveau mot de passe' })}
        autoComplete="new-password"
        registration={register('password', {
          // A confirmation already filled in is checked again against the new password.
          onChange: () => {
            if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
          },
        })}
        error={errors.password}
      />
      <PasswordField
        label={intl.formatMessage({
          id: 'auth.field.confirmPassword',
          defaultMessage: 'Confirmer le mot de passe',
        })}
        autoComplete="new-password"
        registration={register('confirmPassword')}
        error={errors.confirmPassword}
      />
      {error && (
        <styled.p role="alert" color="fg.error" textStyle="sm">
          {error}
        </styled.p>
      )}
      <Button
        type="submit"
        loading={pending}
        loadingText={
          <FormattedMessage id="auth.resetPassword.submitting" defaultMessage="Enregistrement..." />
        }
      >
        <FormattedMessage id="auth.resetPassword.submit" defaultMessage="Réinitialiser le mot de passe" />
      </Button>
      <styled.p textAlign="center">
        <FragmentLink href="/auth/login" className={linkStyle}>
          <FormattedMessage id="auth.backToLogin" defaultMessage="Retour à la connexion" />
        </FragmentLink>
      </styled.p>
    </styled.form>
  );
}
