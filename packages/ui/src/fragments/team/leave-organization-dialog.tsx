import { LogOut } from 'lucide-react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog';
import { dialogErrorText } from './dialog-error';

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
export function LeaveOrganizationDialog({ organizationName, error, ...props }: LeaveOrganizationDialogProps) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'team.leave.title', defaultMessage: "Quitter l'organisation" });
  return (
    <ConfirmDialog
      {...props}
      title={label}
      description={intl.formatMessage(
        {
          id: 'team.leave.confirm',
          defaultMessage:
            'Voulez-vous vraiment quitter {organization} ? Vous perdrez l’accès à ses projets et à ses guides, jusqu’à une nouvelle invitation.',
        },
        { organization: organizationName },
      )}
      error={dialogErrorText(intl, error)}
      confirmLabel={label}
      confirmIcon={<LogOut aria-hidden />}
    />
  );
}
