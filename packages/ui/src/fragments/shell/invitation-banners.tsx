import { Flex, Stack, styled } from '@mulot/ui/styled-system/jsx';
import { MailPlus } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Button } from '../../components/button/button';

export interface InvitationToAnswer {
  organizationId: string;
  organizationName: string;
}

export interface InvitationBannersProps {
  invitations: InvitationToAnswer[];
  onAccept: (invitation: InvitationToAnswer) => void;
  onRefuse: (invitation: InvitationToAnswer) => void;
  /** The invitation being answered: its buttons wait, the others stay usable. */
  busyId?: string | null;
}

const Banner = styled('section');
const Text = styled('p');

/**
 * Invitations waiting for the signed-in user's answer (issue 37): an invitation to an existing account grants
 * nothing until its holder accepts it, here or by the mailed link.
 */
export function InvitationBanners({
  invitations,
  onAccept,
  onRefuse,
  busyId = null,
}: InvitationBannersProps) {
  const intl = useIntl();
  if (invitations.length === 0) return null;
  return (
    <Stack gap="2">
      {invitations.map((invitation) => {
        const text = intl.formatMessage(
          { id: 'shell.invitation.text', defaultMessage: 'Vous êtes invité(e) à rejoindre {organization}' },
          { organization: invitation.organizationName },
        );
        const busy = busyId === invitation.organizationId;
        return (
          <Banner
            key={invitation.organizationId}
            aria-label={text}
            display="flex"
            flexWrap="wrap"
            alignItems="center"
            justifyContent="space-between"
            gap="3"
            p="3"
            borderRadius="l2"
            borderWidth="1px"
            borderColor="primary.outline.border"
            bg="primary.subtle.bg"
          >
            <Flex alignItems="center" gap="2" minW="0">
              <MailPlus aria-hidden />
              <Text fontWeight="medium" overflowWrap="anywhere">
                {text}
              </Text>
            </Flex>
            <Flex gap="2">
              <Button size="sm" variant="outline" disabled={busy} onClick={() => onRefuse(invitation)}>
                {intl.formatMessage({ id: 'shell.invitation.refuse', defaultMessage: 'Refuser' })}
              </Button>
              <Button size="sm" loading={busy} onClick={() => onAccept(invitation)}>
                {intl.formatMessage({ id: 'shell.invitation.accept', defaultMessage: 'Accepter' })}
              </Button>
            </Flex>
          </Banner>
        );
      })}
    </Stack>
  );
}
