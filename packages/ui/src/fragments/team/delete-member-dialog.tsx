import { styled } from '@mulot/ui/styled-system/jsx';
import { Trash2 } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Button, CancelButton } from '../../components/button/button';
import { AlertDialog } from '../../components/dialog';
import { DialogError } from './dialog-error';
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
    <AlertDialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <AlertDialog.Content>
        <AlertDialog.Header>
          <AlertDialog.Title>
            {intl.formatMessage({ id: 'team.delete.title', defaultMessage: 'Supprimer le rôle' })}
          </AlertDialog.Title>
          <AlertDialog.Description>
            {member
              ? intl.formatMessage(
                  {
                    id: 'team.delete.confirm',
                    defaultMessage:
                      'Êtes-vous sûr de vouloir supprimer {email} de cette organisation ? Cette action est irréversible.',
                  },
                  { email: member.email },
                )
              : intl.formatMessage({
                  id: 'team.editRole.noMember',
                  defaultMessage: 'Aucun membre sélectionné.',
                })}
          </AlertDialog.Description>
        </AlertDialog.Header>
        {member && (
          <AlertDialog.Body>
            <Warning textStyle="sm" p="3" borderRadius="l2" bg="red.subtle.bg" color="red.subtle.fg">
              {intl.formatMessage({
                id: 'team.delete.warning',
                defaultMessage: "Cette action supprimera définitivement le membre de l'organisation.",
              })}
            </Warning>
            <DialogError error={error} />
          </AlertDialog.Body>
        )}
        <AlertDialog.Footer>
          <CancelButton onClick={() => onOpenChange(false)}>
            {intl.formatMessage({ id: 'team.dialog.cancel', defaultMessage: 'Annuler' })}
          </CancelButton>
          {member && (
            <Button colorPalette="red" loading={pending} onClick={() => onConfirm(member)}>
              {!pending && <Trash2 aria-hidden />}
              {intl.formatMessage({ id: 'team.delete.submit', defaultMessage: 'Supprimer le membre' })}
            </Button>
          )}
        </AlertDialog.Footer>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
