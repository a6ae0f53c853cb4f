import { toast } from '@mulot/ui/components/toast';
import { AuthLayout, LoginForm, type LoginValues } from '@mulot/ui/fragments/auth';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { $api, errorMessage, queryClient } from '../../lib/api';
import { appMessages } from '../../lib/messages';
import { setSession } from '../../lib/session';
import { title } from '../../lib/title';

export const meta = () => title('titleLogin');

export default function Login() {
  const intl = useIntl();
  const navigate = useNavigate();
  const login = $api.useMutation('post', '/auth/login');
  const onSubmit = async (values: LoginValues) => {
    try {
      const session = await login.mutateAsync({ body: values });
      // A previous user's cached data (organizations…) must not leak into this session.
      queryClient.clear();
      setSession(session.jwt, session.user);
      await navigate('/app/dashboard');
    } catch (error) {
      toast({
        title: intl.formatMessage(appMessages.error),
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };
  return (
    <AuthLayout withMarketing>
      <LoginForm onSubmit={onSubmit} pending={login.isPending} />
    </AuthLayout>
  );
}
