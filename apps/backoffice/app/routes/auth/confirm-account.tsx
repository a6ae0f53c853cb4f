import { isApiError } from '@mulot/api-client';
import { AuthLayout, ConfirmAccount, type ConfirmAccountState, ResendLink } from '@mulot/ui/fragments/auth';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fetchClient, logFailure } from '#app/lib/api.ts';
import { renewLink, useResend } from '#app/lib/resend.ts';
import { title } from '#app/lib/title.ts';

export const meta = () => title('titleConfirm');

/** Reads code and email from the mailed link and confirms on arrival (spec §2). */
export default function ConfirmAccountRoute() {
  const [params] = useSearchParams();
  const [state, setState] = useState<ConfirmAccountState>('pending');
  const [error, setError] = useState<string | null>(null);
  // The code is single-use: never send it twice (React may run effects twice in development).
  const sent = useRef(false);
  // An expired link: a new one to the address it was sent to (the server says nothing about the account).
  const resend = useResend(() => renewLink(params.get('code') ?? ''));
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    fetchClient
      .POST('/auth/confirm', {
        body: { code: params.get('code') ?? '', email: params.get('email') ?? '' },
      })
      .then(
        () => setState('success'),
        (failure: unknown) => {
          logFailure('Account confirmation', failure);
          // The fragment shows the spec §8 fallback when the server said nothing usable.
          setError(isApiError(failure) ? failure.problem.detail || null : null);
          setState('failure');
        },
      );
  }, [params]);
  return (
    <AuthLayout>
      <ConfirmAccount state={state} error={error} resend={<ResendLink {...resend} />} />
    </AuthLayout>
  );
}
