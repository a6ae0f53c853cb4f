import { allProjects } from '@mulot/api-client';
import { queryOptions } from '@tanstack/react-query';
import { fetchClient } from '#app/lib/api.ts';
import { once } from '#app/lib/content.ts';
import { $api, pagedQuery, queryClient } from '#app/lib/query.ts';

/** Projects per page of the projects screen: two screens of cards, a light first answer (spec: no list freezes). */
export const PROJECTS_PAGE_SIZE = 24;

/**
 * The projects screen's pages for a search (blank: every project), by name. The same object primes the cache in
 * the route's clientLoader and feeds the component's useInfiniteQuery.
 */
export const projectPagesQuery = (search: string) =>
  pagedQuery(
    '/projects',
    {},
    search,
    PROJECTS_PAGE_SIZE,
    async (query, signal) => (await fetchClient.GET('/projects', { params: { query }, signal })).data,
  );

/** Every project, page after page: for the pickers that offer them all (the assistant, a new guide's project). */
export const allProjectsQuery = queryOptions({
  queryKey: ['get', '/projects', 'all'] as const,
  queryFn: () => allProjects(fetchClient),
});

export const projectQuery = (id: string) =>
  $api.queryOptions('get', '/projects/{id}', { params: { path: { id } } }, once);

/**
 * The project's sites with when each last called the public API, and the server's public address (the project
 * page's "Diffusion" card). Not primed by the loader: the page shows without it, the card's statuses a moment later.
 */
export const projectDiffusionQuery = (id: string) =>
  $api.queryOptions('get', '/projects/{id}/diffusion', { params: { path: { id } } });

/** Where a new guide can go: a project with a site to play it on and a category to hold it. */
export interface GuidePlace {
  projectId: string;
  categoryId: string;
}

const placeIn = (project: { id: string; sites: string[]; categories: { id: string }[] }) => {
  const category = project.categories[0];
  return project.sites.length > 0 && category ? { projectId: project.id, categoryId: category.id } : null;
};

/**
 * The new-guide form to open for `projectId` (its first category; the form lets the author pick another), or, for
 * no project, the first project that can hold a guide. Null when there is none: a category has to be made first.
 */
export async function newGuidePlace(projectId: string | null): Promise<GuidePlace | null> {
  if (projectId) return placeIn(await queryClient.fetchQuery(projectQuery(projectId)));
  for (const project of await queryClient.fetchQuery(allProjectsQuery)) {
    const place = placeIn(project);
    if (place) return place;
  }
  return null;
}
