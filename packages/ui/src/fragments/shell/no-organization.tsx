import { css } from '@mulot/ui/styled-system/css';
import { Box, Stack, styled } from '@mulot/ui/styled-system/jsx';
import { Building2, LogOut } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Button } from '../../components/button/button';
import { OrganizationNameForm } from '../team/organization-name-form';
import { InvitationBanners, type InvitationBannersProps } from './invitation-banners';

export interface NoOrganizationProps {
  /** The invitations waiting for the user's answer, to accept or refuse here. */
  invitations: InvitationBannersProps;
  onCreate: (name: string) => void;
  creating?: boolean;
  /** Why creating failed (the server's message). */
  error?: string | null;
  onLogout: () => void;
}

const gap = css({ gap: '3' });
const Title = styled('h1');
const Subtitle = styled('h2');
const Text = styled('p');

/**
 * A signed-in user who belongs to no organization (removed from their only one, or they left it; issue 40): said
 * plainly, with the ways on — their own organization, an invitation waiting for them, or signing out — instead of
 * pages that can only fail.
 */
export function NoOrganization({
  invitations,
  onCreate,
  creating = false,
  error,
  onLogout,
}: NoOrganizationProps) {
  const intl = useIntl();
  return (
    <Stack gap="6" maxW="xl" mx="auto" py="8">
      <Stack gap="2">
        <Box color="fg.muted" aria-hidden>
          <Building2 />
        </Box>
        <Title textStyle="2xl" fontWeight="bold">
          {intl.formatMessage({
            id: 'noOrganization.title',
            defaultMessage: "Vous n'êtes membre d'aucune organisation",
          })}
        </Title>
        <Text color="fg.muted">
          {intl.formatMessage({
            id: 'noOrganization.text',
            defaultMessage:
              "Votre compte n'appartient plus à aucune organisation : vous en avez été retiré(e), ou vous l'avez quittée. Créez la vôtre, ou acceptez une invitation.",
          })}
        </Text>
      </Stack>
      <InvitationBanners {...invitations} />
      <OrganizationNameForm onSubmit={onCreate} error={error} className={gap}>
        {(field) => (
          <>
            <Subtitle textStyle="lg" fontWeight="semibold">
              {intl.formatMessage({
                id: 'noOrganization.createTitle',
                defaultMessage: 'Créer mon organisation',
              })}
            </Subtitle>
            {field}
            <Box>
              <Button type="submit" loading={creating}>
                {intl.formatMessage({ id: 'noOrganization.create', defaultMessage: "Créer l'organisation" })}
              </Button>
            </Box>
          </>
        )}
      </OrganizationNameForm>
      <Box>
        <Button variant="outline" colorPalette="gray" onClick={onLogout}>
          <LogOut aria-hidden />
          {intl.formatMessage({ id: 'noOrganization.logout', defaultMessage: 'Se déconnecter' })}
        </Button>
      </Box>
    </Stack>
  );
}
