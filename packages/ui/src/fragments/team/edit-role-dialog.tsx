import { styled } from '@mulot/ui/styled-system/jsx';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, CancelButton } from '../../components/button/button';
import { Dialog } from '../../components/dialog';
import { DialogError } from './dialog-error';
import { memberName, type TeamMember } from './member';
import { RoleChoice } from './role-choice';
import type { Role } from './roles';

export interface EditRoleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The member whose role changes; null shows "Aucun membre sélectionné.". */
  member: TeamMember | null;
  onSubmit: (member: TeamMember, role: Role) => void;
  pending?: boolean;
  /** The last failure (the caller clears it when the dialog opens, spec §4). */
  error?: { message?: string } | null;
}

const Email = styled('p');
const Form = styled('form');

function RoleForm({
  member,
  onSubmit,
  onCancel,
  pending,
  error,
}: {
  member: TeamMember;
  onSubmit: EditRoleDialogProps['onSubmit'];
  onCancel: () => void;
  pending: boolean;
  error: EditRoleDialogProps['error'];
}) {
  const intl = useIntl();
  // Pre-filled with the current role (spec §4); the form mounts with the dialog, so each opening starts fresh.
  const [role, setRole] = useState<Role | null>(member.role);
  const canUpdate = role !== null && role !== member.role && !pending;
  return (
    <Form
      noValidate
      display="flex"
      flexDirection="column"
      gap="5"
      onSubmit={(event) => {
        event.preventDefault();
        if (canUpdate) onSubmit(member, role);
      }}
    >
      <Dialog.Body>
        <Email textStyle="sm">
          {intl.formatMessage(
            { id: 'team.editRole.member', defaultMessage: 'Membre : {email}' },
            { email: <strong key="email">{member.email}</strong> },
          )}
        </Email>
        <RoleChoice name="edit-role" value={role} onChange={setRole} disabled={pending} />
        <DialogError error={error} />
      </Dialog.Body>
      <Dialog.Footer>
        <CancelButton onClick={onCancel}>
          {intl.formatMessage({ id: 'team.dialog.cancel', defaultMessage: 'Annuler' })}
        </CancelButton>
        <Button type="submit" disabled={!canUpdate} loading={pending}>
          {intl.formatMessage({ id: 'team.editRole.submit', defaultMessage: 'Mettre à jour le rôle' })}
        </Button>
      </Dialog.Footer>
    </Form>
  );
}

/** "Modifier le rôle" (spec §2 Team): Escape and a click outside close it. */
export function EditRoleDialog({
  open,
  onOpenChange,
  member,
  onSubmit,
  pending = false,
  error,
}: EditRoleDialogProps) {
  const intl = useIntl();
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>
            {intl.formatMessage({ id: 'team.editRole.title', defaultMessage: 'Modifier le rôle' })}
          </Dialog.Title>
          <Dialog.Description>
            {member
              ? intl.formatMessage(
                  {
                    id: 'team.editRole.description',
                    defaultMessage: 'Choisissez le nouveau rôle de {name} dans cette organisation.',
                  },
                  { name: memberName(member) },
                )
              : intl.formatMessage({
                  id: 'team.editRole.noMember',
                  defaultMessage: 'Aucun membre sélectionné.',
                })}
          </Dialog.Description>
        </Dialog.Header>
        {member ? (
          <RoleForm
            key={member.id}
            member={member}
            onSubmit={onSubmit}
            onCancel={() => onOpenChange(false)}
            pending={pending}
            error={error}
          />
        ) : (
          <Dialog.Footer>
            <CancelButton onClick={() => onOpenChange(false)}>
              {intl.formatMessage({ id: 'team.dialog.cancel', defaultMessage: 'Annuler' })}
            </CancelButton>
          </Dialog.Footer>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
