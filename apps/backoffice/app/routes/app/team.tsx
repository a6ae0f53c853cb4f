import { isApiError } from '@mulot/api-client';
import {
  DeleteMemberDialog,
  EditRoleDialog,
  InviteMemberDialog,
  MemberList,
  TeamHeader,
  type TeamMember,
  TeamStats,
} from '@mulot/ui/fragments/team';
import { Stack } from '@mulot/ui/styled-system/jsx';
import { useState } from 'react';
import { $api, errorMessage } from '../../lib/api';
import { title } from '../../lib/title';

export const meta = () => title('titleTeam');

/** Spec §7/§9: the team list is one page of 100 from index 0. */
const membersQuery = { body: { pageIndex: 0, pageSize: 100 } } as const;

export default function Team() {
  // The role that counts is the one in the current organization (GET /users/me answers it for the
  // x-organization-id sent), not the one stored at login, which may be another organization's.
  const me = $api.useQuery('get', '/users/me');
  const canManage = me.data?.role === 'Admin';
  // POST /auth/filter is a read: a query, keyed by its body, refetched after every change below.
  const members = $api.useQuery('post', '/auth/filter', membersQuery, { enabled: canManage });
  const reload = () => members.refetch();

  const [inviteOpen, setInviteOpen] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [removeOpen, setRemoveOpen] = useState(false);

  const invite = $api.useMutation('post', '/auth/invite', {
    onSuccess: () => {
      setInviteOpen(false);
      void reload();
    },
    // Spec §8: an invite failure is logged only; the dialog stays open.
    onError: (error) => console.error('Invitation failed', error),
  });
  const updateRole = $api.useMutation('put', '/auth/update-role', {
    onSuccess: () => {
      setEditOpen(false);
      void reload();
    },
    onError: (error) => console.error('Role update failed', error),
  });
  const deleteRole = $api.useMutation('put', '/auth/delete-role', {
    onSuccess: () => {
      setRemoveOpen(false);
      void reload();
    },
    onError: (error) => console.error('Member removal failed', error),
  });

  const openEdit = (member: TeamMember) => {
    // Spec §4: the edit dialog opens without the previous failure.
    updateRole.reset();
    setEditing(member);
    setEditOpen(true);
  };
  const openRemove = (member: TeamMember) => {
    deleteRole.reset();
    setRemoving(member);
    setRemoveOpen(true);
  };
  const openInvite = () => {
    invite.reset();
    setInviteOpen(true);
  };

  // The API lets Admins only list the members (403 otherwise): a Contributor is told so, without actions.
  const restricted = (me.data && !canManage) || (isApiError(members.error) && members.error.status === 403);
  const loading = me.isPending || (canManage && members.isPending);
  const list = members.data ?? [];
  const loadError = me.error ?? members.error;

  return (
    <Stack gap="6">
      <TeamHeader onInvite={canManage ? openInvite : undefined} />
      {!restricted && <TeamStats members={list} loading={loading} />}
      <MemberList
        members={list}
        loading={loading}
        restricted={Boolean(restricted)}
        error={loadError ? { message: errorMessage(loadError) } : null}
        onRetry={() => (me.error ? me.refetch() : reload())}
        canManage={canManage}
        onInvite={openInvite}
        onEditRole={openEdit}
        onRemove={openRemove}
      />
      <InviteMemberDialog
        open={inviteOpen}
        onOpenChange={setInviteOpen}
        pending={invite.isPending}
        onInvite={(values) =>
          invite.mutate({
            // The invitation link leads back to this very back-office, wherever it is served (not a fixed address).
            body: { ...values, rootRedirect: window.location.origin },
          })
        }
      />
      <EditRoleDialog
        open={editOpen}
        onOpenChange={setEditOpen}
        member={editing}
        pending={updateRole.isPending}
        error={updateRole.error ? { message: errorMessage(updateRole.error) } : null}
        onSubmit={(member, role) => updateRole.mutate({ body: { userId: member.id, role } })}
      />
      <DeleteMemberDialog
        open={removeOpen}
        onOpenChange={setRemoveOpen}
        member={removing}
        pending={deleteRole.isPending}
        error={deleteRole.error ? { message: errorMessage(deleteRole.error) } : null}
        onConfirm={(member) => deleteRole.mutate({ body: { userId: member.id } })}
      />
    </Stack>
  );
}
