import { css } from '@mulot/ui/styled-system/css';
import { ArrowLeftToLine, ArrowRightToLine } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, IconButton } from '../../components/button/button';

export interface ExtensionPanelProps {
  /** The panel's name ("Mulot — guides"), shown small above its content and naming its region. */
  title: string;
  /** The side of the page the panel sits on: the move button sends it to the other one. */
  side: 'left' | 'right';
  onMove: () => void;
  onClose: () => void;
  /** A success, announced politely; kept until the next view so that nothing moves under the pointer. */
  status?: string | null;
  /** An error, announced assertively. */
  alert?: string | null;
  /**
   * The member's session ended (signed out elsewhere, password changed): the panel says so in place of its alert
   * and offers to sign in again, which `onSignIn` starts.
   */
  onSignIn?: (() => void) | undefined;
  children?: ReactNode;
}

const frame = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  w: 'full',
  maxH: 'full',
  overflowY: 'auto',
  bg: 'bg.default',
  color: 'fg.default',
  fontFamily: 'body',
  fontSize: 'sm',
  lineHeight: 'normal',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
  boxShadow: 'lg',
  p: '4',
});
const header = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' });
const brand = css({ fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', textTransform: 'uppercase' });
const line = css({ borderRadius: 'l2', px: '3', py: '2', _empty: { display: 'none' } });
const success = css({ bg: 'green.subtle.bg', color: 'green.subtle.fg' });
const failure = css({ bg: 'red.subtle.bg', color: 'red.subtle.fg' });

/**
 * The extension's in-page panel (reader and creator modes): a narrow card on one side of the customer's page,
 * with its name, a button moving it to the other side when it covers what the user needs, and a close button.
 * The extension renders it in a shadow root above the page (ShadowRootEnvironment).
 */
export function ExtensionPanel({
  title,
  side,
  onMove,
  onClose,
  status,
  alert,
  onSignIn,
  children,
}: ExtensionPanelProps) {
  const intl = useIntl();
  const move = intl.formatMessage({
    id: 'extension.panel.move',
    defaultMessage: "Déplacer le panneau de l'autre côté",
  });
  return (
    <section className={frame} aria-label={title}>
      <div className={header}>
        <span className={brand}>{title}</span>
        <span className={css({ display: 'flex', gap: '1', alignItems: 'center' })}>
          <IconButton size="xs" variant="plain" aria-label={move} title={move} onClick={onMove}>
            {side === 'right' ? <ArrowLeftToLine aria-hidden /> : <ArrowRightToLine aria-hidden />}
          </IconButton>
          <Button size="xs" variant="plain" onClick={onClose}>
            <FormattedMessage id="ui.dialog.close" defaultMessage="Fermer" />
          </Button>
        </span>
      </div>
      <div role="alert" className={`${line} ${failure}`}>
        {onSignIn ? (
          <FormattedMessage
            id="extension.session.expired"
            defaultMessage="Votre session a expiré. Reconnectez-vous."
          />
        ) : (
          alert
        )}
      </div>
      {onSignIn && (
        <Button size="sm" onClick={onSignIn}>
          <FormattedMessage id="extension.session.signIn" defaultMessage="Se reconnecter" />
        </Button>
      )}
      <div role="status" className={`${line} ${success}`}>
        {status}
      </div>
      {children}
    </section>
  );
}
