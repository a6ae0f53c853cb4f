import { Outlet, redirect } from 'react-router';
import { isAuthenticated } from '../../lib/session';

/** Spec §2 guard: a signed-in user opening any /auth page goes to the dashboard. No visual layout. */
export function clientLoader() {
  if (isAuthenticated()) throw redirect('/app/dashboard');
  return null;
}

export default function AuthGuard() {
  return <Outlet />;
}
