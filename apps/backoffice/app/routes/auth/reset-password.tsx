import { isApiError } from '@mulot/api-client';
import {
  AuthLayout,
  CheckingLink,
  InvalidLink,
  ResendLink,
  ResetPasswordForm,
  type ResetPasswordValues,
} from '@mulot/ui/fragments/auth';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage, fetchClient, refusalOf, useRefusal } from '#app/lib/api.ts';
import { appMessages } from '#app/lib/messages.ts';
import { renewLink, useResend } from '#app/lib/resend.ts';
import { title } from '#app/lib/title.ts';
import { useCall } from '#app/lib/use-call.ts';

export const meta = () => title('titleResetPassword');

const FIELDS = ['password'] as const;

type LinkState = { status: 'checking' } | { status: 'valid' } | { status: 'invalid'; error: string | null };

export default function ResetPassword() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const reset = useCall();
  const refusal = useRefusal(reset.error, FIELDS);
  const [error, setError] = useState<string | null>(null);
  // The link is checked when the page opens: a used or expired one is said before a password is typed twice.
  const [link, setLink] = useState<LinkState>({ status: 'checking' });
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    fetchClient.POST('/auth/reset-password/check', { body: { code } }).then(
      () => setLink({ status: 'valid' }),
      (failure: unknown) => {
        // Only a refusal of the code makes the link invalid; an outage leaves the form (the reset says why).
        if (isApiError(failure) && failure.status === 400)
          setLink({ status: 'invalid', error: errorMessage(failure) });
        else setLink({ status: 'valid' });
      },
    );
  }, [code]);
  const resend = useResend(() => renewLink(code));

  const onSubmit = async ({ password }: ResetPasswordValues) => {
    setError(null);
    try {
      await reset.run(() => fetchClient.POST('/auth/reset-password', { body: { code, password } }));
      await navigate('/auth/reset-password-success');
    } catch (failure) {
      const { fields, rest } = refusalOf(failure, FIELDS);
      if (fields && !rest) return;
      // Spec §8: the server's message, else the generic reset failure.
      setError(
        (isApiError(failure) && failure.problem.detail) || intl.formatMessage(appMessages.resetFailed),
      );
    }
  };
  return (
    <AuthLayout>
      {link.status === 'checking' ? (
        <CheckingLink />
      ) : link.status === 'invalid' ? (
        <InvalidLink kind="reset" error={link.error} resend={<ResendLink {...resend} />} />
      ) : (
        <ResetPasswordForm
          onSubmit={onSubmit}
          pending={reset.isPending}
          error={error}
          fieldErrors={refusal.fields}
        />
      )}
    </AuthLayout>
  );
}
