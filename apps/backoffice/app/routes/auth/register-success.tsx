import { AuthLayout, RegisterSuccess } from '@mulot/ui/fragments/auth';
import { title } from '#app/lib/title.ts';

export const meta = () => title('titleRegisterSuccess');

export default function RegisterSuccessRoute() {
  return (
    <AuthLayout>
      <RegisterSuccess />
    </AuthLayout>
  );
}
