import { Box, Flex, styled } from '@mulot/ui/styled-system/jsx';
import { LogOut, Pencil, UserPlus } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Button } from '../../components/button/button';

export interface TeamHeaderProps {
  /** Only Admins may invite: without this callback the button is not shown. */
  onInvite?: () => void;
  /** "Quitter l'organisation" (issue 37), for every member: without this callback the button is not shown. */
  onLeave?: () => void;
  /** "Renommer l'organisation" (issue 40), an Admin's: without this callback the button is not shown. */
  onRename?: () => void;
}

const Title = styled('h1');
const Subtitle = styled('p');

/** "Gestion d'équipe", its subtitle and "Inviter un membre" (spec §2 Team). */
export function TeamHeader({ onInvite, onLeave, onRename }: TeamHeaderProps) {
  const intl = useIntl();
  return (
    <Flex alignItems={{ base: 'start', md: 'center' }} justifyContent="space-between" gap="4" flexWrap="wrap">
      <Box>
        <Title textStyle="2xl" fontWeight="bold" lineHeight="tight">
          {intl.formatMessage({ id: 'team.title', defaultMessage: "Gestion d'équipe" })}
        </Title>
        <Subtitle color="fg.muted" mt="1">
          {intl.formatMessage({
            id: 'team.subtitle',
            defaultMessage: 'Invitez et gérez les membres de votre organisation',
          })}
        </Subtitle>
      </Box>
      <Flex gap="2" flexWrap="wrap">
        {onRename && (
          <Button variant="outline" colorPalette="gray" onClick={onRename}>
            <Pencil aria-hidden />
            {intl.formatMessage({ id: 'team.rename.title', defaultMessage: "Renommer l'organisation" })}
          </Button>
        )}
        {onLeave && (
          <Button variant="outline" colorPalette="gray" onClick={onLeave}>
            <LogOut aria-hidden />
            {intl.formatMessage({ id: 'team.leave.title', defaultMessage: "Quitter l'organisation" })}
          </Button>
        )}
        {onInvite && (
          <Button onClick={onInvite}>
            <UserPlus aria-hidden />
            {intl.formatMessage({ id: 'team.invite', defaultMessage: 'Inviter un membre' })}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
