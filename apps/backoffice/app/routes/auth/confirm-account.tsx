import { isApiError } from '@mulot/api-client';
import { AuthLayout, ConfirmAccount, type ConfirmAccountState } from '@mulot/ui/fragments/auth';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fetchClient } from '../../lib/api';
import { title } from '../../lib/title';

export const meta = () => title('titleConfirm');

/** Reads code and email from the mailed link and confirms on arrival (spec §2). */
export default function ConfirmAccountRoute() {
  const [params] = useSearchParams();
  const [state, setState] = useState<ConfirmAccountState>('pending');
  const [error, setError] = useState<string | null>(null);
  // The code is single-use: never send it twice (React may run effects twice in development).
  const sent = useRef(false);
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
          console.error(failure);
          // The fragment shows the spec §8 fallback when the server said nothing usable.
          setError(isApiError(failure) ? failure.problem.detail || null : null);
          setState('failure');
        },
      );
  }, [params]);
  return (
    <AuthLayout>
      <ConfirmAccount state={state} error={error} />
    </AuthLayout>
  );
}
