import { AuthLayout, RegisterSuccess } from '@mulot/ui/fragments/auth';
import { title } from '../../lib/title';

export const meta = () => title('titleRegisterSuccess');

export default function RegisterSuccessRoute() {
  return (
    <AuthLayout>
      <RegisterSuccess />
    </AuthLayout>
  );
}
