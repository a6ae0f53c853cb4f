import { Box, styled } from '@mulot/ui/styled-system/jsx';
import { button } from '@mulot/ui/styled-system/recipes';
import { CircleCheck, CircleX, MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Spinner } from '../../components/spinner/spinner';
import { FragmentLink } from '../link/link';

type Tone = 'success' | 'error' | 'info';

interface AuthMessageProps {
  tone: Tone;
  title: ReactNode;
  children?: ReactNode;
  /** A link styled as a button (e.g. back to login). */
  action?: { href: string; label: ReactNode };
  icon?: ReactNode;
}

const toneColor: Record<Tone, 'fg.success' | 'fg.error' | 'primary.fg'> = {
  success: 'fg.success',
  error: 'fg.error',
  info: 'primary.fg',
};

/** A one-message auth screen: icon, title (the page's h1), text and at most one way on. */
export function AuthMessage({ tone, title, children, action, icon }: AuthMessageProps) {
  return (
    <Box display="flex" flexDirection="column" alignItems="center" gap="4" textAlign="center">
      <Box color={toneColor[tone]} css={{ '& svg': { w: '12', h: '12' } }} aria-hidden="true">
        {icon ?? (tone === 'error' ? <CircleX /> : <CircleCheck />)}
      </Box>
      <styled.h1 textStyle="2xl" fontWeight="bold">
        {title}
      </styled.h1>
      {children && (
        <Box color="fg.muted" textStyle="sm" display="flex" flexDirection="column" gap="2">
          {children}
        </Box>
      )}
      {action && (
        <FragmentLink href={action.href} className={button({ variant: 'solid', size: 'md' })}>
          {action.label}
        </FragmentLink>
      )}
    </Box>
  );
}

const loginLabel = <FormattedMessage id="auth.goToLogin" defaultMessage="Se connecter" />;
const backToLogin = <FormattedMessage id="auth.backToLogin" defaultMessage="Retour à la connexion" />;

export function RegisterSuccess() {
  return (
    <AuthMessage
      tone="info"
      icon={<MailCheck />}
      title={<FormattedMessage id="auth.registerSuccess.title" defaultMessage="Compte créé" />}
      action={{ href: '/auth/login', label: backToLogin }}
    >
      <p>
        <FormattedMessage
          id="auth.registerSuccess.text"
          defaultMessage="Votre compte a été créé. Consultez votre boîte mail et cliquez sur le lien reçu pour l'activer."
        />
      </p>
    </AuthMessage>
  );
}

export function ForgotPasswordSuccess() {
  return (
    <AuthMessage
      tone="info"
      icon={<MailCheck />}
      title={<FormattedMessage id="auth.forgotPasswordSuccess.title" defaultMessage="Email envoyé" />}
      action={{ href: '/auth/login', label: backToLogin }}
    >
      <p>
        <FormattedMessage
          id="auth.forgotPasswordSuccess.text"
          defaultMessage="Si un compte correspond à cette adresse, un email contenant un lien de réinitialisation vient de vous être envoyé."
        />
      </p>
    </AuthMessage>
  );
}

export function ResetPasswordSuccess() {
  return (
    <AuthMessage
      tone="success"
      title={
        <FormattedMessage id="auth.resetPasswordSuccess.title" defaultMessage="Mot de passe réinitialisé" />
      }
      action={{ href: '/auth/login', label: loginLabel }}
    >
      <p>
        <FormattedMessage
          id="auth.resetPasswordSuccess.text"
          defaultMessage="Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter."
        />
      </p>
    </AuthMessage>
  );
}

export type ConfirmAccountState = 'pending' | 'success' | 'failure';

export interface ConfirmAccountProps {
  state: ConfirmAccountState;
  /** On failure: the server's message, or the spec §8 fallback when there is none. */
  error?: string | null;
  /** On failure: the way to a new link (`ResendLink`). */
  resend?: ReactNode;
}

/** Account confirmation (spec §2): in progress, then success with a login button or failure with a way back. */
export function ConfirmAccount({ state, error, resend }: ConfirmAccountProps) {
  if (state === 'pending') {
    return (
      <Box
        display="flex"
        flexDirection="column"
        alignItems="center"
        gap="4"
        textAlign="center"
        role="status"
        aria-live="polite"
      >
        <Spinner size="lg" decorative />
        <styled.h1 textStyle="2xl" fontWeight="bold">
          <FormattedMessage
            id="auth.confirm.pending"
            defaultMessage="Confirmation de votre compte en cours..."
          />
        </styled.h1>
      </Box>
    );
  }
  if (state === 'success') {
    return (
      <AuthMessage
        tone="success"
        title={<FormattedMessage id="auth.confirm.successTitle" defaultMessage="Compte confirmé" />}
        action={{ href: '/auth/login', label: loginLabel }}
      >
        <p>
          <FormattedMessage
            id="auth.confirm.successText"
            defaultMessage="Votre compte est activé. Vous pouvez maintenant vous connecter."
          />
        </p>
      </AuthMessage>
    );
  }
  return (
    <AuthMessage
      tone="error"
      title={<FormattedMessage id="auth.confirm.failureTitle" defaultMessage="Échec de la confirmation" />}
      action={{ href: '/auth/login', label: backToLogin }}
    >
      <p>
        <FormattedMessage
          id="auth.confirm.failureText"
          defaultMessage="La confirmation de votre compte a échoué. Veuillez vérifier votre lien ou contacter notre support."
        />
      </p>
      <styled.p role="alert" color="fg.error">
        {error || (
          <FormattedMessage
            id="auth.confirm.failureFallback"
            defaultMessage="Une erreur est survenue lors de la confirmation de votre compte"
          />
        )}
      </styled.p>
      {resend}
    </AuthMessage>
  );
}

/** A mailed link being checked when its page opens (before anything is typed). */
export function CheckingLink() {
  return (
    <Box display="flex" flexDirection="column" alignItems="center" gap="4" role="status" aria-live="polite">
      <Spinner size="lg" decorative />
      <styled.h1 textStyle="2xl" fontWeight="bold">
        <FormattedMessage id="auth.link.checking" defaultMessage="Vérification du lien..." />
      </styled.h1>
    </Box>
  );
}

export interface InvalidLinkProps {
  kind: 'reset' | 'invitation';
  /** The server's reason (e.g. "Ce lien n'est pas valide ou a expiré. Demandez-en un nouveau."). */
  error?: string | null;
  /** The way to a new link (`ResendLink`). */
  resend?: ReactNode;
}

/** A reset or invitation link that can no longer be used: said on arrival, with the way to a new one. */
export function InvalidLink({ kind, error, resend }: InvalidLinkProps) {
  return (
    <AuthMessage
      tone="error"
      title={
        kind === 'reset' ? (
          <FormattedMessage id="auth.link.resetInvalid" defaultMessage="Lien de réinitialisation invalide" />
        ) : (
          <FormattedMessage id="auth.link.invitationInvalid" defaultMessage="Invitation invalide" />
        )
      }
      action={{ href: '/auth/login', label: backToLogin }}
    >
      <p role="alert">
        {error || (
          <FormattedMessage
            id="auth.link.invalidText"
            defaultMessage="Ce lien n'est pas valide ou a expiré."
          />
        )}
      </p>
      {resend}
    </AuthMessage>
  );
}

/**
 * An invitation link opened again after it was accepted (issue 40): nothing expired and no new link is needed,
 * the invitee only has to sign in.
 */
export function InvitationAlreadyAccepted() {
  return (
    <AuthMessage
      tone="success"
      title={<FormattedMessage id="auth.link.invitationAccepted" defaultMessage="Invitation déjà acceptée" />}
      action={{ href: '/auth/login', label: loginLabel }}
    >
      <p>
        <FormattedMessage
          id="auth.link.invitationAcceptedText"
          defaultMessage="Vous avez déjà rejoint cette organisation. Connectez-vous pour continuer."
        />
      </p>
    </AuthMessage>
  );
}
