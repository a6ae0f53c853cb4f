import type { ResendState } from '@mulot/ui/fragments/auth';
import { useState } from 'react';
import { errorMessage, fetchClient, logFailure } from './api';

/** The state of a "send me a new link" button around one request (the server answers 204 whatever the address). */
export function useResend(send: () => Promise<unknown>) {
  const [state, setState] = useState<ResendState>('idle');
  const [error, setError] = useState<string | null>(null);
  const onResend = () => {
    setState('pending');
    send().then(
      () => setState('sent'),
      (failure: unknown) => {
        logFailure('Link renewal', failure);
        // e.g. 429: the server says when to try again.
        setError(errorMessage(failure));
        setState('failed');
      },
    );
  };
  return { state, error, onResend };
}

/** A fresh link in place of the one whose code the page holds (confirmation, reset or invitation). */
export function renewLink(code: string) {
  return fetchClient.POST('/auth/renew-link', { body: { code, rootUrl: window.location.origin } });
}
