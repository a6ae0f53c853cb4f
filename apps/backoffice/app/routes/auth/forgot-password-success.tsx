import { AuthLayout, ForgotPasswordSuccess } from '@mulot/ui/fragments/auth';
import { title } from '../../lib/title';

export const meta = () => title('titleForgotPasswordSuccess');

export default function ForgotPasswordSuccessRoute() {
  return (
    <AuthLayout>
      <ForgotPasswordSuccess />
    </AuthLayout>
  );
}
