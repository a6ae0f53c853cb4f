import { styled } from '@mulot/ui/styled-system/jsx';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button/button';
import { FragmentLink } from '../link/link';
import { type ServerFieldErrors, useServerFieldErrors } from '../validation';
import { lazyResolver } from '../validation/lazy-resolver';
import { AuthHeading } from './auth-layout';
import { PasswordField, TextField } from './form-field';
import type { RegisterValues } from './schemas';
import { linkStyle } from './styles';
import { useAuthForm } from './use-auth-form';

const resolver = lazyResolver<RegisterValues>(() =>
  import('./resolvers').then((module) => module.registerResolver),
);

export interface RegisterFormProps {
  onSubmit: (values: RegisterValues) => void | Promise<void>;
  pending?: boolean;
  /** A server's refusal of named fields, shown on those fields. */
  fieldErrors?: ServerFieldErrors<RegisterValues> | null;
}

export function RegisterForm({ onSubmit, pending = false, fieldErrors }: RegisterFormProps) {
  const intl = useIntl();
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    setError,
    formState: { errors },
  } = useAuthForm<RegisterValues>({
    resolver,
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  useServerFieldErrors(fieldErrors, setError);
  return (
    <styled.form noValidate onSubmit={handleSubmit(onSubmit)} display="flex" flexDirection="column" gap="4">
      <AuthHeading
        title={<FormattedMessage id="auth.register.title" defaultMessage="Créer un compte" />}
        description={
          <FormattedMessage
            id="auth.register.subtitle"
            defaultMessage="Commencez à créer des guides pour vos utilisateurs"
          />
        }
      />
      <TextField
        label={intl.formatMessage({ id: 'auth.field.email', defaultMessage: 'Email' })}
        type="email"
        autoComplete="email"
        placeholder={intl.formatMessage({
          id: 'auth.field.emailPlaceholder',
          defaultMessage: 'vous@exemple.fr',
        })}
        registration={register('email')}
        error={errors.email}
      />
      <PasswordField
        label={intl.formatMessage({ id: 'auth.field.password', defaultMessage: 'Mot de passe' })}
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
      <Button
        type="submit"
        loading={pending}
        loadingText={
          <FormattedMessage id="auth.register.submitting" defaultMessage="Création du compte..." />
        }
      >
        <FormattedMessage id="auth.register.submit" defaultMessage="Créer mon compte" />
      </Button>
      <styled.p textAlign="center" textStyle="sm" color="fg.muted">
        <FormattedMessage id="auth.register.haveAccount" defaultMessage="Déjà un compte ?" />{' '}
        <FragmentLink href="/auth/login" className={linkStyle}>
          <FormattedMessage id="auth.backToLogin" defaultMessage="Retour à la connexion" />
        </FragmentLink>
      </styled.p>
    </styled.form>
  );
}
