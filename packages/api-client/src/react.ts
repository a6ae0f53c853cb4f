import createQueryClient, { type OpenapiQueryClient } from 'openapi-react-query';
import type { paths } from './generated/schema';
import type { Api } from './index';

export * from './index';

/**
 * The hooks over a fetch client made apart (`createClient`): an app whose first pages call the API without
 * TanStack Query (the back-office's sign-in pages) loads this module only where it has queries.
 */
export function createQueryHooks(fetchClient: Api): OpenapiQueryClient<paths> {
  return createQueryClient(fetchClient);
}
