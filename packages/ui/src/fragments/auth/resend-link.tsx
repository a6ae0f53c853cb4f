import { Box, styled } from '@mulot/ui/styled-system/jsx';
import { Send } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../components/button/button';

export type ResendState = 'idle' | 'pending' | 'sent' | 'failed';

export interface ResendLinkProps {
  state: ResendState;
  onResend: () => void;
  /** Why the last request failed (e.g. too many requests: try again later). */
  error?: string | null;
}

/**
 * "Send me a new link", for a link that expired or an account not confirmed yet. The server answers the same
 * whatever the address, so the confirmation says what will happen if there is something to send, never
 * whether an account exists.
 */
export function ResendLink({ state, onResend, error }: ResendLinkProps) {
  if (state === 'sent')
    return (
      <styled.p role="status" textStyle="sm" color="fg.success">
        <FormattedMessage
          id="auth.resend.sent"
          defaultMessage="C'est fait : si ce lien peut encore servir, un nouveau vient de vous être envoyé par email."
        />
      </styled.p>
    );
  return (
    <Box display="flex" flexDirection="column" alignItems="center" gap="2">
      <Button
        variant="outline"
        loading={state === 'pending'}
        loadingText={<FormattedMessage id="auth.resend.pending" defaultMessage="Envoi..." />}
        onClick={onResend}
      >
        <Send aria-hidden />
        <FormattedMessage id="auth.resend.button" defaultMessage="M'envoyer un nouveau lien" />
      </Button>
      {state === 'failed' && (
        <styled.p role="alert" textStyle="sm" color="fg.error">
          {error}
        </styled.p>
      )}
    </Box>
  );
}
