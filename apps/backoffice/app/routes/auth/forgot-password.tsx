import { AuthLayout, ForgotPasswordForm, type ForgotPasswordValues } from '@mulot/ui/fragments/auth';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { fetchClient, refusalOf, useRefusal } from '#app/lib/api.ts';
import { appMessages } from '#app/lib/messages.ts';
import { title } from '#app/lib/title.ts';
import { toast } from '#app/lib/toast.ts';
import { useCall } from '#app/lib/use-call.ts';

export const meta = () => title('titleForgotPassword');

const FIELDS = ['email'] as const;

export default function ForgotPassword() {
  const intl = useIntl();
  const navigate = useNavigate();
  const forgot = useCall();
  const refusal = useRefusal(forgot.error, FIELDS);
  const onSubmit = async ({ email }: ForgotPasswordValues) => {
    try {
      await forgot.run(() =>
        fetchClient.POST('/auth/forgot-password', { body: { email, rootUrl: window.location.origin } }),
      );
      await navigate('/auth/forgot-password-success');
    } catch (error) {
      // A refused field shows on the field; only what belongs to none is a toast.
      const { rest } = refusalOf(error, FIELDS);
      if (rest)
        toast({ title: intl.formatMessage(appMessages.error), description: rest, variant: 'destructive' });
    }
  };
  return (
    <AuthLayout>
      <ForgotPasswordForm onSubmit={onSubmit} pending={forgot.isPending} fieldErrors={refusal.fields} />
    </AuthLayout>
  );
}
