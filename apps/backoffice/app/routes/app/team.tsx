import { isApiError } from '@mulot/api-client';
import {
  DeleteMemberDialog,
  EditRoleDialog,
  InviteMemberDialog,
  LeaveOrganizationDialog,
  MemberList,
  type PendingInvitation,
  PendingInvitations,
  RenameOrganizationDialog,
  TeamHeader,
  type TeamMember,
  TeamStats,
} from '@mulot/ui/fragments/team';
import { Stack } from '@mulot/ui/styled-system/jsx';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useLeaveOrganization, useRenameOrganization } from '#app/features/organizations/mutations.ts';
import { errorMessage, isRetryable, logFailure, refusalOf, useRefusal } from '#app/lib/api.ts';
import { appMessages } from '#app/lib/messages.ts';
import { useOrganizationId } from '#app/lib/organization.ts';
import { $api, organizationsQuery } from '#app/lib/query.ts';
import { title } from '#app/lib/title.ts';
import { toast } from '#app/lib/toast.ts';

export const meta = () => title('titleTeam');

/** Spec §7/§9: the team list is one page of 100 from index 0. */
const membersQuery = { body: { pageIndex: 0, pageSize: 100 } } as const;

const INVITE_FIELDS = ['email', 'role'] as const;
const RENAME_FIELDS = ['name'] as const;

const messages = defineMessages({
  invited: { id: 'app.team.invited', defaultMessage: 'Invitation envoyée' },
  roleUpdated: { id: 'app.team.roleUpdated', defaultMessage: 'Rôle mis à jour' },
  removed: { id: 'app.team.removed', defaultMessage: "Membre retiré de l'équipe" },
  resent: { id: 'app.team.resent', defaultMessage: 'Invitation renvoyée' },
  cancelled: { id: 'app.team.cancelled', defaultMessage: 'Invitation annulée' },
  renamed: { id: 'app.team.renamed', defaultMessage: 'Organisation renommée' },
  roleAdmin: { id: 'app.team.role.admin', defaultMessage: 'administrateur' },
  roleContributor: { id: 'app.team.role.contributor', defaultMessage: 'contributeur' },
});

const invitedDescription = defineMessage<{ email: string }>({
  id: 'app.team.invitedDescription',
  defaultMessage: '{email} va recevoir un email pour rejoindre votre organisation.',
});

const roleUpdatedDescription = defineMessage<{ name: string; role: string }>({
  id: 'app.team.roleUpdatedDescription',
  defaultMessage: '{name} est maintenant {role}.',
});

const removedDescription = defineMessage<{ name: string }>({
  id: 'app.team.removedDescription',
  defaultMessage: "{name} n'a plus accès à cette organisation.",
});

const leftOrganization = defineMessage<{ organization: string }>({
  id: 'app.team.left',
  defaultMessage: 'Vous avez quitté {organization}',
});

const resentDescription = defineMessage<{ email: string }>({
  id: 'app.team.resentDescription',
  defaultMessage: '{email} va recevoir un nouveau lien.',
});

const nameOf = (member: TeamMember) => `${member.firstname} ${member.lastname}`.trim() || member.email;

export default function Team() {
  const intl = useIntl();
  // The role that counts is the one in the current organization (GET /users/me answers it for the
  // x-organization-id sent), not the one stored at login, which may be another organization's.
  const me = $api.useQuery('get', '/users/me');
  const canManage = me.data?.role === 'Admin';
  // Spec §2: the team page is every member's; only inviting, editing and removing are an Admin's.
  // POST /auth/filter is a read: a query, keyed by its body, refetched after every change below.
  const members = $api.useQuery('post', '/auth/filter', membersQuery);
  const invitations = $api.useQuery('get', '/auth/invitations');
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

  const failed = (error: unknown) =>
    toast({
      title: intl.formatMessage(appMessages.error),
      description: errorMessage(error),
      variant: 'destructive',
    });

  const invite = $api.useMutation('post', '/auth/invite', {
    onSuccess: (_member, { body }) => {
      setInviteOpen(false);
      toast({
        title: intl.formatMessage(messages.invited),
        description: intl.formatMessage(invitedDescription, { email: body.email }),
      });
      void reload();
    },
    // The dialog stays open and shows why, on the field when the refusal names one.
    onError: (error) => logFailure('Invitation', error),
  });
  const inviteRefusal = useRefusal(invite.error, INVITE_FIELDS);
  const updateRole = $api.useMutation('put', '/auth/update-role', {
    onSuccess: (_data, { body }) => {
      setEditOpen(false);
      if (editing)
        toast({
          title: intl.formatMessage(messages.roleUpdated),
          description: intl.formatMessage(roleUpdatedDescription, {
            name: nameOf(editing),
            role: intl.formatMessage(body.role === 'Admin' ? messages.roleAdmin : messages.roleContributor),
          }),
        });
      void reload();
    },
    onError: (error) => logFailure('Role update', error),
  });
  const deleteRole = $api.useMutation('put', '/auth/delete-role', {
    onSuccess: () => {
      setRemoveOpen(false);
      if (removing)
        toast({
          title: intl.formatMessage(messages.removed),
          description: intl.formatMessage(removedDescription, { name: nameOf(removing) }),
        });
      void reload();
    },
    onError: (error) => logFailure('Member removal', error),
  });
  const resend = $api.useMutation('post', '/auth/invitations/{userId}/resend', {
    onSuccess: (invitation) => {
      toast({
        title: intl.formatMessage(messages.resent),
        description: intl.formatMessage(resentDescription, { email: invitation.email }),
      });
      void invitations.refetch();
    },
    onError: failed,
  });
  const cancel = $api.useMutation('delete', '/auth/invitations/{userId}', {
    onSuccess: () => {
      toast({ title: intl.formatMessage(messages.cancelled) });
      void invitations.refetch();
    },
    onError: failed,
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
  const onResend = (invitation: PendingInvitation) =>
    resend.mutate({
      params: { path: { userId: invitation.id } },
      body: { rootRedirect: window.location.origin },
    });
  const onCancel = (invitation: PendingInvitation) =>
    cancel.mutate({ params: { path: { userId: invitation.id } } });

  // Kept for a server that still lists members to Admins only (403): said so, without actions.
  const restricted = isApiError(members.error) && members.error.status === 403;
  const loading = me.isPending || members.isPending;
  const list = members.data ?? [];
  const loadError = me.error ?? members.error;
  const busyId =
    (resend.isPending && resend.variables?.params.path.userId) ||
    (cancel.isPending && cancel.variables?.params.path.userId) ||
    null;

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
        onResend={onResend}
        onCancel={onCancel}
      />
      <InviteMemberDialog
        open={inviteOpen}
        onOpenChange={setInviteOpen}
        pending={invite.isPending}
        fieldErrors={inviteRefusal.fields}
        error={inviteRefusal.rest}
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
        onRename={(name) =>
          rename.mutate(name, {
            onSuccess: () => {
              setRenameOpen(false);
              toast({ title: intl.formatMessage(messages.renamed), description: name });
            },
          })
        }
      />
      <LeaveOrganizationDialog
        open={leaveOpen}
        onOpenChange={setLeaveOpen}
        organizationName={organizationName}
        pending={leave.isPending}
        error={leave.error ? { message: errorMessage(leave.error) } : null}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => {
              setLeaveOpen(false);
              toast({ title: intl.formatMessage(leftOrganization, { organization: organizationName }) });
              void navigate('/app/dashboard');
            },
          })
        }
      />
    </Stack>
  );
}
