import { toast } from '@mulot/ui/components/toast';
import { AuthLayout, ForgotPasswordForm, type ForgotPasswordValues } from '@mulot/ui/fragments/auth';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { $api, errorMessage } from '../../lib/api';
import { appMessages } from '../../lib/messages';
import { title } from '../../lib/title';

export const meta = () => title('titleForgotPassword');

export default function ForgotPassword() {
  const intl = useIntl();
  const navigate = useNavigate();
  const forgot = $api.useMutation('post', '/auth/forgot-password');
  const onSubmit = async ({ email }: ForgotPasswordValues) => {
    try {
      await forgot.mutateAsync({ body: { email, rootUrl: window.location.origin } });
      await navigate('/auth/forgot-password-success');
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
      <ForgotPasswordForm onSubmit={onSubmit} pending={forgot.isPending} />
    </AuthLayout>
  );
}
