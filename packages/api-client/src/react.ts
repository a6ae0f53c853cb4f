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
  return { fetchClient, $api: createQueryClient(fetchClient) };
}
