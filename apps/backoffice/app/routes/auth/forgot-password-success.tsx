import { AuthLayout, ForgotPasswordSuccess } from '@mulot/ui/fragments/auth';
import { title } from '#app/lib/title.ts';

export const meta = () => title('titleForgotPasswordSuccess');

export default function ForgotPasswordSuccessRoute() {
  return (
    <AuthLayout>
      <ForgotPasswordSuccess />
    </AuthLayout>
  );
}
