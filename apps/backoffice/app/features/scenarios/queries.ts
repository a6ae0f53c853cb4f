import { once } from '#app/lib/content.ts';
import { $api } from '#app/lib/query.ts';

/**
 * The extension saves steps in another tab: coming back to the guide page refetches it, even when the cached copy
 * still counts as fresh, so the steps authored meanwhile are listed without a reload.
 */
export const scenarioQuery = (id: string) =>
  $api.queryOptions(
    'get',
    '/scenarios/{id}',
    { params: { path: { id } } },
    { ...once, refetchOnWindowFocus: 'always' },
  );
