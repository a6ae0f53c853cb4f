import { useMutation } from '@tanstack/react-query';
import { defineMessage, useIntl } from 'react-intl';
import { fetchClient, logFailure } from '#app/lib/api.ts';
import { getOrganizationId, setOrganizationId } from '#app/lib/organization.ts';
import { organizationsQuery, queryClient } from '#app/lib/query.ts';
import { toast } from '#app/lib/toast.ts';
import { myInvitationsQuery } from './queries.ts';

const renamed = defineMessage({ id: 'app.team.renamed', defaultMessage: 'Organisation renommée' });

const leftOrganization = defineMessage<{ organization: string }>({
  id: 'app.team.left',
  defaultMessage: 'Vous avez quitté {organization}',
});

/** What the user belongs to changed: the organization list and their invitations are read again. */
async function refreshMemberships() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: organizationsQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: myInvitationsQuery.queryKey }),
  ]);
}

/** Accepting an invitation makes its organization the current one: that is where the user wanted to go. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (organizationId: string) => {
      const { data } = await fetchClient.POST('/organizations/invitations/{organizationId}/accept', {
        params: { path: { organizationId } },
      });
      return data;
    },
    onSuccess: async (_organization, organizationId) => {
      setOrganizationId(organizationId);
      await queryClient.invalidateQueries();
      await refreshMemberships();
    },
    onError: (error) => logFailure('Invitation acceptance', error),
  });
}

export function useRefuseInvitation() {
  return useMutation({
    mutationFn: async (organizationId: string) => {
      await fetchClient.POST('/organizations/invitations/{organizationId}/refuse', {
        params: { path: { organizationId } },
      });
    },
    onSuccess: refreshMemberships,
    onError: (error) => logFailure('Invitation refusal', error),
  });
}

/**
 * Leaves the current organization (named for the toast); the next one the user belongs to (if any) becomes
 * current.
 */
export function useLeaveOrganization() {
  const intl = useIntl();
  return useMutation({
    mutationFn: async (_organizationName: string) => {
      await fetchClient.POST('/organizations/leave');
    },
    onSuccess: async (_data, organization) => {
      if (getOrganizationId()) setOrganizationId(null);
      queryClient.removeQueries();
      await refreshMemberships();
      toast({ title: intl.formatMessage(leftOrganization, { organization }) });
    },
    onError: (error) => logFailure('Leaving the organization', error),
  });
}

/** The user's own organization, as its Admin; it becomes the current one. */
export function useCreateOrganization() {
  return useMutation({
    mutationFn: async (name: string) => {
      const { data } = await fetchClient.POST('/organizations', { body: { name } });
      return data;
    },
    onSuccess: async (organization) => {
      if (organization) setOrganizationId(organization.id);
      await queryClient.invalidateQueries();
    },
    onError: (error) => logFailure('Organization creation', error),
  });
}

/** An Admin renames the current organization (issue 40); the header and the switcher show the new name. */
export function useRenameOrganization() {
  const intl = useIntl();
  return useMutation({
    mutationFn: async (name: string) => {
      const { data } = await fetchClient.PATCH('/organizations/current', { body: { name } });
      return data;
    },
    onSuccess: async (_organization, name) => {
      await queryClient.invalidateQueries({ queryKey: organizationsQuery.queryKey });
      toast({ title: intl.formatMessage(renamed), description: name });
    },
    onError: (error) => logFailure('Organization renaming', error),
  });
}
