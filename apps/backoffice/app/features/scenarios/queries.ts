import { allScenarios } from '@mulot/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchClient } from '#app/lib/api.ts';
import { once } from '#app/lib/content.ts';
import { $api, pagedQuery } from '#app/lib/query.ts';

/** Guides per page of a category's screen. */
const SCENARIOS_PAGE_SIZE = 24;

type CategoryPath = { id: string; categoryId: string };

/** A category's guides for a search (blank: all), oldest first, a page at a time. */
export const scenarioPagesQuery = (path: CategoryPath, search: string) =>
  pagedQuery(
    '/projects/{id}/categories/{categoryId}/scenarios',
    { path },
    search,
    SCENARIOS_PAGE_SIZE,
    async (query, signal) =>
      (
        await fetchClient.GET('/projects/{id}/categories/{categoryId}/scenarios', {
          params: { path, query },
          signal,
        })
      ).data,
  );

/** Every guide of a category, page after page: the guides a prerequisite may name. */
export const siblingScenariosQuery = (path: CategoryPath) =>
  queryOptions({
    queryKey: [
      'get',
      '/projects/{id}/categories/{categoryId}/scenarios',
      { params: { path } },
      'all',
    ] as const,
    queryFn: () => allScenarios(fetchClient, path),
  });

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

/**
 * Each step's health, from the runs end users recorded (apart from the guide: it changes with every run). A step
 * no run reached in 30 days has none to show: "ok" then only means "no failure", not "Fonctionne".
 */
export const scenarioHealthQuery = (id: string) =>
  $api.queryOptions('get', '/scenarios/{id}/health', { params: { path: { id } } });

/** A guide's figures over the last `days` days (issue 42): runs started and completed, by origin, the step funnel. */
export const scenarioStatisticsQuery = (id: string, days: number) =>
  $api.queryOptions('get', '/scenarios/{id}/statistics', { params: { path: { id }, query: { days } } });

/**
 * The statistics card's figures. Choosing another period keeps the last one's figures on screen (marked as
 * placeholder) until the new ones arrive, rather than blanking the card for a moment at each choice.
 */
export function useScenarioStatistics(id: string, days: number) {
  return useQuery({ ...scenarioStatisticsQuery(id, days), placeholderData: keepPreviousData });
}

/**
 * The guide's start rule with whether its project's pages ever identified their user (the "Démarrage" card). Apart
 * from the guide: `identifySeenAt` moves with the sites' page views, not with the guide.
 */
export const startRuleQuery = (id: string) =>
  $api.queryOptions('get', '/scenarios/{id}/start-rule', { params: { path: { id } } });
