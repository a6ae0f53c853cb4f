import { $api } from '#app/lib/query.ts';

// The role that counts is the one in the current organization (GET /users/me answers it for the
// x-organization-id sent), not the one stored at login, which may be another organization's.
export const meQuery = $api.queryOptions('get', '/users/me');
