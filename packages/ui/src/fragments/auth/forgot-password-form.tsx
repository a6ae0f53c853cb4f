import { styled } from '@mulot/ui/styled-system/jsx';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button/button';
import { FragmentLink } from '../link/link';
import { type ServerFieldErrors, useServerFieldErrors } from '../validation';
import { lazyResolver } from '../validation/lazy-resolver';
import { AuthHeading } from './auth-layout';
import { TextField } from './form-field';
import type { ForgotPasswordValues } from './schemas';
import { linkStyle } from './styles';
import { useAuthForm } from './use-auth-form';

const resolver = lazyResolver<ForgotPasswordValues>(() =>
  import('./resolvers').then((module) => module.forgotPasswordResolver),
);

export interface ForgotPasswordFormProps {
  onSubmit: (values: ForgotPasswordValues) => void | Promise<void>;
  pending?: boolean;
  /** A server's refusal of named fields, shown on those fields. */
  fieldErrors?: ServerFieldErrors<ForgotPasswordValues> | null;
}

export function ForgotPasswordForm({ onSubmit, pending = false, fieldErrors }: ForgotPasswordFormProps) {
  const intl = useIntl();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useAuthForm<ForgotPasswordValues>({
    resolver,
    defaultValues: { email: '' },
  });
  useServerFieldErrors(fieldErrors, setError);
  return (
    <styled.form noValidate onSubmit={handleSubmit(onSubmit)} display="flex" flexDirection="column" gap="4">
      <AuthHeading
        title={<FormattedMessage id="auth.forgotPassword.title" defaultMessage="Mot de passe oublié" />}
        description={
          <FormattedMessage
            id="auth.forgotPassword.subtitle"
            defaultMessage="Saisissez votre email : nous vous enverrons un lien pour choisir un nouveau mot de passe."
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
      <Button
        type="submit"
        loading={pending}
        loadingText={<FormattedMessage id="auth.forgotPassword.submitting" defaultMessage="Envoi..." />}
      >
        <FormattedMessage id="auth.forgotPassword.submit" defaultMessage="Envoyer le lien" />
      </Button>
      <styled.p textAlign="center">
        <FragmentLink href="/auth/login" className={linkStyle}>
          <FormattedMessage id="auth.backToLogin" defaultMessage="Retour à la connexion" />
        </FragmentLink>
      </styled.p>
    </styled.form>
  );
}
