import type { Schemas } from '@mulot/api-client';
import { Button } from '@mulot/ui/components/button';
import { Card } from '@mulot/ui/components/card';
import {
  CollectionState,
  ContentBreadcrumb,
  ContentHeader,
  DeleteConfirmDialog,
  Duration,
  pageStack,
  RecordNotFound,
  ScenarioStatusBadge,
  StepCount,
} from '@mulot/ui/fragments/content';
import {
  ExtensionAbsentNotice,
  ExtensionLaunch,
  type LaunchMode,
  PrerequisitesEditor,
  type PrerequisiteValue,
  PublishPanel,
  StepList,
  type StepListItem,
} from '@mulot/ui/fragments/guide';
import { GuideStatistics, type StatisticsPeriod } from '@mulot/ui/fragments/statistics';
import { css } from '@mulot/ui/styled-system/css';
import { useQuery } from '@tanstack/react-query';
import { Clock, ListOrdered, Pencil, Play, SquarePen, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDeleteGuide, useGuideStatus, useSavePrerequisites } from '#app/features/scenarios/mutations.ts';
import {
  scenarioHealthQuery,
  scenarioQuery,
  siblingScenariosQuery,
  useScenarioStatistics,
} from '#app/features/scenarios/queries.ts';
import { errorMessage, isNotFound, isRetryable } from '#app/lib/api.ts';
import { prime, reportFailure } from '#app/lib/content.ts';
import { launchedMessage, contentMessages as m } from '#app/lib/content-messages.ts';
import { extensionInstalled, type LaunchTarget, launchExtension, launchProblem } from '#app/lib/extension.ts';
import { useExtensionInstall } from '#app/lib/extension-install.ts';
import { useStepScreenshots } from '#app/lib/health.ts';
import { title } from '#app/lib/title.ts';
import { toast } from '#app/lib/toast.ts';
import type { Route } from './+types/scenario';
import { ScenarioStartCard } from './scenario-start';

type Scenario = Schemas['Scenario'];

export const meta = () => title('titleScenario');

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  await prime(scenarioQuery(params.scenarioId));
  return null;
}

interface LaunchDialog {
  mode: LaunchMode;
  installed: boolean;
  error: string | null;
}

const sectionTitle = css({ textStyle: 'lg', fontWeight: 'semibold' });

export default function ScenarioPage({ params }: Route.ComponentProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const scenario = useQuery(scenarioQuery(params.scenarioId));
  const data = scenario.data;
  // Other guides of the category can be required first.
  const siblings = useQuery({
    ...siblingScenariosQuery({
      id: data?.category.project.id ?? params.id,
      categoryId: data?.category.id ?? '',
    }),
    enabled: Boolean(data),
  });
  const health = useQuery(scenarioHealthQuery(params.scenarioId));
  const healthOf = new Map(health.data?.steps.filter((s) => s.runs > 0).map((s) => [s.stepId, s.health]));
  const screenshots = useStepScreenshots(data?.id, data?.steps ?? []);
  const [days, setDays] = useState<StatisticsPeriod>(30);
  const statistics = useScenarioStatistics(params.scenarioId, days);
  const [deleting, setDeleting] = useState(false);
  const [launch, setLaunch] = useState<LaunchDialog | null>(null);
  // The extension marks the page at document start; checked after mount (nothing is prerendered here).
  const [installed, setInstalled] = useState(true);
  useEffect(() => setInstalled(extensionInstalled()), []);
  const install = useExtensionInstall();
  const remove = useDeleteGuide();
  const status = useGuideStatus();
  const prerequisites = useSavePrerequisites();

  const openLaunch = (mode: LaunchMode, scenarioData: Scenario) => {
    const noStep = mode === 'reader' && scenarioData.steps.length === 0;
    setLaunch({ mode, installed: extensionInstalled(), error: noStep ? intl.formatMessage(m.noStep) : null });
  };

  // Coming from the guide creation form: go on to the steps (spec §2), i.e. offer to open the creator, once.
  const wantsSteps = searchParams.has('steps');
  const offered = useRef(false);
  useEffect(() => {
    if (!data || !wantsSteps || offered.current) return;
    offered.current = true;
    setLaunch({ mode: 'creator', installed: extensionInstalled(), error: null });
    setSearchParams({}, { replace: true });
  }, [data, wantsSteps, setSearchParams]);

  const start = async (target: LaunchTarget) => {
    const problem = launchProblem(target);
    if (problem) {
      const message = {
        noUrl: data?.category.project.sites.length ? m.noStepUrl : m.noSite,
        noTarget: m.noLaunchTarget,
        noSession: m.noLaunchSession,
      }[problem];
      setLaunch((current) => current && { ...current, error: intl.formatMessage(message) });
      return;
    }
    setLaunch(null);
    toast({ title: intl.formatMessage(launchedMessage, { url: target.url }) });
    const result = await launchExtension(target);
    if (!result.ok) {
      reportFailure(intl, 'launch extension', result.error);
      toast({
        title: intl.formatMessage(m.launchFailed),
        description: result.error,
        variant: 'destructive',
      });
    }
  };

  // Spec §2: a step opens the creator at that step, on the step's page (else the project's first site).
  const onStep = (step: StepListItem) => {
    if (!data) return;
    const url = data.steps.find((s) => s.id === step.id)?.url || data.category.project.sites[0] || '';
    if (!extensionInstalled() || !url) {
      setLaunch({
        mode: 'creator',
        installed: extensionInstalled(),
        error: url ? null : intl.formatMessage(m.noStepUrl),
      });
      return;
    }
    void start({ mode: 'creator', url, scenarioId: data.id, stepId: step.id });
  };

  // Every change names the guide on screen, with its version: one changed meanwhile is reloaded, not overwritten.
  const onStatus = async (next: 'draft' | 'published') => {
    if (data) await status.run({ guide: data, status: next });
  };

  const onPrerequisites = async (list: PrerequisiteValue[]) => {
    if (data) await prerequisites.run({ guide: data, items: list });
  };

  const onDelete = async () => {
    if (!data) return;
    await remove.run(data, {
      // Its page is left before its cached copy is forgotten: nothing refetches a 404.
      onDone: async () => {
        setDeleting(false);
        await navigate(`/app/projects/${data.category.project.id}/categories/${data.category.id}`);
      },
      // What was confirmed is no longer what is saved: show the guide as it now is before any delete.
      onStale: () => setDeleting(false),
    });
  };

  if (isNotFound(scenario.error))
    return (
      <div className={pageStack}>
        <RecordNotFound kind="scenario" backHref={`/app/projects/${params.id}`} />
      </div>
    );

  if (!data)
    return (
      <div className={pageStack}>
        <CollectionState
          loadingLabel={intl.formatMessage(m.steps)}
          loading={scenario.isPending}
          error={scenario.isError ? intl.formatMessage(m.loadScenarioFailed) : null}
          retryable={isRetryable(scenario.error)}
          onRetry={() => void scenario.refetch()}
          empty={false}
          emptyTitle=""
          noResult={false}
        >
          {null}
        </CollectionState>
      </div>
    );

  const project = data.category.project;
  return (
    <div className={pageStack}>
      <ContentBreadcrumb
        items={[
          { label: intl.formatMessage(m.projectsTitle), href: '/app/projects' },
          { label: project.name, href: `/app/projects/${project.id}` },
          { label: data.category.name, href: `/app/projects/${project.id}/categories/${data.category.id}` },
          { label: data.title },
        ]}
      />
      <ContentHeader
        title={data.title}
        badge={<ScenarioStatusBadge status={data.status} />}
        meta={
          <>
            <span>
              <ListOrdered aria-hidden />
              <StepCount count={data.steps.length} />
            </span>
            <span>
              <Clock aria-hidden />
              <Duration min={data.minDuration} max={data.maxDuration} />
            </span>
          </>
        }
        actions={
          <>
            <Button
              variant="outline"
              colorPalette="red"
              onClick={() => {
                remove.reset();
                setDeleting(true);
              }}
            >
              <Trash2 aria-hidden />
              {intl.formatMessage(m.delete)}
            </Button>
            <Button variant="outline" asChild>
              <Link to={`/app/projects/${project.id}/scenarios/${data.id}/edit`}>
                <Pencil aria-hidden />
                {intl.formatMessage(m.edit)}
              </Link>
            </Button>
            <Button variant="outline" onClick={() => openLaunch('creator', data)}>
              <SquarePen aria-hidden />
              {intl.formatMessage(m.editSteps)}
            </Button>
            <Button onClick={() => openLaunch('reader', data)}>
              <Play aria-hidden />
              {intl.formatMessage(m.launch)}
            </Button>
          </>
        }
      />
      {/* Once the server said how to get the extension: the notice does not change its steps under the reader. */}
      {!installed && install !== undefined && <ExtensionAbsentNotice install={install} />}
      <PublishPanel
        status={data.status}
        blocker={
          data.steps.length === 0
            ? 'noStep'
            : data.steps.some((step) => !step.target)
              ? 'stepWithoutTarget'
              : null
        }
        pending={status.isPending}
        onStatusChange={(next) => void onStatus(next)}
      />
      <Card.Root>
        <Card.Header>
          <Card.Title>{intl.formatMessage(m.summary)}</Card.Title>
        </Card.Header>
        <Card.Body>
          <dl className={css({ display: 'grid', gap: '3', textStyle: 'sm' })}>
            <div>
              <dt className={css({ fontWeight: 'medium' })}>{intl.formatMessage(m.userDescription)}</dt>
              <dd className={css({ color: 'fg.muted', whiteSpace: 'pre-wrap' })}>{data.description}</dd>
            </div>
            <div>
              <dt className={css({ fontWeight: 'medium' })}>{intl.formatMessage(m.llmSummary)}</dt>
              <dd className={css({ color: 'fg.muted', whiteSpace: 'pre-wrap' })}>{data.summary}</dd>
            </div>
          </dl>
        </Card.Body>
      </Card.Root>
      <section className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <h2 className={sectionTitle}>{intl.formatMessage(m.steps)}</h2>
        {health.isError && (
          <p role="alert" className={css({ textStyle: 'sm', color: 'fg.error' })}>
            {intl.formatMessage(m.stepDetailsFailed)}
          </p>
        )}
        <StepList
          steps={data.steps.map((step) => ({
            ...step,
            health: healthOf.get(step.id),
            // what keeps the guide from being published, said on the step itself
            targetMissing: !step.target,
            screenshot: { src: screenshots.get(step.id) },
          }))}
          onSelect={onStep}
          emptyAction={
            <Button onClick={() => openLaunch('creator', data)}>
              <SquarePen aria-hidden />
              {intl.formatMessage(m.addSteps)}
            </Button>
          }
        />
      </section>
      <GuideStatistics
        days={days}
        onDaysChange={setDays}
        statistics={statistics.data}
        health={health.data?.steps}
        loading={statistics.isPending}
        refreshing={statistics.isPlaceholderData}
        error={statistics.isError ? errorMessage(statistics.error) : null}
        onRetry={isRetryable(statistics.error) ? () => void statistics.refetch() : undefined}
      />
      <PrerequisitesEditor
        key={data.version}
        defaultValue={data.prerequisites.map((p) => ({ text: p.text, scenarioId: p.scenarioId }))}
        scenarios={(siblings.data ?? []).filter((s) => s.id !== data.id)}
        pending={prerequisites.isPending}
        onSave={(list) => void onPrerequisites(list)}
      />
      <ScenarioStartCard scenario={data} />
      {launch && (
        <ExtensionLaunch
          open
          onOpenChange={(open) => !open && setLaunch(null)}
          mode={launch.mode}
          extensionInstalled={launch.installed}
          install={install}
          sites={project.sites}
          error={launch.error}
          onLaunch={(site) => void start({ mode: launch.mode, url: site, scenarioId: data.id })}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(false)}
          kind="scenario"
          name={data.title}
          pending={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() => void onDelete()}
        />
      )}
    </div>
  );
}
