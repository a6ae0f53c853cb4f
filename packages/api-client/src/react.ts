import createQueryClient, { type OpenapiQueryClient } from 'openapi-react-query';
import type { paths } from './generated/schema';
import { type Api, type ApiClientOptions, createClient } from './index';

export * from './index';

export interface ApiClient {
  /** Typed fetch client (`fetchClient.GET('/projects')`). */
  fetchClient: Api;
  /** Typed TanStack Query hooks (`$api.useQuery('get', '/projects')`, `$api.queryOptions(…)`). */
  $api: OpenapiQueryClient<paths>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchClient = createClient(options);
  return { fetchClient, $api: createQueryHooks(fetchClient) };
}

/**
 * The hooks over a fetch client made apart (`createClient`): an app whose first pages call the API without
 * TanStack Query (the back-office's sign-in pages) loads this module only where it has queries.
 */
export function createQueryHooks(fetchClient: Api): OpenapiQueryClient<paths> {
  return createQueryClient(fetchClient);
}
