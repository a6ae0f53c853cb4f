import { AuthLayout, ResetPasswordSuccess } from '@mulot/ui/fragments/auth';
import { title } from '#app/lib/title.ts';

export const meta = () => title('titleResetPasswordSuccess');

export default function ResetPasswordSuccessRoute() {
  return (
    <AuthLayout>
      <ResetPasswordSuccess />
    </AuthLayout>
  );
}
