import { redirect } from 'react-router';

/** `/` goes to the dashboard; the /app guard then sends an anonymous visitor to login. */
export function clientLoader() {
  return redirect('/app/dashboard');
}

export default function Home() {
  return null;
}
