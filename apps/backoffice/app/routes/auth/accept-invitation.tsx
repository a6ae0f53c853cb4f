import { isApiError, type Schemas } from '@mulot/api-client';
import {
  AcceptInvitationForm,
  type AcceptInvitationValues,
  AuthLayout,
  CheckingLink,
  InvalidLink,
  InvitationAlreadyAccepted,
  ResendLink,
} from '@mulot/ui/fragments/auth';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage, fetchClient, logFailure, useRefusal } from '#app/lib/api.ts';
import { clearQueryCache } from '#app/lib/clear-query-cache.ts';
import { setOrganizationId } from '#app/lib/organization.ts';
import { renewLink, useResend } from '#app/lib/resend.ts';
import { setSession } from '#app/lib/session.ts';
import { title } from '#app/lib/title.ts';
import { useCall } from '#app/lib/use-call.ts';

export const meta = () => title('titleAcceptInvitation');

const FIELDS = ['password'] as const;

type Invitation =
  | { status: 'checking' }
  | { status: 'valid'; details: Schemas['InvitationDetails'] }
  | { status: 'invalid'; error: string | null }
  | { status: 'accepted' };

/**
 * The invitation link's screen (not under the /auth guard: someone signed in may be the one invited): who
 * invited them to which organization, then a password, and they land in that organization.
 */
export default function AcceptInvitation() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [invitation, setInvitation] = useState<Invitation>({ status: 'checking' });
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    fetchClient.POST('/auth/invitation', { body: { code } }).then(
      ({ data }) =>
        setInvitation(data ? { status: 'valid', details: data } : { status: 'invalid', error: null }),
      (failure: unknown) => {
        logFailure('Invitation lookup', failure);
        // Opened again after it was accepted: say so, and offer to sign in rather than a new link.
        if (isApiError(failure) && failure.problem.code === 'invitation-accepted') {
          setInvitation({ status: 'accepted' });
          return;
        }
        setInvitation({ status: 'invalid', error: isApiError(failure) ? errorMessage(failure) : null });
      },
    );
  }, [code]);
  const resend = useResend(() => renewLink(code));
  const accept = useCall();
  const refusal = useRefusal(accept.error, FIELDS);

  const onSubmit = async ({ password }: AcceptInvitationValues) => {
    try {
      const accepted = await accept.run(() =>
        fetchClient.POST('/auth/accept-invitation', { body: { code, password } }),
      );
      // Another user's cached data must not leak into this session; then straight into the organization.
      await clearQueryCache();
      setSession(accepted.jwt, accepted.user);
      setOrganizationId(accepted.organizationId);
      await navigate('/app/dashboard');
    } catch (failure) {
      // Shown by the form: on the password field when the refusal names it, above the button otherwise.
      logFailure('Invitation acceptance', failure);
    }
  };

  return (
    <AuthLayout>
      {invitation.status === 'checking' ? (
        <CheckingLink />
      ) : invitation.status === 'accepted' ? (
        <InvitationAlreadyAccepted />
      ) : invitation.status === 'invalid' ? (
        <InvalidLink kind="invitation" error={invitation.error} resend={<ResendLink {...resend} />} />
      ) : (
        <AcceptInvitationForm
          invitation={{
            email: invitation.details.email,
            role: invitation.details.role,
            organizationName: invitation.details.organization.name,
            invitedBy: invitation.details.invitedBy,
            hasAccount: invitation.details.hasAccount,
          }}
          pending={accept.isPending}
          error={refusal.rest}
          fieldErrors={refusal.fields}
          onSubmit={onSubmit}
        />
      )}
    </AuthLayout>
  );
}
