import { Flex, styled } from '@mulot/ui/styled-system/jsx';
import { Lock, UserPlus, Users } from 'lucide-react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../components/button/button';
import * as Card from '../../components/card/card';
import { EmptyState } from '../../components/empty-state/empty-state';
import { Spinner } from '../../components/spinner/spinner';
import type { TeamMember } from './member';
import { MemberRow } from './member-row';

export interface MemberListProps {
  members: readonly TeamMember[];
  loading?: boolean;
  /** The list could not be loaded: its message (or a generic one) and a retry. */
  error?: { message?: string } | null;
  onRetry?: () => void;
  /** The caller may not see the members (the server refused): says so instead of an empty list. */
  restricted?: boolean;
  /** Admins see the invite button of the empty state and each member's menu. */
  canManage?: boolean;
  onInvite?: () => void;
  onEditRole?: (member: TeamMember) => void;
  onRemove?: (member: TeamMember) => void;
  now?: Date;
}

const List = styled('ul');
const Message = styled('p');

export function MemberList({
  members,
  loading = false,
  error,
  onRetry,
  restricted = false,
  canManage = false,
  onInvite,
  onEditRole,
  onRemove,
  now,
}: MemberListProps) {
  const intl = useIntl();
  const titleId = useId();

  if (loading) {
    return (
      <Card.Root>
        <Card.Body>
          <Flex role="status" alignItems="center" justifyContent="center" gap="3" py="10" color="fg.muted">
            <Spinner decorative />
            {intl.formatMessage({ id: 'team.list.loading', defaultMessage: 'Chargement des membres...' })}
          </Flex>
        </Card.Body>
      </Card.Root>
    );
  }

  if (restricted) {
    return (
      <Card.Root>
        <EmptyState
          headingLevel="h2"
          icon={<Lock />}
          title={intl.formatMessage({
            id: 'team.restricted.title',
            defaultMessage: 'Liste réservée aux administrateurs',
          })}
          description={intl.formatMessage({
            id: 'team.restricted.description',
            defaultMessage:
              "Seuls les administrateurs de l'organisation peuvent consulter et gérer ses membres.",
          })}
        />
      </Card.Root>
    );
  }

  if (error) {
    return (
      <Card.Root>
        <Card.Body alignItems="center" py="10" textAlign="center">
          <Message role="alert" color="fg.error">
            {intl.formatMessage({
              id: 'team.list.error',
              defaultMessage: 'Impossible de charger les membres.',
            })}{' '}
            {error.message}
          </Message>
          {onRetry && (
            <Button variant="outline" colorPalette="gray" onClick={onRetry}>
              {intl.formatMessage({ id: 'team.list.retry', defaultMessage: 'Réessayer' })}
            </Button>
          )}
        </Card.Body>
      </Card.Root>
    );
  }

  if (members.length === 0) {
    return (
      <Card.Root>
        <EmptyState
          headingLevel="h2"
          icon={<Users />}
          title={intl.formatMessage({ id: 'team.empty.title', defaultMessage: "Aucun membre dans l'équipe" })}
          description={intl.formatMessage({
            id: 'team.empty.description',
            defaultMessage: 'Commencez par inviter vos premiers collaborateurs',
          })}
          action={
            canManage && (
              <Button onClick={onInvite}>
                <UserPlus aria-hidden />
                {intl.formatMessage({ id: 'team.empty.invite', defaultMessage: 'Inviter le premier membre' })}
              </Button>
            )
          }
        />
      </Card.Root>
    );
  }

  const title = intl.formatMessage(
    { id: 'team.list.title', defaultMessage: "Membres de l'équipe ({count})" },
    { count: members.length },
  );
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title asChild>
          <h2 id={titleId}>{title}</h2>
        </Card.Title>
      </Card.Header>
      <Card.Body pt="2">
        <List aria-labelledby={titleId} divideY="1px" divideColor="border.default">
          {members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              canManage={canManage}
              onEditRole={onEditRole}
              onRemove={onRemove}
              now={now}
            />
          ))}
        </List>
      </Card.Body>
    </Card.Root>
  );
}
