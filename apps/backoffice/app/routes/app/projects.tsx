import type { Schemas } from '@mulot/api-client';
import { normalizeSite } from '@mulot/api-client/site';
import { Button } from '@mulot/ui/components/button';
import { SearchInput } from '@mulot/ui/components/search-input';
import {
  CollectionState,
  ContentHeader,
  DeleteConfirmDialog,
  ProjectCard,
  ProjectDialog,
  type ProjectFormValues,
  ProjectStats,
  pageStack,
  toolbar,
} from '@mulot/ui/fragments/content';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { FolderPlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useCreateProject, useDeleteProject, useUpdateProject } from '#app/features/projects/mutations.ts';
import { projectPagesQuery } from '#app/features/projects/queries.ts';
import { errorMessage, isRetryable, useRefusal } from '#app/lib/api.ts';
import { PROJECT_FIELDS, prime } from '#app/lib/content.ts';
import { contentMessages as m } from '#app/lib/content-messages.ts';
import { ShowMore, useDebounced } from '#app/lib/paged-list.tsx';
import { title } from '#app/lib/title.ts';

type Project = Schemas['Project'];

export const meta = () => title('titleProjects');

export async function clientLoader() {
  await prime(projectPagesQuery(''));
  return null;
}

export default function Projects() {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const searched = useDebounced(search);
  // The previous search's cards stay while the next one loads: the list does not flash to placeholders per key.
  const projects = useInfiniteQuery({ ...projectPagesQuery(searched), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<Project | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const create = useCreateProject();
  const update = useUpdateProject();
  const remove = useDeleteProject();

  const shown = projects.data?.pages.flatMap((page) => page.items) ?? [];
  // The organization's figures, whatever the search: counted by the server over every project.
  const counts = projects.data?.pages[0]?.stats;
  const saving = editing === 'new' ? create : update;
  const refusal = useRefusal(saving.error, PROJECT_FIELDS);

  const openEditor = (project: Project | 'new') => {
    create.reset();
    update.reset();
    setEditing(project);
  };

  // A refusal stays in the open dialog, which shows it.
  const close = { onDone: () => setEditing(null) };
  const onSubmit = async (values: ProjectFormValues) => {
    if (editing === 'new') await create.run(values, close);
    else if (editing) await update.run({ project: editing, body: values }, close);
  };

  const onDelete = async () => {
    if (deleting) await remove.run(deleting, { onDone: () => setDeleting(null) });
  };

  const newButton = (
    <Button onClick={() => openEditor('new')}>
      <Plus aria-hidden />
      {intl.formatMessage(m.newProject)}
    </Button>
  );

  return (
    <div className={pageStack}>
      <ContentHeader
        title={intl.formatMessage(m.projectsTitle)}
        description={intl.formatMessage(m.projectsDescription)}
        actions={newButton}
      />
      {/* A failed list is not "0 projects": the list's error says what happened (the failed story showed zeros). */}
      {!projects.isError && (
        <ProjectStats
          counts={counts ?? { total: 0, withScenarios: 0, modifiedLast7Days: 0 }}
          loading={projects.isPending}
        />
      )}
      <div className={toolbar}>
        <SearchInput
          value={search}
          onValueChange={setSearch}
          aria-label={intl.formatMessage(m.searchProjects)}
          placeholder={intl.formatMessage(m.searchProjectsPlaceholder)}
        />
      </div>
      <section aria-label={intl.formatMessage(m.projectsList)}>
        <CollectionState
          loadingLabel={intl.formatMessage(m.loadingProjects)}
          loading={projects.isPending}
          error={projects.isError ? errorMessage(projects.error) : null}
          retryable={isRetryable(projects.error)}
          onRetry={() => void projects.refetch()}
          empty={counts?.total === 0}
          emptyIcon={<FolderPlus />}
          emptyTitle={intl.formatMessage(m.noProject)}
          emptyDescription={intl.formatMessage(m.noProjectDescription)}
          emptyAction={newButton}
          noResult={shown.length === 0}
          search={searched}
          onClearSearch={() => setSearch('')}
        >
          {shown.map((project) => (
            <ProjectCard
              key={project.id}
              project={project}
              href={`/app/projects/${project.id}`}
              onEdit={() => openEditor(project)}
              onDelete={() => {
                remove.reset();
                setDeleting(project);
              }}
            />
          ))}
        </CollectionState>
        <ShowMore pages={projects} />
      </section>
      {editing && (
        <ProjectDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          mode={editing === 'new' ? 'create' : 'edit'}
          defaultValues={editing === 'new' ? undefined : editing}
          pending={saving.isPending}
          error={refusal.rest}
          fieldErrors={refusal.fields}
          normalizeSite={normalizeSite}
          onSubmit={(values) => void onSubmit(values)}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          kind="project"
          name={deleting.name}
          pending={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() => void onDelete()}
        />
      )}
    </div>
  );
}
