import { Box, HStack, styled } from '@mulot/ui/styled-system/jsx';
import { MoreHorizontal, Pencil, UserMinus } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Avatar } from '../../components/avatar/avatar';
import { Badge } from '../../components/badge/badge';
import { IconButton } from '../../components/button/button';
import * as Menu from '../../components/menu/menu';
import { memberName, type TeamMember } from './member';
import { formatRelative } from './relative-time';
import { RoleBadge } from './roles';

export interface MemberRowProps {
  member: TeamMember;
  /** Admins get the per-member menu; everyone else sees the row only (spec §6, enforced by the server too). */
  canManage?: boolean;
  onEditRole?: (member: TeamMember) => void;
  onRemove?: (member: TeamMember) => void;
  /** Reference time for "il y a 3 jours" (stories pin it; the app leaves it to the current time). */
  now?: Date;
}

const Name = styled('p');
const Email = styled('p');
const Dates = styled('p');

export function MemberRow({ member, canManage = false, onEditRole, onRemove, now }: MemberRowProps) {
  const intl = useIntl();
  const name = memberName(member);
  const reference = now ?? new Date();
  const dates = [
    member.lastActiveAt &&
      intl.formatMessage(
        { id: 'team.member.lastActive', defaultMessage: 'Actif {when}' },
        { when: formatRelative(intl, member.lastActiveAt, reference) },
      ),
    member.joinedAt &&
      intl.formatMessage(
        { id: 'team.member.joined', defaultMessage: 'Rejoint {when}' },
        { when: formatRelative(intl, member.joinedAt, reference) },
      ),
  ].filter(Boolean);

  return (
    <styled.li display="flex" alignItems="center" gap="4" py="4" data-member-id={member.id}>
      {/* An invitee has no name yet: their email gives the initial. */}
      <Avatar firstName={member.firstname || member.email} lastName={member.lastname} />
      <Box flex="1" minW="0">
        <HStack gap="2" flexWrap="wrap">
          <Name fontWeight="medium" truncate>
            {name}
          </Name>
          <RoleBadge role={member.role} />
          {member.pending && (
            <Badge colorPalette="amber" variant="outline">
              {intl.formatMessage({ id: 'team.member.pending', defaultMessage: 'Invitation en attente' })}
            </Badge>
          )}
        </HStack>
        {name !== member.email && (
          <Email textStyle="sm" color="fg.muted" truncate>
            {member.email}
          </Email>
        )}
      </Box>
      {dates.length > 0 && (
        <Dates textStyle="xs" color="fg.muted" textAlign="end" hideBelow="sm">
          {dates.join(' · ')}
        </Dates>
      )}
      {canManage && (
        <Menu.Root
          onSelect={({ value }) => {
            if (value === 'edit-role') onEditRole?.(member);
            if (value === 'remove') onRemove?.(member);
          }}
        >
          <Menu.Trigger asChild>
            <IconButton
              variant="plain"
              colorPalette="gray"
              size="sm"
              aria-label={intl.formatMessage(
                { id: 'team.member.actions', defaultMessage: 'Actions pour {name}' },
                { name },
              )}
            >
              <MoreHorizontal aria-hidden />
            </IconButton>
          </Menu.Trigger>
          <Menu.Content>
            <Menu.Item value="edit-role">
              <Pencil aria-hidden />
              {intl.formatMessage({ id: 'team.member.editRole', defaultMessage: 'Modifier le rôle' })}
            </Menu.Item>
            <Menu.Item value="remove" destructive>
              <UserMinus aria-hidden />
              {intl.formatMessage({ id: 'team.member.remove', defaultMessage: "Retirer de l'équipe" })}
            </Menu.Item>
          </Menu.Content>
        </Menu.Root>
      )}
    </styled.li>
  );
}
