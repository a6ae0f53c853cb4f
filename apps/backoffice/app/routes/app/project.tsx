import type { Schemas } from '@mulot/api-client';
import { normalizeSite } from '@mulot/api-client/site';
import { Button } from '@mulot/ui/components/button';
import { SearchInput } from '@mulot/ui/components/search-input';
import {
  CategoryCard,
  CategoryDialog,
  type CategoryFormValues,
  CollectionState,
  ContentBreadcrumb,
  ContentHeader,
  DeleteConfirmDialog,
  DiffusionCard,
  ProjectDetailStats,
  ProjectDialog,
  type ProjectFormValues,
  ProjectStatusBadge,
  pageStack,
  RecordNotFound,
  toolbar,
} from '@mulot/ui/fragments/content';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FolderPlus, Globe, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  useCreateCategory,
  useDeleteCategory,
  useUpdateCategory,
} from '#app/features/categories/mutations.ts';
import { categoryPagesQuery } from '#app/features/categories/queries.ts';
import { useRotateSiteKey, useUpdateProject } from '#app/features/projects/mutations.ts';
import { projectDiffusionQuery, projectQuery } from '#app/features/projects/queries.ts';
import { errorMessage, isNotFound, isRetryable, useRefusal } from '#app/lib/api.ts';
import { CATEGORY_FIELDS, PROJECT_FIELDS, prime } from '#app/lib/content.ts';
import { contentMessages as m, sitesMessage } from '#app/lib/content-messages.ts';
import { apiOrigin } from '#app/lib/mulot-url.ts';
import { ShowMore, useDebounced } from '#app/lib/paged-list.tsx';
import { $api } from '#app/lib/query.ts';
import { title } from '#app/lib/title.ts';
import type { Route } from './+types/project';

type Category = Schemas['Category'];

export const meta = () => title('titleProject');

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  await prime(projectQuery(params.id), categoryPagesQuery(params.id, ''));
  return null;
}

export default function Project({ params }: Route.ComponentProps) {
  const intl = useIntl();
  const project = useQuery(projectQuery(params.id));
  const [search, setSearch] = useState('');
  const searched = useDebounced(search);
  const categories = useInfiniteQuery({
    ...categoryPagesQuery(params.id, searched),
    placeholderData: keepPreviousData,
  });
  const [editingProject, setEditingProject] = useState(false);
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const updateProject = useUpdateProject();
  // Issue 39: every member sees how the project's guides reach its sites; only an Admin changes the key.
  const me = $api.useQuery('get', '/users/me');
  const diffusion = useQuery(projectDiffusionQuery(params.id));
  const rotateKey = useRotateSiteKey();
  const [rotatingKey, setRotatingKey] = useState(false);
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();

  const shown = categories.data?.pages.flatMap((page) => page.items) ?? [];
  const saving = editing === 'new' ? create : update;
  const projectRefusal = useRefusal(updateProject.error, PROJECT_FIELDS);
  const categoryRefusal = useRefusal(saving.error, CATEGORY_FIELDS);
  const name = project.data?.name ?? '';

  const openEditor = (category: Category | 'new') => {
    create.reset();
    update.reset();
    setEditing(category);
  };

  // A refusal stays in the open dialog, which shows it.
  const onSaveProject = async (values: ProjectFormValues) => {
    await updateProject.run(
      { project: { id: params.id }, body: values },
      { onDone: () => setEditingProject(false) },
    );
  };

  const onSubmit = async (values: CategoryFormValues) => {
    const close = { onDone: () => setEditing(null) };
    if (editing === 'new') await create.run({ project: { id: params.id }, body: values }, close);
    else if (editing)
      await update.run({ category: { projectId: params.id, id: editing.id }, body: values }, close);
  };

  const onDelete = async () => {
    if (deleting)
      await remove.run({ projectId: params.id, id: deleting.id }, { onDone: () => setDeleting(null) });
  };

  const newButton = (
    <Button onClick={() => openEditor('new')}>
      <Plus aria-hidden />
      {intl.formatMessage(m.newCategory)}
    </Button>
  );

  if (isNotFound(project.error) || isNotFound(categories.error))
    return (
      <div className={pageStack}>
        <RecordNotFound kind="project" backHref="/app/projects" />
      </div>
    );

  if (project.isError)
    return (
      <div className={pageStack}>
        <CollectionState
          loadingLabel=""
          error={errorMessage(project.error)}
          retryable={isRetryable(project.error)}
          onRetry={() => void project.refetch()}
          empty={false}
          emptyTitle=""
          noResult={false}
        >
          {null}
        </CollectionState>
      </div>
    );

  return (
    <div className={pageStack}>
      <ContentBreadcrumb
        items={[{ label: intl.formatMessage(m.projectsTitle), href: '/app/projects' }, { label: name }]}
      />
      <ContentHeader
        title={name}
        badge={project.data && <ProjectStatusBadge scenarioCount={project.data.scenarioCount} />}
        description={project.data?.description || undefined}
        meta={
          project.data && (
            <span>
              <Globe aria-hidden />
              {project.data.sites.length
                ? intl.formatMessage(sitesMessage, { sites: project.data.sites.join(', ') })
                : intl.formatMessage(m.noSites)}
            </span>
          )
        }
        actions={
          <>
            <Button
              variant="outline"
              disabled={!project.data}
              onClick={() => {
                updateProject.reset();
                setEditingProject(true);
              }}
            >
              <Pencil aria-hidden />
              {intl.formatMessage(m.editProject)}
            </Button>
            {newButton}
          </>
        }
      />
      {/* Every category's count comes with the project: the list below holds only the pages shown. */}
      <ProjectDetailStats categories={project.data?.categories ?? []} loading={project.isPending} />
      <div className={toolbar}>
        <SearchInput
          value={search}
          onValueChange={setSearch}
          aria-label={intl.formatMessage(m.searchCategories)}
          placeholder={intl.formatMessage(m.searchCategories)}
        />
      </div>
      <CollectionState
        loadingLabel={intl.formatMessage(m.loadingCategories)}
        loading={categories.isPending}
        error={categories.isError ? errorMessage(categories.error) : null}
        retryable={isRetryable(categories.error)}
        onRetry={() => void categories.refetch()}
        empty={project.data?.categoryCount === 0}
        emptyIcon={<FolderPlus />}
        emptyTitle={intl.formatMessage(m.noCategory)}
        emptyDescription={intl.formatMessage(m.noCategoryDescription)}
        emptyAction={newButton}
        noResult={shown.length === 0}
        search={searched}
        onClearSearch={() => setSearch('')}
      >
        {shown.map((category) => (
          <CategoryCard
            key={category.id}
            category={category}
            href={`/app/projects/${params.id}/categories/${category.id}`}
            onEdit={() => openEditor(category)}
            onDelete={() => {
              remove.reset();
              setDeleting(category);
            }}
          />
        ))}
      </CollectionState>
      <ShowMore pages={categories} />
      {project.data && (
        <DiffusionCard
          mulotUrl={diffusion.data?.publicUrl ?? apiOrigin()}
          siteKey={project.data.siteKey}
          installations={diffusion.data?.sites}
          statusError={diffusion.isError ? errorMessage(diffusion.error) : null}
          canRotate={me.data?.role === 'Admin'}
          rotateOpen={rotatingKey}
          onRotateOpenChange={(open) => {
            rotateKey.reset();
            setRotatingKey(open);
          }}
          onRotate={() => void rotateKey.run({ id: params.id }, { onDone: () => setRotatingKey(false) })}
          rotating={rotateKey.isPending}
          rotateError={rotateKey.error ? errorMessage(rotateKey.error) : null}
        />
      )}
      {editingProject && project.data && (
        <ProjectDialog
          open
          onOpenChange={(open) => !open && setEditingProject(false)}
          mode="edit"
          defaultValues={project.data}
          pending={updateProject.isPending}
          error={projectRefusal.rest}
          fieldErrors={projectRefusal.fields}
          normalizeSite={normalizeSite}
          onSubmit={(values) => void onSaveProject(values)}
        />
      )}
      {editing && (
        <CategoryDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          mode={editing === 'new' ? 'create' : 'edit'}
          defaultValues={editing === 'new' ? undefined : editing}
          pending={saving.isPending}
          error={categoryRefusal.rest}
          fieldErrors={categoryRefusal.fields}
          onSubmit={(values) => void onSubmit(values)}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          kind="category"
          name={deleting.name}
          pending={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() => void onDelete()}
        />
      )}
    </div>
  );
}
