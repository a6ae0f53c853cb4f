import { toast } from '@mulot/ui/components/toast';
import { AuthLayout, RegisterForm, type RegisterValues } from '@mulot/ui/fragments/auth';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { $api, errorMessage } from '../../lib/api';
import { appMessages } from '../../lib/messages';
import { title } from '../../lib/title';

export const meta = () => title('titleRegister');

export default function Register() {
  const intl = useIntl();
  const navigate = useNavigate();
  const register = $api.useMutation('post', '/auth/register');
  const onSubmit = async ({ email, password }: RegisterValues) => {
    try {
      // The confirmation link in the mail points back to this very origin.
      await register.mutateAsync({
        body: { credentials: { email, password }, rootUrl: window.location.origin },
      });
      await navigate('/auth/register-success');
    } catch (error) {
      toast({
        title: intl.formatMessage(appMessages.error),
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };
  return (
    <AuthLayout>
      <RegisterForm onSubmit={onSubmit} pending={register.isPending} />
    </AuthLayout>
  );
}
