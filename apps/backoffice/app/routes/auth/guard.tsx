import { useEffect } from 'react';
import { Outlet, redirect, useLocation } from 'react-router';
import { isAuthenticated } from '#app/lib/session.ts';
import { dismissToasts } from '#app/lib/toast.ts';

/** Spec §2 guard: a signed-in user opening any /auth page goes to the dashboard. No visual layout. */
export function clientLoader() {
  if (isAuthenticated()) throw redirect('/app/dashboard');
  return null;
}

export default function AuthGuard() {
  const { pathname } = useLocation();
  // A refusal belongs to the auth screen that got it: "Email ou mot de passe incorrect." must not follow the
  // user to "Créer un compte".
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cleanup runs when the screen (pathname) changes
  useEffect(() => dismissToasts, [pathname]);
  return <Outlet />;
}
