import { LogOut } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Button, CancelButton } from '../../components/button/button';
import { AlertDialog } from '../../components/dialog';
import { DialogError } from './dialog-error';

export interface LeaveOrganizationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationName: string;
  onConfirm: () => void;
  pending?: boolean;
  /** Why leaving was refused (e.g. the last Admin), as the server says it. */
  error?: { message?: string } | null;
}

/** "Quitter l'organisation", confirmed (issue 37): a member leaves; its last Admin is refused by the server. */
export function LeaveOrganizationDialog({
  open,
  onOpenChange,
  organizationName,
  onConfirm,
  pending = false,
  error,
}: LeaveOrganizationDialogProps) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'team.leave.title', defaultMessage: "Quitter l'organisation" });
  return (
    <AlertDialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <AlertDialog.Content>
        <AlertDialog.Header>
          <AlertDialog.Title>{label}</AlertDialog.Title>
          <AlertDialog.Description>
            {intl.formatMessage(
              {
                id: 'team.leave.confirm',
                defaultMessage:
                  'Voulez-vous vraiment quitter {organization} ? Vous perdrez l’accès à ses projets et à ses guides, jusqu’à une nouvelle invitation.',
              },
              { organization: organizationName },
            )}
          </AlertDialog.Description>
        </AlertDialog.Header>
        <AlertDialog.Body>
          <DialogError error={error} />
        </AlertDialog.Body>
        <AlertDialog.Footer>
          <CancelButton onClick={() => onOpenChange(false)}>
            {intl.formatMessage({ id: 'team.dialog.cancel', defaultMessage: 'Annuler' })}
          </CancelButton>
          <Button colorPalette="red" loading={pending} onClick={onConfirm}>
            {!pending && <LogOut aria-hidden />}
            {label}
          </Button>
        </AlertDialog.Footer>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
