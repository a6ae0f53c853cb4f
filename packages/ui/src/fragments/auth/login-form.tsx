import { Flex, styled } from '@mulot/ui/styled-system/jsx';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button/button';
import { FragmentLink } from '../link/link';
import { lazyResolver } from '../validation/lazy-resolver';
import { AuthHeading } from './auth-layout';
import { PasswordField, TextField } from './form-field';
import type { LoginValues } from './schemas';
import { linkStyle } from './styles';
import { useAuthForm } from './use-auth-form';

const resolver = lazyResolver<LoginValues>(() =>
  import('./resolvers').then((module) => module.loginResolver),
);

export interface LoginFormProps {
  onSubmit: (values: LoginValues) => void | Promise<void>;
  /** The login call is under way: the button is disabled and reads "Connexion...". */
  pending?: boolean;
  defaultValues?: Partial<LoginValues>;
  /**
   * Fields asked before the email, in the same form (the extension's popup asks which Mulot API to sign in to);
   * their caller validates them.
   */
  leadingFields?: ReactNode;
}

export function LoginForm({ onSubmit, pending = false, defaultValues, leadingFields }: LoginFormProps) {
  const intl = useIntl();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAuthForm<LoginValues>({
    // Spec §5: validated when a field is left, then again on every change (useAuthForm's behaviour).
    resolver,
    defaultValues: { email: '', password: '', ...defaultValues },
  });
  return (
    <styled.form noValidate onSubmit={handleSubmit(onSubmit)} display="flex" flexDirection="column" gap="4">
      <AuthHeading
        title={<FormattedMessage id="auth.login.title" defaultMessage="Connexion" />}
        description={
          <FormattedMessage id="auth.login.subtitle" defaultMessage="Connectez-vous à votre espace Mulot" />
        }
      />
      {leadingFields}
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
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password}
      />
      <Flex justifyContent="flex-end">
        <FragmentLink href="/auth/forgot-password" className={linkStyle}>
          <FormattedMessage id="auth.login.forgotPassword" defaultMessage="Mot de passe oublié ?" />
        </FragmentLink>
      </Flex>
      <Button
        type="submit"
        loading={pending}
        loadingText={<FormattedMessage id="auth.login.submitting" defaultMessage="Connexion..." />}
      >
        <FormattedMessage id="auth.login.submit" defaultMessage="Se connecter" />
      </Button>
      <styled.p textAlign="center" textStyle="sm" color="fg.muted">
        <FormattedMessage id="auth.login.noAccount" defaultMessage="Pas encore de compte ?" />{' '}
        <FragmentLink href="/auth/register" className={linkStyle}>
          <FormattedMessage id="auth.login.register" defaultMessage="Créer un compte" />
        </FragmentLink>
      </styled.p>
    </styled.form>
  );
}
