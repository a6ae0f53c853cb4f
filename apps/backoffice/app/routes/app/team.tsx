import { isApiError } from '@mulot/api-client';
import {
  DeleteMemberDialog,
  EditRoleDialog,
  InviteMemberDialog,
  LeaveOrganizationDialog,
  MemberList,
  PendingInvitations,
  RenameOrganizationDialog,
  TeamHeader,
  type TeamMember,
  TeamStats,
} from '@mulot/ui/fragments/team';
import { Stack } from '@mulot/ui/styled-system/jsx';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLeaveOrganization, useRenameOrganization } from '#app/features/organizations/mutations.ts';
import {
  useCancelInvitation,
  useChangeRole,
  useInviteMember,
  useRemoveMember,
  useResendInvitation,
} from '#app/features/team/mutations.ts';
import { invitationsQuery, membersQuery } from '#app/features/team/queries.ts';
import { meQuery } from '#app/features/users/queries.ts';
import { errorMessage, isRetryable, refusalOf, useRefusal } from '#app/lib/api.ts';
import { useOrganizationId } from '#app/lib/organization.ts';
import { organizationsQuery } from '#app/lib/query.ts';
import { title } from '#app/lib/title.ts';

export const meta = () => title('titleTeam');

const INVITE_FIELDS = ['email', 'role'] as const;
const RENAME_FIELDS = ['name'] as const;

export default function Team() {
  // The role in the current organization: only inviting, editing and removing are an Admin's (spec §2).
  const me = useQuery(meQuery);
  const canManage = me.data?.role === 'Admin';
  const members = useQuery(membersQuery);
  const invitations = useQuery(invitationsQuery);
  const reload = () => Promise.all([members.refetch(), invitations.refetch()]);

  const [inviteOpen, setInviteOpen] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [removeOpen, setRemoveOpen] = useState(false);
  const [leaveOpen, setLeaveOpen] = useState(false);
  const [renameOpen, setRenameOpen] = useState(false);
  const navigate = useNavigate();
  const organizationId = useOrganizationId();
  const organizations = useQuery(organizationsQuery);
  const organizationName = organizations.data?.find((o) => o.id === organizationId)?.name ?? '';
  const leave = useLeaveOrganization();
  const rename = useRenameOrganization();

  const invite = useInviteMember();
  // The dialog stays open on a refusal and shows why, on the field when the refusal names one.
  const inviteRefusal = useRefusal(invite.error, INVITE_FIELDS);
  const updateRole = useChangeRole();
  const deleteRole = useRemoveMember();
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();

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

  // Kept for a server that still lists members to Admins only (403): said so, without actions.
  const restricted = isApiError(members.error) && members.error.status === 403;
  const loading = me.isPending || members.isPending;
  const list = members.data ?? [];
  const loadError = me.error ?? members.error;
  const busyId =
    (resend.isPending && resend.variables?.id) || (cancel.isPending && cancel.variables?.id) || null;

  return (
    <Stack gap="6">
      <TeamHeader
        onInvite={canManage ? openInvite : undefined}
        onRename={
          canManage
            ? () => {
                rename.reset();
                setRenameOpen(true);
              }
            : undefined
        }
        // A platform administrator acting in an organization they do not belong to has nothing to leave.
        onLeave={
          me.data?.role
            ? () => {
                leave.reset();
                setLeaveOpen(true);
              }
            : undefined
        }
      />
      {!restricted && !loadError && <TeamStats members={list} loading={loading} />}
      <MemberList
        members={list}
        loading={loading}
        restricted={restricted}
        error={loadError ? { message: errorMessage(loadError) } : null}
        onRetry={isRetryable(loadError) ? () => (me.error ? me.refetch() : reload()) : undefined}
        canManage={canManage}
        onInvite={openInvite}
        onEditRole={openEdit}
        onRemove={openRemove}
      />
      <PendingInvitations
        invitations={invitations.data ?? []}
        canManage={canManage}
        busyId={busyId}
        onResend={(invitation) => resend.mutate(invitation)}
        onCancel={(invitation) => cancel.mutate(invitation)}
      />
      <InviteMemberDialog
        open={inviteOpen}
        onOpenChange={setInviteOpen}
        pending={invite.isPending}
        fieldErrors={inviteRefusal.fields}
        error={inviteRefusal.rest}
        onInvite={(values) => invite.mutate(values, { onSuccess: () => setInviteOpen(false) })}
      />
      <EditRoleDialog
        open={editOpen}
        onOpenChange={setEditOpen}
        member={editing}
        pending={updateRole.isPending}
        error={updateRole.error ? { message: errorMessage(updateRole.error) } : null}
        onSubmit={(member, role) =>
          updateRole.mutate({ member, role }, { onSuccess: () => setEditOpen(false) })
        }
      />
      <DeleteMemberDialog
        open={removeOpen}
        onOpenChange={setRemoveOpen}
        member={removing}
        pending={deleteRole.isPending}
        error={deleteRole.error ? { message: errorMessage(deleteRole.error) } : null}
        onConfirm={(member) => deleteRole.mutate(member, { onSuccess: () => setRemoveOpen(false) })}
      />
      <RenameOrganizationDialog
        open={renameOpen}
        onOpenChange={setRenameOpen}
        organizationName={organizationName}
        pending={rename.isPending}
        // The only field is the name: whatever the server refuses is said there.
        error={
          rename.error
            ? (refusalOf(rename.error, RENAME_FIELDS).fields?.name ?? errorMessage(rename.error))
            : null
        }
        onRename={(name) => rename.mutate(name, { onSuccess: () => setRenameOpen(false) })}
      />
      <LeaveOrganizationDialog
        open={leaveOpen}
        onOpenChange={setLeaveOpen}
        organizationName={organizationName}
        pending={leave.isPending}
        error={leave.error ? { message: errorMessage(leave.error) } : null}
        onConfirm={() =>
          leave.mutate(organizationName, {
            onSuccess: () => {
              setLeaveOpen(false);
              void navigate('/app/dashboard');
            },
          })
        }
      />
    </Stack>
  );
}
