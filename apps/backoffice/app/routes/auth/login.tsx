import { isApiError } from '@mulot/api-client';
import { AuthLayout, LoginForm, type LoginValues, ResendLink } from '@mulot/ui/fragments/auth';
import { styled } from '@mulot/ui/styled-system/jsx';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { errorMessage, fetchClient } from '#app/lib/api.ts';
import { clearQueryCache } from '#app/lib/clear-query-cache.ts';
import { appMessages } from '#app/lib/messages.ts';
import { useResend } from '#app/lib/resend.ts';
import { setSession } from '#app/lib/session.ts';
import { title } from '#app/lib/title.ts';
import { toast } from '#app/lib/toast.ts';
import { useCall } from '#app/lib/use-call.ts';

export const meta = () => title('titleLogin');

export default function Login() {
  const intl = useIntl();
  const navigate = useNavigate();
  const login = useCall();
  // Set when the account is not confirmed yet: its message stays on the page with a way to a new link.
  const [unconfirmed, setUnconfirmed] = useState<{ email: string; message: string } | null>(null);
  const resend = useResend(() =>
    fetchClient.POST('/auth/resend-confirmation', {
      body: { email: unconfirmed?.email ?? '', rootUrl: window.location.origin },
    }),
  );
  const onSubmit = async (values: LoginValues) => {
    setUnconfirmed(null);
    try {
      const session = await login.run(() => fetchClient.POST('/auth/login', { body: values }));
      // A previous user's cached data (organizations…) must not leak into this session.
      await clearQueryCache();
      setSession(session.jwt, session.user);
      await navigate('/app/dashboard');
    } catch (error) {
      // 403 is the login's only refusal of a known account with the right password: not confirmed yet.
      if (isApiError(error) && (error.problem.code === 'account-not-confirmed' || error.status === 403)) {
        setUnconfirmed({ email: values.email, message: errorMessage(error) });
        return;
      }
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
      {unconfirmed && (
        <styled.div
          mt="4"
          display="flex"
          flexDirection="column"
          alignItems="center"
          gap="3"
          textAlign="center"
          data-testid="not-confirmed"
        >
          <styled.p role="alert" textStyle="sm">
            {unconfirmed.message}
          </styled.p>
          <ResendLink {...resend} />
        </styled.div>
      )}
    </AuthLayout>
  );
}
