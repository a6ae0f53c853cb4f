import { $api } from '#app/lib/query.ts';

// Invitations waiting for the signed-in user's answer (issue 37): the banner and the no-organization page.
export const myInvitationsQuery = $api.queryOptions('get', '/organizations/invitations', {}, { retry: 1 });
