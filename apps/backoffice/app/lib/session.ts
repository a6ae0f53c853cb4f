import type { Schemas } from '@mulot/api-client';
import { useSyncExternalStore } from 'react';
import { createSignal, readItem, writeItem } from './storage';

export type User = Schemas['User'];

// Spec §3: the session is two localStorage entries, the token and the user as JSON.
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

function readUser(): User | null {
  const raw = readItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<User> | null;
    return parsed && typeof parsed.email === 'string' ? (parsed as User) : null;
  } catch {
    return null;
  }
}

const userSignal = createSignal(readUser);

export function getToken(): string | null {
  return readItem(TOKEN_KEY);
}

// Set while a sign-out leaves the signed-in pages (see signOut).
let signingOut = false;

/** Authenticated whenever a token is present (spec §3); an expired one is dropped on the first 401. */
export function isAuthenticated(): boolean {
  return !signingOut && Boolean(getToken());
}

/**
 * Spec §3 logout: the session ends once `leave` has taken the user off the signed-in pages. Until then the pages'
 * queries stay observed and may refetch (a focus, a mount while the login screen's code loads): they still carry
 * the token, instead of being answered 401. The guards already treat the user as signed out.
 */
export async function signOut(leave: () => Promise<void> | void): Promise<void> {
  signingOut = true;
  try {
    await leave();
  } finally {
    signingOut = false;
    clearSession();
  }
}

export function setSession(jwt: string, user: User): void {
  writeItem(TOKEN_KEY, jwt);
  writeItem(USER_KEY, JSON.stringify(user));
  userSignal.refresh();
}

export function clearSession(): void {
  writeItem(TOKEN_KEY, null);
  writeItem(USER_KEY, null);
  userSignal.refresh();
}

/** After a profile save the in-memory (and stored) user follows (spec §4). */
export function updateUser(changes: Partial<User>): void {
  const user = readUser();
  if (!user) return;
  writeItem(USER_KEY, JSON.stringify({ ...user, ...changes }));
  userSignal.refresh();
}

export function useUser(): User | null {
  return useSyncExternalStore(userSignal.subscribe, userSignal.get, () => null);
}
