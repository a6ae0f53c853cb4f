import {
  createProject,
  deleteProject,
  type Identified,
  rotateSiteKey,
  type Schemas,
  updateProject,
} from '@mulot/api-client';
import { fetchClient } from '#app/lib/api.ts';
import { useContentWrite } from '#app/lib/content.ts';
import { contentMessages as m } from '#app/lib/content-messages.ts';
import { projectQuery } from './queries.ts';

/** Created in the current organization: the request carries its x-organization-id. */
export function useCreateProject() {
  return useContentWrite((body: Schemas['ProjectCreate']) => createProject(fetchClient, body), {
    action: 'create project',
    done: () => m.projectCreated,
  });
}

export function useUpdateProject() {
  return useContentWrite(
    ({ project, body }: { project: Identified; body: Schemas['ProjectUpdate'] }) =>
      updateProject(fetchClient, project, body),
    { action: 'update project', done: () => m.projectUpdated },
  );
}

export function useDeleteProject() {
  return useContentWrite((project: Identified) => deleteProject(fetchClient, project), {
    action: 'delete project',
    done: () => m.projectDeleted,
    forgets: (project) => projectQuery(project.id),
  });
}

/** Admins: a new site key; the project (with its key) and its installation status refetch. */
export function useRotateSiteKey() {
  return useContentWrite((project: Identified) => rotateSiteKey(fetchClient, project), {
    action: 'rotate site key',
    done: () => m.siteKeyRotated,
  });
}
