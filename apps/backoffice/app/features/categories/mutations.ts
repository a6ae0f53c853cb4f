import {
  type CategoryRef,
  createCategory,
  deleteCategory,
  type Identified,
  type Schemas,
  updateCategory,
} from '@mulot/api-client';
import { fetchClient } from '#app/lib/api.ts';
import { useContentWrite } from '#app/lib/content.ts';
import { contentMessages as m } from '#app/lib/content-messages.ts';
import { categoryQuery } from './queries.ts';

export function useCreateCategory() {
  return useContentWrite(
    ({ project, body }: { project: Identified; body: Schemas['CategoryInput'] }) =>
      createCategory(fetchClient, project, body),
    { action: 'create category', done: () => m.categoryCreated },
  );
}

export function useUpdateCategory() {
  return useContentWrite(
    ({ category, body }: { category: CategoryRef; body: Schemas['CategoryInput'] }) =>
      updateCategory(fetchClient, category, body),
    { action: 'update category', done: () => m.categoryUpdated },
  );
}

export function useDeleteCategory() {
  return useContentWrite((category: CategoryRef) => deleteCategory(fetchClient, category), {
    action: 'delete category',
    done: () => m.categoryDeleted,
    forgets: (category) => categoryQuery(category.projectId, category.id),
  });
}
