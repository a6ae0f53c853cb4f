import { $api } from '#app/lib/query.ts';

// Spec §2: the team page is every member's. POST /auth/filter is a read: a query, keyed by its body, read again
// after every change to the team.

/** Spec §7/§9: the team list is one page of 100 from index 0. */
export const membersQuery = $api.queryOptions('post', '/auth/filter', {
  body: { pageIndex: 0, pageSize: 100 },
});

export const invitationsQuery = $api.queryOptions('get', '/auth/invitations');
