import { useCallback, useState } from 'react';

interface CallState {
  isPending: boolean;
  /** The last call's failure (an ApiError for a refusal), null once a call is under way again or succeeded. */
  error: unknown;
}

const idle: CallState = { isPending: false, error: null };

/**
 * An API call's pending flag and last error: what TanStack Query's `useMutation` gives the signed-in pages, for
 * the sign-in pages, which load without TanStack Query (lib/query.ts). `run` takes a `fetchClient` call, whose
 * middleware throws an ApiError for any non-OK answer, and resolves to the answer's body.
 */
export function useCall() {
  const [state, setState] = useState<CallState>(idle);
  const run = useCallback(async <D>(call: () => Promise<{ data?: D; error?: unknown }>) => {
    setState({ isPending: true, error: null });
    try {
      const { data, error } = await call();
      if (error !== undefined) throw error;
      setState(idle);
      return data as Exclude<D, undefined>;
    } catch (error) {
      setState({ isPending: false, error });
      throw error;
    }
  }, []);
  return { ...state, run };
}
