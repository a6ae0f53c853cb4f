import { Box, HStack, styled } from '@mulot/ui/styled-system/jsx';
import { RefreshCw, X } from 'lucide-react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Avatar } from '../../components/avatar/avatar';
import { Badge } from '../../components/badge/badge';
import { Button } from '../../components/button/button';
import * as Card from '../../components/card/card';
import { formatRelative } from './relative-time';
import { type Role, RoleBadge } from './roles';

/** Someone invited who has not set a password yet (openapi `Invitation`): not a member yet. */
export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  invitedAt: string | Date;
  /** The latest link mailed has expired: resending sends a fresh one. */
  expired: boolean;
  invitedBy?: { firstname: string; lastname: string; email: string } | null;
}

export interface PendingInvitationsProps {
  invitations: readonly PendingInvitation[];
  /** Admins may resend and cancel (the server refuses anyone else). */
  canManage?: boolean;
  onResend?: (invitation: PendingInvitation) => void;
  onCancel?: (invitation: PendingInvitation) => void;
  /** The invitation a resend or cancel is under way for: its buttons are disabled. */
  busyId?: string | null;
  /** Reference time for "il y a 3 jours" (stories pin it). */
  now?: Date;
}

const List = styled('ul');
const Line = styled('p');

/** "Invitations en attente": listed apart from the members, who alone count in the team's numbers. */
export function PendingInvitations({
  invitations,
  canManage = false,
  onResend,
  onCancel,
  busyId,
  now,
}: PendingInvitationsProps) {
  const intl = useIntl();
  const titleId = useId();
  if (invitations.length === 0) return null;
  const reference = now ?? new Date();
  return (
    <Card.Root data-testid="pending-invitations">
      <Card.Header>
        <Card.Title asChild>
          <h2 id={titleId}>
            {intl.formatMessage(
              { id: 'team.invitations.title', defaultMessage: 'Invitations en attente ({count})' },
              { count: invitations.length },
            )}
          </h2>
        </Card.Title>
      </Card.Header>
      <Card.Body pt="2">
        <List aria-labelledby={titleId} divideY="1px" divideColor="border.default">
          {invitations.map((invitation) => {
            const inviter = invitation.invitedBy
              ? `${invitation.invitedBy.firstname} ${invitation.invitedBy.lastname}`.trim() ||
                invitation.invitedBy.email
              : null;
            const sent = intl.formatMessage(
              { id: 'team.invitations.sent', defaultMessage: 'Invitation envoyée {when}' },
              { when: formatRelative(intl, invitation.invitedAt, reference) },
            );
            const busy = busyId === invitation.id;
            return (
              <styled.li
                key={invitation.id}
                display="flex"
                alignItems="center"
                gap="4"
                py="4"
                flexWrap="wrap"
                data-invitation-id={invitation.id}
              >
                <Avatar firstName={invitation.email} lastName="" />
                {/* a basis, so that on a phone the actions wrap under the address instead of squeezing it */}
                <Box flex="[1 1 12rem]" minW="0">
                  <HStack gap="2" flexWrap="wrap">
                    <styled.p fontWeight="medium" truncate>
                      {invitation.email}
                    </styled.p>
                    <RoleBadge role={invitation.role} />
                    {invitation.expired && (
                      <Badge colorPalette="red" variant="outline">
                        {intl.formatMessage({
                          id: 'team.invitations.expired',
                          defaultMessage: 'Lien expiré',
                        })}
                      </Badge>
                    )}
                  </HStack>
                  <Line textStyle="sm" color="fg.muted">
                    {inviter
                      ? intl.formatMessage(
                          { id: 'team.invitations.sentBy', defaultMessage: '{sent} par {name}' },
                          { sent, name: inviter },
                        )
                      : sent}
                  </Line>
                </Box>
                {canManage && (
                  <HStack gap="2">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      aria-label={intl.formatMessage(
                        {
                          id: 'team.invitations.resendLabel',
                          defaultMessage: "Renvoyer l'invitation à {email}",
                        },
                        { email: invitation.email },
                      )}
                      onClick={() => onResend?.(invitation)}
                    >
                      <RefreshCw aria-hidden />
                      {intl.formatMessage({ id: 'team.invitations.resend', defaultMessage: 'Renvoyer' })}
                    </Button>
                    <Button
                      variant="outline"
                      colorPalette="red"
                      size="sm"
                      disabled={busy}
                      aria-label={intl.formatMessage(
                        {
                          id: 'team.invitations.cancelLabel',
                          defaultMessage: "Annuler l'invitation de {email}",
                        },
                        { email: invitation.email },
                      )}
                      onClick={() => onCancel?.(invitation)}
                    >
                      <X aria-hidden />
                      {intl.formatMessage({ id: 'team.invitations.cancel', defaultMessage: 'Annuler' })}
                    </Button>
                  </HStack>
                )}
              </styled.li>
            );
          })}
        </List>
      </Card.Body>
    </Card.Root>
  );
}
