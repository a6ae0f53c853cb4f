import { css } from '@mulot/ui/styled-system/css';
import { Check } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Button, CancelButton } from '../../components/button/button';
import { Dialog } from '../../components/dialog';
import { OrganizationNameForm } from './organization-name-form';

export interface RenameOrganizationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The current name, the field's starting value. */
  organizationName: string;
  /** Saves the new (trimmed) name; the caller closes the dialog on success, keeps it open on failure. */
  onRename: (name: string) => void;
  pending?: boolean;
  /** Why the server refused the name, shown on the field. */
  error?: string | null;
}

const gap = css({ gap: '5' });

function RenameForm({
  organizationName,
  onRename,
  onCancel,
  pending,
  error,
}: Omit<RenameOrganizationDialogProps, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const intl = useIntl();
  return (
    <OrganizationNameForm defaultName={organizationName} onSubmit={onRename} error={error} className={gap}>
      {(field) => (
        <>
          <Dialog.Body>{field}</Dialog.Body>
          <Dialog.Footer>
            <CancelButton onClick={onCancel}>
              {intl.formatMessage({ id: 'team.dialog.cancel', defaultMessage: 'Annuler' })}
            </CancelButton>
            <Button type="submit" loading={pending}>
              {!pending && <Check aria-hidden />}
              {intl.formatMessage({ id: 'team.rename.save', defaultMessage: 'Enregistrer le nom' })}
            </Button>
          </Dialog.Footer>
        </>
      )}
    </OrganizationNameForm>
  );
}

/** "Renommer l'organisation" (issue 40), an Admin's: the name every member sees in the header and invitations. */
export function RenameOrganizationDialog({
  open,
  onOpenChange,
  organizationName,
  onRename,
  pending = false,
  error,
}: RenameOrganizationDialogProps) {
  const intl = useIntl();
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>
            {intl.formatMessage({ id: 'team.rename.title', defaultMessage: "Renommer l'organisation" })}
          </Dialog.Title>
          <Dialog.Description>
            {intl.formatMessage({
              id: 'team.rename.description',
              defaultMessage:
                'Tous les membres voient ce nom en haut de chaque page ; les prochaines invitations le portent.',
            })}
          </Dialog.Description>
        </Dialog.Header>
        {/* Mounted with the dialog (unmountOnExit): every opening starts from the current name. */}
        <RenameForm
          organizationName={organizationName}
          onRename={onRename}
          onCancel={() => onOpenChange(false)}
          pending={pending}
          error={error}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}
