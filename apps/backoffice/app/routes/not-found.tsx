import { NotFound } from '@mulot/ui/fragments/not-found';
import { useNavigate } from 'react-router';
import { title } from '#app/lib/title.ts';

export const meta = () => title('titleNotFound');

export default function NotFoundRoute() {
  const navigate = useNavigate();
  return <NotFound onGoBack={() => navigate(-1)} />;
}
