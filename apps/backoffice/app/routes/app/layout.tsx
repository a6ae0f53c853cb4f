import { isApiError } from '@mulot/api-client';
import {
  AppShell,
  InvitationBanners,
  type InvitationToAnswer,
  NoOrganization,
} from '@mulot/ui/fragments/shell';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, redirect, useLocation, useNavigate } from 'react-router';
import {
  useAcceptInvitation,
  useCreateOrganization,
  useRefuseInvitation,
} from '#app/features/organizations/mutations.ts';
import { myInvitationsQuery } from '#app/features/organizations/queries.ts';
import { errorMessage } from '#app/lib/api.ts';
import { switchLocale, translationsFailed } from '#app/lib/i18n.ts';
import { appMessages, organizationsFailed } from '#app/lib/messages.ts';
import { selectOrganization, setOrganizationId, useOrganizationId } from '#app/lib/organization.ts';
import { localesQuery, organizationsQuery, queryClient } from '#app/lib/query.ts';
import { clearSession, isAuthenticated, signOut, useUser } from '#app/lib/session.ts';
import { toast } from '#app/lib/toast.ts';
import { useI18n } from '#app/lib/use-i18n.ts';

/**
 * Spec §2 guard: anonymous visitors go to login. The organizations are loaded before any page, so that every
 * request of the page already carries the current organization (spec §3: the stored one, else the first).
 */
export async function clientLoader() {
  if (!isAuthenticated()) throw redirect('/auth/login');
  try {
    selectOrganization(await queryClient.ensureQueryData(organizationsQuery));
  } catch (error) {
    // An expired or revoked token: the session is over.
    if (isApiError(error) && error.status === 401) {
      clearSession();
      queryClient.clear();
      throw redirect('/auth/login');
    }
    // Anything else is shown by the layout (toast) and the shell still renders.
  }
  return null;
}

/** The query cache of every signed-in page (the sign-in pages, outside this layout, load without it). */
export default function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useUser();
  const { locale } = useI18n();
  const organizationId = useOrganizationId();
  const organizations = useQuery(organizationsQuery);
  const locales = useQuery(localesQuery);
  const [switching, setSwitching] = useState(false);
  const myInvitations = useQuery(myInvitationsQuery);
  const accept = useAcceptInvitation();
  const refuse = useRefuseInvitation();
  const create = useCreateOrganization();

  useEffect(() => {
    if (organizations.data) selectOrganization(organizations.data);
  }, [organizations.data]);

  // Spec §8: "Erreur" / "Impossible de charger les organisations" plus the message.
  useEffect(() => {
    if (!organizations.error) return;
    toast({
      title: intl.formatMessage(appMessages.error),
      description: intl.formatMessage(organizationsFailed, {
        detail: errorMessage(organizations.error),
      }),
      variant: 'destructive',
    });
  }, [organizations.error, intl]);

  const onLocaleChange = async (next: string) => {
    setSwitching(true);
    const switched = await switchLocale(next);
    setSwitching(false);
    if (!switched) {
      toast({
        title: intl.formatMessage(appMessages.error),
        description: intl.formatMessage(translationsFailed, { locale: next }),
        variant: 'destructive',
      });
    }
  };

  const onOrganizationChange = (id: string) => {
    setOrganizationId(id);
    // Everything shown belonged to the previous organization.
    void queryClient.invalidateQueries();
  };

  const onLogout = async () => {
    await signOut(() => navigate('/auth/login'));
    // The cache is dropped once this layout's queries have unmounted: cleared while they are still observed,
    // they would refetch at once without a token and be answered 401.
    queryClient.clear();
  };

  const failed = (error: unknown) =>
    toast({
      title: intl.formatMessage(appMessages.error),
      description: errorMessage(error),
      variant: 'destructive',
    });
  const invitations = {
    invitations: (myInvitations.data ?? []).map(
      (invitation): InvitationToAnswer => ({
        organizationId: invitation.organization.id,
        organizationName: invitation.organization.name,
      }),
    ),
    busyId: (accept.isPending && accept.variables) || (refuse.isPending && refuse.variables) || null,
    onAccept: (invitation: InvitationToAnswer) =>
      accept.mutate(invitation.organizationId, {
        onSuccess: () => void navigate('/app/dashboard'),
        onError: failed,
      }),
    onRefuse: (invitation: InvitationToAnswer) =>
      refuse.mutate(invitation.organizationId, { onError: failed }),
  };
  // Issue 40: someone who belongs to no organization (removed from their only one, or they left it) is told so,
  // instead of pages that can only fail. A platform administrator sees every organization, so never this.
  const belongsNowhere = organizations.data !== undefined && organizations.data.length === 0;

  return (
    <AppShell
      sidebar={{
        currentPath: pathname,
        isAdmin: Boolean(user?.isAdmin),
        organizations: organizations.data ?? [],
        currentOrganizationId: organizationId,
        onOrganizationChange,
      }}
      header={{
        user: user ?? { firstname: '', lastname: '', email: '' },
        onLogout: () => void onLogout(),
        language: {
          languages: locales.data?.data ?? [],
          status: locales.isPending ? 'loading' : locales.isError ? 'error' : 'ready',
          locale,
          onLocaleChange: (next) => void onLocaleChange(next),
          switching,
        },
      }}
    >
      {belongsNowhere ? (
        <NoOrganization
          invitations={invitations}
          creating={create.isPending}
          error={create.error ? errorMessage(create.error) : null}
          onCreate={(name) => create.mutate(name, { onSuccess: () => void navigate('/app/dashboard') })}
          onLogout={() => void onLogout()}
        />
      ) : (
        <>
          <InvitationBanners {...invitations} />
          <Outlet />
        </>
      )}
    </AppShell>
  );
}
