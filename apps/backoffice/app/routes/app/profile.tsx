import { Skeleton } from '@mulot/ui/components/skeleton';
import { PasswordChangeForm, PersonalInfoForm, ProfileHeader } from '@mulot/ui/fragments/profile';
import { PageHeader } from '@mulot/ui/fragments/shell';
import { Stack } from '@mulot/ui/styled-system/jsx';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import {
  NAME_FIELDS,
  PASSWORD_FIELDS,
  useChangePassword,
  useSaveProfile,
} from '#app/features/users/mutations.ts';
import { meQuery } from '#app/features/users/queries.ts';
import { useRefusal } from '#app/lib/api.ts';
import { appMessages } from '#app/lib/messages.ts';
import { useUser } from '#app/lib/session.ts';
import { title } from '#app/lib/title.ts';

export const meta = () => title('titleProfile');

export default function Profile() {
  const intl = useIntl();
  const stored = useUser();
  const me = useQuery(meQuery);
  // The stored user shows at once; the server's answer (role in the current organization) replaces it.
  const user = me.data ?? stored;

  const save = useSaveProfile();
  const saveRefusal = useRefusal(save.error, NAME_FIELDS);
  const changePassword = useChangePassword();
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
        onSubmit={(values) => save.mutateAsync(values)}
      />
      <PasswordChangeForm
        pending={changePassword.isPending}
        error={passwordRefusal.rest ? { message: passwordRefusal.rest } : null}
        fieldErrors={passwordRefusal.fields}
        onSubmit={({ currentPassword, newPassword }) =>
          changePassword.mutateAsync({ currentPassword, newPassword })
        }
      />
    </Stack>
  );
}
