import { AuthLayout, RegisterForm, type RegisterValues } from '@mulot/ui/fragments/auth';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { fetchClient, refusalOf, useRefusal } from '#app/lib/api.ts';
import { appMessages } from '#app/lib/messages.ts';
import { title } from '#app/lib/title.ts';
import { toast } from '#app/lib/toast.ts';
import { useCall } from '#app/lib/use-call.ts';

export const meta = () => title('titleRegister');

const FIELDS = ['email', 'password'] as const;

export default function Register() {
  const intl = useIntl();
  const navigate = useNavigate();
  const register = useCall();
  const refusal = useRefusal(register.error, FIELDS);
  const onSubmit = async ({ email, password }: RegisterValues) => {
    try {
      // The confirmation link in the mail points back to this very origin.
      await register.run(() =>
        fetchClient.POST('/auth/register', {
          body: { credentials: { email, password }, rootUrl: window.location.origin },
        }),
      );
      await navigate('/auth/register-success');
    } catch (error) {
      // A refused field shows on the field; only what belongs to none is a toast.
      const { rest } = refusalOf(error, FIELDS);
      if (rest)
        toast({ title: intl.formatMessage(appMessages.error), description: rest, variant: 'destructive' });
    }
  };
  return (
    <AuthLayout>
      <RegisterForm onSubmit={onSubmit} pending={register.isPending} fieldErrors={refusal.fields} />
    </AuthLayout>
  );
}
