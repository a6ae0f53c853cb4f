import { Skeleton } from '@mulot/ui/components/skeleton';
import { PasswordChangeForm, PersonalInfoForm, ProfileHeader } from '@mulot/ui/fragments/profile';
import { PageHeader } from '@mulot/ui/fragments/shell';
import { Stack } from '@mulot/ui/styled-system/jsx';
import { defineMessages, useIntl } from 'react-intl';
import { refusalOf, useRefusal } from '#app/lib/api.ts';
import { appMessages } from '#app/lib/messages.ts';
import { $api, queryClient } from '#app/lib/query.ts';
import { setSession, updateUser, useUser } from '#app/lib/session.ts';
import { title } from '#app/lib/title.ts';
import { toast } from '#app/lib/toast.ts';

export const meta = () => title('titleProfile');

const messages = defineMessages({
  saved: { id: 'app.profile.saved', defaultMessage: 'Profil mis à jour avec succès.' },
  savedDescription: {
    id: 'app.profile.savedDescription',
    defaultMessage: 'Votre profil a été mis à jour avec succès.',
  },
  passwordChanged: { id: 'app.profile.passwordChanged', defaultMessage: 'Mot de passe modifié avec succès.' },
});

const NAME_FIELDS = ['firstname', 'lastname'] as const;
const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;

/** Spec §9: the profile toast stays 3 s. */
const PROFILE_TOAST_MS = 3000;

export default function Profile() {
  const intl = useIntl();
  const stored = useUser();
  const me = $api.useQuery('get', '/users/me');
  // The stored user shows at once; the server's answer (role in the current organization) replaces it.
  const user = me.data ?? stored;

  const save = $api.useMutation('patch', '/users/me', {
    onSuccess: (updated) => {
      // Spec §4: the in-memory (and stored) user's names follow, so the header's menu shows them at once.
      updateUser({ firstname: updated.firstname, lastname: updated.lastname });
      queryClient.setQueryData($api.queryOptions('get', '/users/me').queryKey, updated);
      toast({
        title: intl.formatMessage(messages.saved),
        description: intl.formatMessage(messages.savedDescription),
        duration: PROFILE_TOAST_MS,
      });
    },
    // A refused name shows on its field; only what belongs to none is a toast.
    onError: (error) => {
      const { rest } = refusalOf(error, NAME_FIELDS);
      if (rest)
        toast({ title: intl.formatMessage(appMessages.error), description: rest, variant: 'destructive' });
    },
  });
  const saveRefusal = useRefusal(save.error, NAME_FIELDS);

  const changePassword = $api.useMutation('post', '/auth/change-password', {
    // The change revokes every older token, this session's included: the answer is a fresh session to keep.
    onSuccess: (session) => {
      setSession(session.jwt, session.user);
      toast({ title: intl.formatMessage(messages.passwordChanged) });
    },
  });
  const passwordRefusal = useRefusal(changePassword.error, PASSWORD_FIELDS);

  return (
    <Stack gap="6" maxW="4xl">
      <PageHeader title={intl.formatMessage(appMessages.titleProfile)} />
      {user ? (
        <ProfileHeader
          firstname={user.firstname}
          lastname={user.lastname}
          email={user.email}
          role={me.data ? me.data.role : null}
        />
      ) : (
        <Skeleton h="28" />
      )}
      <PersonalInfoForm
        defaultValues={{ firstname: user?.firstname ?? '', lastname: user?.lastname ?? '' }}
        pending={save.isPending}
        fieldErrors={saveRefusal.fields}
        onSubmit={(values) => save.mutateAsync({ body: values })}
      />
      <PasswordChangeForm
        pending={changePassword.isPending}
        error={passwordRefusal.rest ? { message: passwordRefusal.rest } : null}
        fieldErrors={passwordRefusal.fields}
        onSubmit={({ currentPassword, newPassword }) =>
          changePassword.mutateAsync({ body: { currentPassword, newPassword } })
        }
      />
    </Stack>
  );
}
