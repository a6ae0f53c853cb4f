import { ContentBreadcrumb, ContentHeader, pageStack, RecordNotFound } from '@mulot/ui/fragments/content';
import { GuideForm, type GuideFormValues } from '@mulot/ui/fragments/guide';
import { css } from '@mulot/ui/styled-system/css';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { categoryQuery } from '#app/features/categories/queries.ts';
import { allProjectsQuery } from '#app/features/projects/queries.ts';
import { useCreateGuide } from '#app/features/scenarios/mutations.ts';
import { isNotFound, useRefusal } from '#app/lib/api.ts';
import { GUIDE_FIELDS, prime } from '#app/lib/content.ts';
import { contentMessages as m } from '#app/lib/content-messages.ts';
import { title } from '#app/lib/title.ts';
import type { Route } from './+types/scenario-new';

export const meta = () => title('titleScenarioNew');

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  await prime(allProjectsQuery, categoryQuery(params.id, params.categoryId));
  return null;
}

export default function ScenarioNew({ params }: Route.ComponentProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  // `?title=`: the dashboard's "Questions sans guide" opens the form with the question as the guide's title.
  const [search] = useSearchParams();
  const suggestedTitle = search.get('title')?.trim();
  const projects = useQuery(allProjectsQuery);
  const category = useQuery(categoryQuery(params.id, params.categoryId));
  const create = useCreateGuide();
  const refusal = useRefusal(create.error, GUIDE_FIELDS);

  const onSubmit = async ({ projectId, categoryId, ...body }: GuideFormValues) => {
    const scenario = await create.run({ category: { projectId, id: categoryId }, body });
    // Spec §2: creating goes on to the steps — the guide's page opens the creator.
    if (scenario) await navigate(`/app/projects/${projectId}/scenarios/${scenario.id}?steps=1`);
  };

  if (isNotFound(category.error))
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
          {
            label: category.data?.name ?? '',
            href: `/app/projects/${params.id}/categories/${params.categoryId}`,
          },
          { label: intl.formatMessage(m.newGuideTitle) },
        ]}
      />
      <ContentHeader
        title={intl.formatMessage(m.newGuideTitle)}
        description={intl.formatMessage(m.newGuideDescription)}
      />
      <div className={css({ maxW: '3xl' })}>
        {projects.data && (
          <GuideForm
            mode="create"
            // A guide is played on a site: projects without one are not offered.
            projects={projects.data
              .filter((p) => p.sites.length > 0)
              .map((p) => ({ id: p.id, name: p.name, categories: p.categories }))}
            defaultValues={{
              projectId: params.id,
              categoryId: params.categoryId,
              ...(suggestedTitle ? { title: suggestedTitle } : {}),
            }}
            pending={create.isPending}
            error={refusal.rest}
            fieldErrors={refusal.fields}
            onSubmit={(values) => void onSubmit(values)}
            onCancel={() => void navigate(`/app/projects/${params.id}/categories/${params.categoryId}`)}
          />
        )}
      </div>
    </div>
  );
}
