import { Box, styled } from '@mulot/ui/styled-system/jsx';
import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button/button';
import { FragmentLink } from '../link/link';
import { type Role, roleMessages } from '../team/roles';
import { type ServerFieldErrors, useServerFieldErrors } from '../validation';
import { lazyResolver } from '../validation/lazy-resolver';
import { AuthHeading } from './auth-layout';
import { PasswordField } from './form-field';
import type { InvitationSignInValues, ResetPasswordValues } from './schemas';
import { linkStyle } from './styles';
import { useAuthForm } from './use-auth-form';

export { invitationSignInSchema } from './schemas';

const choosePasswordResolver = lazyResolver<ResetPasswordValues>(() =>
  import('./resolvers').then((module) => module.resetPasswordResolver),
);
const signInResolver = lazyResolver<InvitationSignInValues>(() =>
  import('./resolvers').then((module) => module.invitationSignInResolver),
);

/** What the acceptance screen says about an invitation (openapi `InvitationDetails`). */
export interface InvitationSummary {
  email: string;
  role: Role;
  organizationName: string;
  invitedBy?: { firstname: string; lastname: string; email: string } | null;
  /** The email already has an account: sign in with it rather than choose a password. */
  hasAccount: boolean;
}

export interface AcceptInvitationValues {
  password: string;
}

export interface AcceptInvitationFormProps {
  invitation: InvitationSummary;
  onSubmit: (values: AcceptInvitationValues) => void | Promise<void>;
  pending?: boolean;
  /** A refusal that belongs to no field, shown above the button. */
  error?: string | null;
  fieldErrors?: ServerFieldErrors<AcceptInvitationValues> | null;
}

/**
 * The invitation link's screen: who invited whom to which organization, then either a new password (no
 * account yet) or the account's password (the email already has one). Accepting lands in that organization.
 */
export function AcceptInvitationForm(props: AcceptInvitationFormProps) {
  const intl = useIntl();
  const { invitation } = props;
  const inviter = invitation.invitedBy
    ? `${invitation.invitedBy.firstname} ${invitation.invitedBy.lastname}`.trim() ||
      invitation.invitedBy.email
    : null;
  const values = {
    organization: invitation.organizationName,
    role: intl.formatMessage(roleMessages[invitation.role]),
    inviter,
    b: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
  };
  return (
    <Box display="flex" flexDirection="column" gap="4" data-testid="accept-invitation">
      <AuthHeading
        title={
          <FormattedMessage
            id="auth.invitation.title"
            defaultMessage="Rejoindre {organization}"
            values={{ organization: invitation.organizationName }}
          />
        }
        description={
          inviter ? (
            <FormattedMessage
              id="auth.invitation.invitedBy"
              defaultMessage="{inviter} vous invite à rejoindre <b>{organization}</b> en tant que {role}."
              values={values}
            />
          ) : (
            <FormattedMessage
              id="auth.invitation.invited"
              defaultMessage="Vous êtes invité à rejoindre <b>{organization}</b> en tant que {role}."
              values={values}
            />
          )
        }
      />
      <styled.p display="flex" alignItems="center" gap="2" textStyle="sm" color="fg.muted">
        <Building2 aria-hidden size={16} />
        <FormattedMessage
          id="auth.invitation.for"
          defaultMessage="Invitation pour {email}"
          values={{ email: invitation.email }}
        />
      </styled.p>
      {invitation.hasAccount ? <SignInToAccept {...props} /> : <ChoosePassword {...props} />}
    </Box>
  );
}

function Failure({ error }: { error?: string | null }) {
  if (!error) return null;
  return (
    <styled.p role="alert" color="fg.error" textStyle="sm">
      {error}
    </styled.p>
  );
}

function ChoosePassword({ onSubmit, pending = false, error, fieldErrors }: AcceptInvitationFormProps) {
  const intl = useIntl();
  const { register, handleSubmit, trigger, getFieldState, setError, formState } =
    useAuthForm<ResetPasswordValues>({
      resolver: choosePasswordResolver,
      defaultValues: { password: '', confirmPassword: '' },
    });
  useServerFieldErrors(fieldErrors, setError);
  return (
    <styled.form
      noValidate
      onSubmit={handleSubmit(({ password }) => onSubmit({ password }))}
      display="flex"
      flexDirection="column"
      gap="4"
    >
      <PasswordField
        label={intl.formatMessage({
          id: 'auth.invitation.password',
          defaultMessage: 'Choisissez un mot de passe',
        })}
        autoComplete="new-password"
        registration={register('password', {
          onChange: () => {
            if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
          },
        })}
        error={formState.errors.password}
      />
      <PasswordField
        label={intl.formatMessage({
          id: 'auth.field.confirmPassword',
          defaultMessage: 'Confirmer le mot de passe',
        })}
        autoComplete="new-password"
        registration={register('confirmPassword')}
        error={formState.errors.confirmPassword}
      />
      <Failure error={error} />
      <Button
        type="submit"
        loading={pending}
        loadingText={<FormattedMessage id="auth.invitation.joining" defaultMessage="Connexion..." />}
      >
        <FormattedMessage id="auth.invitation.join" defaultMessage="Rejoindre l'organisation" />
      </Button>
    </styled.form>
  );
}

function SignInToAccept({
  invitation,
  onSubmit,
  pending = false,
  error,
  fieldErrors,
}: AcceptInvitationFormProps) {
  const intl = useIntl();
  const { register, handleSubmit, setError, formState } = useAuthForm<InvitationSignInValues>({
    resolver: signInResolver,
    defaultValues: { password: '' },
  });
  useServerFieldErrors(fieldErrors, setError);
  return (
    <styled.form noValidate onSubmit={handleSubmit(onSubmit)} display="flex" flexDirection="column" gap="4">
      <styled.p textStyle="sm">
        <FormattedMessage
          id="auth.invitation.hasAccount"
          defaultMessage="Un compte existe déjà pour {email} : saisissez son mot de passe pour rejoindre l'organisation."
          values={{ email: invitation.email }}
        />
      </styled.p>
      <PasswordField
        label={intl.formatMessage({ id: 'auth.field.password', defaultMessage: 'Mot de passe' })}
        autoComplete="current-password"
        registration={register('password')}
        error={formState.errors.password}
      />
      <Failure error={error} />
      <Button
        type="submit"
        loading={pending}
        loadingText={<FormattedMessage id="auth.invitation.joining" defaultMessage="Connexion..." />}
      >
        <FormattedMessage id="auth.invitation.signInAndJoin" defaultMessage="Se connecter et rejoindre" />
      </Button>
      <styled.p textAlign="center">
        <FragmentLink href="/auth/forgot-password" className={linkStyle}>
          <FormattedMessage id="auth.login.forgotPassword" defaultMessage="Mot de passe oublié ?" />
        </FragmentLink>
      </styled.p>
    </styled.form>
  );
}
