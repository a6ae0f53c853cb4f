import { styled } from '@mulot/ui/styled-system/jsx';
import { Trash2 } from 'lucide-react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog';
import { dialogErrorText } from './dialog-error';
import type { TeamMember } from './member';

export interface DeleteMemberDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  member: TeamMember | null;
  onConfirm: (member: TeamMember) => void;
  pending?: boolean;
  error?: { message?: string } | null;
}

const Warning = styled('p');

/** "Supprimer le rôle" (spec §2 Team): removal from the organization is permanent. */
export function DeleteMemberDialog({
  open,
  onOpenChange,
  member,
  onConfirm,
  pending = false,
  error,
}: DeleteMemberDialogProps) {
  const intl = useIntl();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage({ id: 'team.delete.title', defaultMessage: 'Supprimer le rôle' })}
      description={
        member
          ? intl.formatMessage(
              {
                id: 'team.delete.confirm',
                defaultMessage:
                  'Êtes-vous sûr de vouloir supprimer {email} de cette organisation ? Cette action est irréversible.',
              },
              { email: member.email },
            )
          : intl.formatMessage({ id: 'team.editRole.noMember', defaultMessage: 'Aucun membre sélectionné.' })
      }
      error={member ? dialogErrorText(intl, error) : null}
      confirmLabel={intl.formatMessage({ id: 'team.delete.submit', defaultMessage: 'Supprimer le membre' })}
      confirmIcon={<Trash2 aria-hidden />}
      pending={pending}
      onConfirm={member ? () => onConfirm(member) : undefined}
    >
      {member && (
        <Warning textStyle="sm" p="3" borderRadius="l2" bg="red.subtle.bg" color="red.subtle.fg">
          {intl.formatMessage({
            id: 'team.delete.warning',
            defaultMessage: "Cette action supprimera définitivement le membre de l'organisation.",
          })}
        </Warning>
      )}
    </ConfirmDialog>
  );
}
