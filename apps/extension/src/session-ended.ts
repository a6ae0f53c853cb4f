import { useSyncExternalStore } from 'react';

// Whether the API refused this tab's session (signed out elsewhere, password changed). One per tab: the panels'
// client sets it, the panel host shows it in place of the failed request's error and offers to sign in again.
let ended = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (ended === value) return;
  ended = value;
  for (const listener of listeners) listener();
}

export const markSessionEnded = (): void => set(true);
/** A panel mounted with a session (signed in again): nothing has been refused yet. */
export const resetSessionEnded = (): void => set(false);

export function useSessionEnded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => ended,
  );
}
