import type { Schemas } from '@mulot/api-client';
import { Button } from '@mulot/ui/components/button';
import { SearchInput } from '@mulot/ui/components/search-input';
import {
  CategoryStats,
  CategoryStatusBadge,
  CollectionState,
  ContentBreadcrumb,
  ContentHeader,
  DeleteConfirmDialog,
  pageStack,
  RecordNotFound,
  ScenarioCard,
  toolbar,
} from '@mulot/ui/fragments/content';
import { css } from '@mulot/ui/styled-system/css';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FilePlus, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useDeleteCategory } from '#app/features/categories/mutations.ts';
import { categoryQuery } from '#app/features/categories/queries.ts';
import { useDeleteGuide } from '#app/features/scenarios/mutations.ts';
import { scenarioPagesQuery } from '#app/features/scenarios/queries.ts';
import { errorMessage, isNotFound, isRetryable } from '#app/lib/api.ts';
import { prime } from '#app/lib/content.ts';
import { contentMessages as m } from '#app/lib/content-messages.ts';
import { ShowMore, useDebounced } from '#app/lib/paged-list.tsx';
import { title } from '#app/lib/title.ts';
import type { Route } from './+types/category';

type Scenario = Schemas['ScenarioSummary'];

export const meta = () => title('titleCategory');

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const path = { id: params.id, categoryId: params.categoryId };
  await prime(categoryQuery(params.id, params.categoryId), scenarioPagesQuery(path, ''));
  return null;
}

export default function Category({ params }: Route.ComponentProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const hintId = useId();
  const category = useQuery(categoryQuery(params.id, params.categoryId));
  const [search, setSearch] = useState('');
  const searched = useDebounced(search);
  const guides = useInfiniteQuery({
    ...scenarioPagesQuery({ id: params.id, categoryId: params.categoryId }, searched),
    placeholderData: keepPreviousData,
  });
  const [deletingCategory, setDeletingCategory] = useState(false);
  const [deleting, setDeleting] = useState<Scenario | null>(null);
  const removeCategory = useDeleteCategory();
  const remove = useDeleteGuide();

  const shown = guides.data?.pages.flatMap((page) => page.items) ?? [];
  // Spec §2: a guide is played on one of the project's sites, so none can be created without one.
  const hasSite = (category.data?.project.sites.length ?? 0) > 0;
  const newGuideHref = `/app/projects/${params.id}/categories/${params.categoryId}/scenarios/new`;

  // Its page is left before its cached copy is forgotten: nothing refetches a 404.
  const onDeleteCategory = async () => {
    await removeCategory.run(
      { projectId: params.id, id: params.categoryId },
      {
        onDone: async () => {
          setDeletingCategory(false);
          await navigate(`/app/projects/${params.id}`);
        },
      },
    );
  };

  // The guide as listed, with its version: one changed meanwhile is reloaded, not deleted unseen.
  const onDelete = async () => {
    if (!deleting) return;
    const close = () => setDeleting(null);
    await remove.run(deleting, { onDone: close, onStale: close });
  };

  const newButton = hasSite ? (
    <Button asChild>
      <Link to={newGuideHref}>
        <Plus aria-hidden />
        {intl.formatMessage(m.newGuide)}
      </Link>
    </Button>
  ) : (
    <Button disabled aria-describedby={category.data ? hintId : undefined}>
      <Plus aria-hidden />
      {intl.formatMessage(m.newGuide)}
    </Button>
  );

  if (isNotFound(category.error) || isNotFound(guides.error))
    return (
      <div className={pageStack}>
        <RecordNotFound kind="category" backHref={`/app/projects/${params.id}`} />
      </div>
    );

  return (
    <div className={pageStack}>
      <ContentBreadcrumb
        items={[
          { label: intl.formatMessage(m.projectsTitle), href: '/app/projects' },
          { label: category.data?.project.name ?? '', href: `/app/projects/${params.id}` },
          { label: category.data?.name ?? '' },
        ]}
      />
      <ContentHeader
        title={category.data?.name ?? ''}
        badge={category.data && <CategoryStatusBadge scenarioCount={category.data.scenarioCount} />}
        description={category.data?.description || undefined}
        meta={
          category.data &&
          !hasSite && (
            <span id={hintId} className={css({ color: 'fg.default' })}>
              {intl.formatMessage(m.newGuideNeedsSite)}
            </span>
          )
        }
        actions={
          <>
            <Button
              variant="outline"
              colorPalette="red"
              disabled={!category.data}
              onClick={() => {
                removeCategory.reset();
                setDeletingCategory(true);
              }}
            >
              <Trash2 aria-hidden />
              {intl.formatMessage(m.deleteCategory)}
            </Button>
            {newButton}
          </>
        }
      />
      {!category.isError && (
        <CategoryStats
          category={category.data ?? { scenarioCount: 0, publishedCount: 0 }}
          loading={category.isPending}
        />
      )}
      <div className={toolbar}>
        <SearchInput
          value={search}
          onValueChange={setSearch}
          aria-label={intl.formatMessage(m.searchGuides)}
          placeholder={intl.formatMessage(m.searchGuides)}
        />
      </div>
      <CollectionState
        loadingLabel={intl.formatMessage(m.loadingGuides)}
        loading={category.isPending || guides.isPending}
        error={
          category.isError ? errorMessage(category.error) : guides.isError ? errorMessage(guides.error) : null
        }
        retryable={isRetryable(category.error ?? guides.error)}
        onRetry={() => void (category.isError ? category.refetch() : guides.refetch())}
        empty={category.data?.scenarioCount === 0}
        emptyIcon={<FilePlus />}
        emptyTitle={intl.formatMessage(m.noGuide)}
        emptyDescription={intl.formatMessage(m.noGuideDescription)}
        emptyAction={newButton}
        noResult={shown.length === 0}
        search={searched}
        onClearSearch={() => setSearch('')}
      >
        {shown.map((scenario) => (
          <ScenarioCard
            key={scenario.id}
            scenario={scenario}
            href={`/app/projects/${params.id}/scenarios/${scenario.id}`}
            onEdit={() => void navigate(`/app/projects/${params.id}/scenarios/${scenario.id}/edit`)}
            onDelete={() => {
              remove.reset();
              setDeleting(scenario);
            }}
          />
        ))}
      </CollectionState>
      <ShowMore pages={guides} />
      {deletingCategory && category.data && (
        <DeleteConfirmDialog
          open
          onOpenChange={(open) => !open && setDeletingCategory(false)}
          kind="category"
          name={category.data.name}
          pending={removeCategory.isPending}
          error={removeCategory.error ? errorMessage(removeCategory.error) : null}
          onConfirm={() => void onDeleteCategory()}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          kind="scenario"
          name={deleting.title}
          pending={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() => void onDelete()}
        />
      )}
    </div>
  );
}
