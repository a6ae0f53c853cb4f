import { ContentBreadcrumb, ContentHeader, pageStack, RecordNotFound } from '@mulot/ui/fragments/content';
import { GuideForm, type GuideFormValues } from '@mulot/ui/fragments/guide';
import { css } from '@mulot/ui/styled-system/css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useUpdateGuide } from '#app/features/scenarios/mutations.ts';
import { scenarioQuery } from '#app/features/scenarios/queries.ts';
import { isNotFound, useRefusal } from '#app/lib/api.ts';
import { GUIDE_FIELDS, prime } from '#app/lib/content.ts';
import { contentMessages as m } from '#app/lib/content-messages.ts';
import { title } from '#app/lib/title.ts';
import type { Route } from './+types/scenario-edit';

export const meta = () => title('titleScenarioEdit');

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  await prime(scenarioQuery(params.scenarioId));
  return null;
}

export default function ScenarioEdit({ params }: Route.ComponentProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const scenario = useQuery(scenarioQuery(params.scenarioId));
  const update = useUpdateGuide();
  const refusal = useRefusal(update.error, GUIDE_FIELDS);
  const data = scenario.data;
  // Set when the save was refused because someone else saved first: stays on screen over the reloaded form.
  const [stale, setStale] = useState(false);
  const scenarioHref = `/app/projects/${params.id}/scenarios/${params.scenarioId}`;

  const onSubmit = async ({ projectId: _project, categoryId: _category, ...body }: GuideFormValues) => {
    if (!data) return;
    setStale(false);
    const saved = await update.run(
      { guide: data, body },
      {
        onStale: () => {
          update.reset();
          setStale(true);
        },
      },
    );
    if (saved) await navigate(scenarioHref);
  };

  if (isNotFound(scenario.error))
    return (
      <div className={pageStack}>
        <RecordNotFound kind="scenario" backHref={`/app/projects/${params.id}`} />
      </div>
    );

  return (
    <div className={pageStack}>
      <ContentBreadcrumb
        items={[
          { label: intl.formatMessage(m.projectsTitle), href: '/app/projects' },
          { label: data?.category.project.name ?? '', href: `/app/projects/${params.id}` },
          {
            label: data?.category.name ?? '',
            href: data ? `/app/projects/${params.id}/categories/${data.category.id}` : undefined,
          },
          { label: data?.title ?? '', href: scenarioHref },
          { label: intl.formatMessage(m.editGuideTitle) },
        ]}
      />
      <ContentHeader title={intl.formatMessage(m.editGuideTitle)} />
      {scenario.isError && (
        <p role="alert" className={css({ color: 'fg.error' })}>
          {intl.formatMessage(m.loadScenarioFailed)}
        </p>
      )}
      <div className={css({ maxW: '3xl' })}>
        {data && (
          <GuideForm
            // A new version (reloaded after a refused save) starts the form again from the saved values.
            key={data.version}
            mode="edit"
            projects={[
              {
                id: data.category.project.id,
                name: data.category.project.name,
                categories: [{ id: data.category.id, name: data.category.name }],
              },
            ]}
            defaultValues={{ ...data, projectId: data.category.project.id, categoryId: data.category.id }}
            pending={update.isPending}
            error={
              stale
                ? `${intl.formatMessage(m.staleGuide)} ${intl.formatMessage(m.staleGuideReloaded)}`
                : refusal.rest
            }
            fieldErrors={refusal.fields}
            onSubmit={(values) => void onSubmit(values)}
            onCancel={() => void navigate(scenarioHref)}
          />
        )}
      </div>
    </div>
  );
}
