import type { Schemas } from '@mulot/api-client';
import type { PendingInvitation, TeamMember } from '@mulot/ui/fragments/team';
import { useMutation } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { errorMessage, fetchClient, logFailure } from '#app/lib/api.ts';
import { appMessages } from '#app/lib/messages.ts';
import { queryClient } from '#app/lib/query.ts';
import { toast } from '#app/lib/toast.ts';
import { invitationsQuery, membersQuery } from './queries.ts';

const messages = defineMessages({
  invited: { id: 'app.team.invited', defaultMessage: 'Invitation envoyée' },
  roleUpdated: { id: 'app.team.roleUpdated', defaultMessage: 'Rôle mis à jour' },
  removed: { id: 'app.team.removed', defaultMessage: "Membre retiré de l'équipe" },
  resent: { id: 'app.team.resent', defaultMessage: 'Invitation renvoyée' },
  cancelled: { id: 'app.team.cancelled', defaultMessage: 'Invitation annulée' },
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

const resentDescription = defineMessage<{ email: string }>({
  id: 'app.team.resentDescription',
  defaultMessage: '{email} va recevoir un nouveau lien.',
});

const nameOf = (member: TeamMember) => `${member.firstname} ${member.lastname}`.trim() || member.email;

// The lists are read again without waiting: the dialog closes (and the mutation stops pending) at the answer.
function reloadMembers() {
  void queryClient.invalidateQueries({ queryKey: membersQuery.queryKey });
  void reloadInvitations();
}

function reloadInvitations() {
  return queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey });
}

/** A pending invitation's actions have no dialog to carry a failure: a toast does. */
function useFailureToast() {
  const intl = useIntl();
  return (error: unknown) =>
    toast({
      title: intl.formatMessage(appMessages.error),
      description: errorMessage(error),
      variant: 'destructive',
    });
}

/** An Admin invites someone; the dialog stays open on a refusal and shows why, on the field it names if any. */
export function useInviteMember() {
  const intl = useIntl();
  return useMutation({
    mutationFn: async (values: Omit<Schemas['InviteRequest'], 'rootRedirect'>) => {
      const { data } = await fetchClient.POST('/auth/invite', {
        // The invitation link leads back to this very back-office, wherever it is served (not a fixed address).
        body: { ...values, rootRedirect: window.location.origin },
      });
      return data;
    },
    onSuccess: (_member, { email }) => {
      toast({
        title: intl.formatMessage(messages.invited),
        description: intl.formatMessage(invitedDescription, { email }),
      });
      reloadMembers();
    },
    onError: (error) => logFailure('Invitation', error),
  });
}

export function useChangeRole() {
  const intl = useIntl();
  return useMutation({
    mutationFn: async ({ member, role }: { member: TeamMember; role: Schemas['Role'] }) => {
      await fetchClient.PUT('/auth/update-role', { body: { userId: member.id, role } });
    },
    onSuccess: (_data, { member, role }) => {
      toast({
        title: intl.formatMessage(messages.roleUpdated),
        description: intl.formatMessage(roleUpdatedDescription, {
          name: nameOf(member),
          role: intl.formatMessage(role === 'Admin' ? messages.roleAdmin : messages.roleContributor),
        }),
      });
      reloadMembers();
    },
    onError: (error) => logFailure('Role update', error),
  });
}

export function useRemoveMember() {
  const intl = useIntl();
  return useMutation({
    mutationFn: async (member: TeamMember) => {
      await fetchClient.PUT('/auth/delete-role', { body: { userId: member.id } });
    },
    onSuccess: (_data, member) => {
      toast({
        title: intl.formatMessage(messages.removed),
        description: intl.formatMessage(removedDescription, { name: nameOf(member) }),
      });
      reloadMembers();
    },
    onError: (error) => logFailure('Member removal', error),
  });
}

export function useResendInvitation() {
  const intl = useIntl();
  const failed = useFailureToast();
  return useMutation({
    mutationFn: async (invitation: PendingInvitation) => {
      const { data } = await fetchClient.POST('/auth/invitations/{userId}/resend', {
        params: { path: { userId: invitation.id } },
        body: { rootRedirect: window.location.origin },
      });
      return data;
    },
    onSuccess: (resent, invitation) => {
      toast({
        title: intl.formatMessage(messages.resent),
        description: intl.formatMessage(resentDescription, { email: resent?.email ?? invitation.email }),
      });
      void reloadInvitations();
    },
    onError: failed,
  });
}

export function useCancelInvitation() {
  const intl = useIntl();
  const failed = useFailureToast();
  return useMutation({
    mutationFn: async (invitation: PendingInvitation) => {
      await fetchClient.DELETE('/auth/invitations/{userId}', { params: { path: { userId: invitation.id } } });
    },
    onSuccess: () => {
      toast({ title: intl.formatMessage(messages.cancelled) });
      void reloadInvitations();
    },
    onError: failed,
  });
}
