import type { Schemas } from '@mulot/api-client';
import {
  ActivityChart,
  DashboardStats,
  QuickActions,
  RecentProjects,
  TipOfTheDay,
  type UnansweredQuestion,
  UnansweredQuestions,
  Welcome,
} from '@mulot/ui/fragments/dashboard';
import { GuidesToRepair, type GuideToRepair, type RepairStep } from '@mulot/ui/fragments/health';
import { Grid, Stack } from '@mulot/ui/styled-system/jsx';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useClearUnansweredQuestions } from '#app/features/dashboard/mutations.ts';
import { QUESTION_DAYS, unansweredQuestionsQuery } from '#app/features/dashboard/queries.ts';
import { newGuidePlace } from '#app/features/projects/queries.ts';
import { errorMessage } from '#app/lib/api.ts';
import { reportFailure } from '#app/lib/content.ts';
import { launchedMessage, contentMessages as m } from '#app/lib/content-messages.ts';
import { extensionInstalled, launchExtension } from '#app/lib/extension.ts';
import { useGuidesToRepair } from '#app/lib/health.ts';
import { $api } from '#app/lib/query.ts';
import { useUser } from '#app/lib/session.ts';
import { title } from '#app/lib/title.ts';
import { toast } from '#app/lib/toast.ts';

export const meta = () => title('titleDashboard');

const messages = defineMessages({
  noCategory: {
    id: 'app.dashboard.questionNoCategory',
    defaultMessage: "Créez d'abord une catégorie : un guide est rangé dans l'une d'elles.",
  },
  placeFailed: {
    id: 'app.dashboard.questionPlaceFailed',
    defaultMessage: "Impossible d'ouvrir le formulaire du guide",
  },
});

/** Real figures of the current organization (GET /dashboard), never sample data. */
export default function Dashboard() {
  const user = useUser();
  const dashboard = $api.useQuery('get', '/dashboard');
  // The guides to repair come 20 at a time, the worst first; "Voir plus" asks for the page after the last one.
  const repairs = $api.useInfiniteQuery(
    'get',
    '/dashboard/guides-to-repair',
    {},
    {
      pageParamName: 'cursor',
      // null: no cursor sent, the first page
      initialPageParam: null,
      getNextPageParam: (page: Schemas['GuidesToRepairPage']) => page.next,
    },
  );
  const me = $api.useQuery('get', '/users/me');
  const questions = useQuery(unansweredQuestionsQuery);
  const clear = useClearUnansweredQuestions();
  const [clearOpen, setClearOpen] = useState(false);
  const navigate = useNavigate();
  const data = dashboard.data;
  const intl = useIntl();
  const toRepair = repairs.data?.pages.flatMap((page) => page.guides);
  const guides = useGuidesToRepair(toRepair);
  // The extension marks the page at document start; checked after mount (nothing is prerendered here).
  const [installed, setInstalled] = useState(false);
  useEffect(() => setInstalled(extensionInstalled()), []);

  // "Réparer": the creator at that step, on its page, capturing its target again straight away.
  const repair = async (guide: GuideToRepair, step: RepairStep) => {
    const url =
      step.url || toRepair?.find((g) => g.scenarioId === guide.scenarioId)?.category.project.sites[0];
    if (!url) return;
    toast({ title: intl.formatMessage(launchedMessage, { url }) });
    const result = await launchExtension({
      mode: 'creator',
      url,
      scenarioId: guide.scenarioId,
      stepId: step.stepId,
      recapture: true,
    });
    if (!result.ok) {
      reportFailure(intl, 'launch extension', result.error);
      toast({ title: intl.formatMessage(m.launchFailed), description: result.error, variant: 'destructive' });
    }
  };

  // "Créer un guide": the new-guide form of the question's project (else the first that can hold a guide), its
  // title the question; the form's own pickers change the project or category.
  const createGuide = async (question: UnansweredQuestion) => {
    try {
      const place = await newGuidePlace(question.projectId);
      if (place) {
        const search = new URLSearchParams({ title: question.text });
        await navigate(
          `/app/projects/${place.projectId}/categories/${place.categoryId}/scenarios/new?${search}`,
        );
        return;
      }
      toast({ title: intl.formatMessage(messages.noCategory) });
      await navigate(question.projectId ? `/app/projects/${question.projectId}` : '/app/projects');
    } catch (error) {
      toast({
        title: intl.formatMessage(messages.placeFailed),
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };

  return (
    <Stack gap="6">
      <Welcome firstname={user?.firstname} />
      {/* A failed GET /dashboard is said once, in the activity card: the figures it did not bring are not shown
          as loading forever, nor the projects as "Aucun projet pour le moment" (the failed story showed both). */}
      {!dashboard.isError && <DashboardStats counts={data?.counts} loading={dashboard.isPending} />}
      <ActivityChart
        activity={data?.activity ?? []}
        loading={dashboard.isPending}
        error={dashboard.error ? { message: errorMessage(dashboard.error) } : null}
      />
      {/* only when something broke: a healthy organization's dashboard stays as it was */}
      {guides.length > 0 && (
        <GuidesToRepair
          guides={guides}
          {...(installed ? { onRepair: (guide, step) => void repair(guide, step) } : {})}
          {...(repairs.hasNextPage
            ? { onMore: () => void repairs.fetchNextPage(), loadingMore: repairs.isFetchingNextPage }
            : {})}
        />
      )}
      <Grid gridTemplateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4" alignItems="start">
        <Stack gap="4" minW="0">
          {!dashboard.isError && (
            <RecentProjects projects={data?.recentProjects ?? []} loading={dashboard.isPending} />
          )}
          <UnansweredQuestions
            questions={questions.data?.items ?? []}
            days={questions.data?.days ?? QUESTION_DAYS}
            loading={questions.isPending}
            error={questions.error ? { message: errorMessage(questions.error) } : null}
            onCreateGuide={(question) => void createGuide(question)}
            canClear={me.data?.role === 'Admin'}
            clearOpen={clearOpen}
            onClearOpenChange={(open) => {
              if (open) clear.reset();
              setClearOpen(open);
            }}
            onClear={() => clear.mutate(undefined, { onSuccess: () => setClearOpen(false) })}
            clearing={clear.isPending}
            clearError={clear.error ? errorMessage(clear.error) : null}
          />
        </Stack>
        <Stack gap="4">
          <QuickActions canInvite={me.data?.role === 'Admin'} />
          <TipOfTheDay />
        </Stack>
      </Grid>
    </Stack>
  );
}
