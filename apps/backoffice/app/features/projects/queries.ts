import { once } from '#app/lib/content.ts';
import { $api } from '#app/lib/query.ts';

// The same object primes the cache in a route's clientLoader and feeds the component's useQuery, so a navigation
// renders from the cache and refetches in the background.
export const projectsQuery = $api.queryOptions('get', '/projects');

export const projectQuery = (id: string) =>
  $api.queryOptions('get', '/projects/{id}', { params: { path: { id } } }, once);
