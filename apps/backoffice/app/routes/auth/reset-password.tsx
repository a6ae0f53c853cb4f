import { isApiError } from '@mulot/api-client';
import { AuthLayout, ResetPasswordForm, type ResetPasswordValues } from '@mulot/ui/fragments/auth';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { $api } from '../../lib/api';
import { appMessages } from '../../lib/messages';
import { title } from '../../lib/title';

export const meta = () => title('titleResetPassword');

export default function ResetPassword() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reset = $api.useMutation('post', '/auth/reset-password');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async ({ password }: ResetPasswordValues) => {
    setError(null);
    try {
      await reset.mutateAsync({ body: { code: params.get('code') ?? '', password } });
      await navigate('/auth/reset-password-success');
    } catch (failure) {
      // Spec §8: the server's message, else the generic reset failure.
      setError(
        (isApiError(failure) && failure.problem.detail) || intl.formatMessage(appMessages.resetFailed),
      );
    }
  };
  return (
    <AuthLayout>
      <ResetPasswordForm onSubmit={onSubmit} pending={reset.isPending} error={error} />
    </AuthLayout>
  );
}
