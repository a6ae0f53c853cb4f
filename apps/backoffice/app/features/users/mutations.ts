import type { Schemas } from '@mulot/api-client';
import { useMutation } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { fetchClient, refusalOf } from '#app/lib/api.ts';
import { appMessages } from '#app/lib/messages.ts';
import { queryClient } from '#app/lib/query.ts';
import { setSession, updateUser } from '#app/lib/session.ts';
import { toast } from '#app/lib/toast.ts';
import { meQuery } from './queries.ts';

const messages = defineMessages({
  saved: { id: 'app.profile.saved', defaultMessage: 'Profil mis à jour avec succès.' },
  savedDescription: {
    id: 'app.profile.savedDescription',
    defaultMessage: 'Votre profil a été mis à jour avec succès.',
  },
  passwordChanged: { id: 'app.profile.passwordChanged', defaultMessage: 'Mot de passe modifié avec succès.' },
});

// The fields of the profile's forms that a refusal (`errors[]` of a 400) can name.
export const NAME_FIELDS = ['firstname', 'lastname'] as const;
export const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;

/** Spec §9: the profile toast stays 3 s. */
const PROFILE_TOAST_MS = 3000;

export function useSaveProfile() {
  const intl = useIntl();
  return useMutation({
    mutationFn: async (body: Schemas['UpdateMeRequest']) => {
      const { data } = await fetchClient.PATCH('/users/me', { body });
      return data;
    },
    onSuccess: (updated) => {
      if (!updated) return;
      // Spec §4: the in-memory (and stored) user's names follow, so the header's menu shows them at once.
      updateUser({ firstname: updated.firstname, lastname: updated.lastname });
      queryClient.setQueryData(meQuery.queryKey, updated);
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
}

export function useChangePassword() {
  const intl = useIntl();
  return useMutation({
    mutationFn: async (body: Schemas['ChangePasswordRequest']) => {
      const { data } = await fetchClient.POST('/auth/change-password', { body });
      return data;
    },
    // The change revokes every older token, this session's included: the answer is a fresh session to keep.
    onSuccess: (session) => {
      if (!session) return;
      setSession(session.jwt, session.user);
      toast({ title: intl.formatMessage(messages.passwordChanged) });
    },
  });
}
