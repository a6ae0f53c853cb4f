import { css } from '@mulot/ui/styled-system/css';
import { Box, Flex, Grid } from '@mulot/ui/styled-system/jsx';
import { ChartColumn, CircleCheck, Percent, PlayCircle, Timer, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useEffect, useId } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Button } from '../../components/button/button';
import * as Card from '../../components/card/card';
import { EmptyState } from '../../components/empty-state/empty-state';
import * as SegmentGroup from '../../components/segment-group/segment-group';
import { Skeleton } from '../../components/skeleton/skeleton';
import { StatCard } from '../dashboard/stat-card';
import { againstEstimate, formatSeconds } from './figures';
import { FUNNEL_HEIGHT } from './funnel-constants';
import { FunnelTable } from './funnel-table';
import { SourceTable } from './source-table';
import { sectionTitle } from './table-styles';
import { type FunnelStepHealth, type GuideStatisticsData, PERIODS, type StatisticsPeriod } from './types';

// The funnel's drawing (visx, as the dashboard's chart: ADR 0012) is fetched while the figures load, not before the
// guide's page can show; until it is in, its place keeps the chart's height.
const loadFunnelChart = () => import('./funnel-chart');
const FunnelChart = lazy(() => loadFunnelChart().then((module) => ({ default: module.FunnelChart })));

const m = defineMessages({
  title: { id: 'statistics.title', defaultMessage: 'Statistiques' },
  period: { id: 'statistics.period', defaultMessage: 'Période' },
  loading: { id: 'statistics.loading', defaultMessage: 'Chargement des statistiques...' },
  error: { id: 'statistics.error', defaultMessage: 'Impossible de charger les statistiques.' },
  retry: { id: 'statistics.retry', defaultMessage: 'Réessayer' },
  emptyTitle: { id: 'statistics.emptyTitle', defaultMessage: 'Aucune exécution sur cette période' },
  emptyDescription: {
    id: 'statistics.emptyDescription',
    defaultMessage: "Les chiffres s'afficheront dès qu'un membre ou un utilisateur lancera ce guide.",
  },
  started: { id: 'statistics.started', defaultMessage: 'Lancés' },
  completed: { id: 'statistics.completed', defaultMessage: 'Terminés' },
  rate: { id: 'statistics.rate', defaultMessage: 'Taux de complétion' },
  rateHelp: { id: 'statistics.rateHelp', defaultMessage: 'terminés sur lancés' },
  median: { id: 'statistics.median', defaultMessage: 'Durée médiane' },
  funnel: { id: 'statistics.funnel', defaultMessage: 'Entonnoir des étapes' },
  funnelDescription: {
    id: 'statistics.funnelDescription',
    defaultMessage: "Combien d'exécutions atteignent chaque étape, et à quelle étape elles s'arrêtent.",
  },
  noStep: { id: 'statistics.noStep', defaultMessage: "Ce guide ne contient pas d'étapes configurées." },
});

type Days = { days: number };
type Estimate = { min: number; max: number };

const description = defineMessage<Days>({
  id: 'statistics.description',
  defaultMessage:
    'Les exécutions de ce guide commencées ces {days} derniers jours, par vos membres et vos utilisateurs.',
});
const periodDays = defineMessage<Days>({ id: 'statistics.periodDays', defaultMessage: '{days} jours' });
const startedHelp = defineMessage<Days>({ id: 'statistics.startedHelp', defaultMessage: 'sur {days} jours' });
const abandoned = defineMessage<{ count: number }>({
  id: 'statistics.abandoned',
  defaultMessage: '{count, plural, =0 {aucun abandon} one {# abandon} other {# abandons}}',
});
const estimateOnly = defineMessage<Estimate>({
  id: 'statistics.estimate',
  defaultMessage: 'Estimation : {min}-{max} min',
});
/** The median duration against the guide's estimate. */
const verdicts = {
  within: defineMessage<Estimate>({
    id: 'statistics.within',
    defaultMessage: "Dans l'estimation ({min}-{max} min)",
  }),
  longer: defineMessage<Estimate>({
    id: 'statistics.longer',
    defaultMessage: "Plus longue que l'estimation ({min}-{max} min)",
  }),
  shorter: defineMessage<Estimate>({
    id: 'statistics.shorter',
    defaultMessage: "Plus courte que l'estimation ({min}-{max} min)",
  }),
};
const funnelSummary = defineMessage<{ started: number; completed: number; days: number }>({
  id: 'statistics.funnelSummary',
  defaultMessage:
    '{started, plural, one {# exécution lancée} other {# exécutions lancées}}, {completed, plural, =0 {aucune terminée} one {# terminée} other {# terminées}} sur {days} jours.',
});
const mostLeft = defineMessage<{ position: number; left: number }>({
  id: 'statistics.mostLeft',
  defaultMessage:
    "Le plus de départs : à l'étape {position} ({left, plural, one {# exécution} other {# exécutions}}).",
});

export interface GuideStatisticsProps {
  /** The chosen period, in days. */
  days: StatisticsPeriod;
  onDaysChange: (days: StatisticsPeriod) => void;
  /** The period's figures; absent until they first arrive. */
  statistics?: GuideStatisticsData;
  /** Each step's health (the last 30 days, whatever the period), shown beside its funnel row. */
  health?: readonly FunnelStepHealth[];
  /** Nothing to show yet. */
  loading?: boolean;
  /** The figures shown are another period's while the chosen one's arrive. */
  refreshing?: boolean;
  /** The figures could not be loaded (the reason, as the API worded it). */
  error?: string | null;
  /** Offered with the error, when trying again may help. */
  onRetry?: () => void;
  /** Fixed chart width (stories); the card's width otherwise. */
  chartWidth?: number;
}

const isPeriod = (value: number): value is StatisticsPeriod => (PERIODS as readonly number[]).includes(value);

/**
 * "Statistiques" on a guide's page (issue 42): for 7, 30 or 90 days, the runs started and completed, the
 * completion rate, the median duration against the guide's estimate, the runs by origin, and the step funnel — a
 * chart and its table, each step's health beside its row.
 */
export function GuideStatistics({
  days,
  onDaysChange,
  statistics,
  health,
  loading = false,
  refreshing = false,
  error,
  onRetry,
  chartWidth,
}: GuideStatisticsProps) {
  const intl = useIntl();
  const titleId = useId();
  const funnelId = useId();
  useEffect(() => {
    void loadFunnelChart();
  }, []);
  const busy = loading || refreshing;

  const body = () => {
    if (error)
      return (
        <div role="alert">
          <EmptyState
            icon={<TriangleAlert />}
            title={intl.formatMessage(m.error)}
            description={error}
            action={
              onRetry && (
                <Button variant="outline" onClick={onRetry}>
                  {intl.formatMessage(m.retry)}
                </Button>
              )
            }
          />
        </div>
      );
    if (loading || !statistics)
      return (
        <Flex direction="column" gap="4" role="status" aria-label={intl.formatMessage(m.loading)}>
          <Grid
            gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' }}
            gap="3"
          >
            <Skeleton h="24" />
            <Skeleton h="24" />
            <Skeleton h="24" />
            <Skeleton h="24" />
          </Grid>
          <Skeleton style={{ height: FUNNEL_HEIGHT }} />
        </Flex>
      );
    if (statistics.started === 0)
      return (
        <EmptyState
          icon={<ChartColumn />}
          title={intl.formatMessage(m.emptyTitle)}
          description={intl.formatMessage(m.emptyDescription)}
        />
      );
    return <Figures statistics={statistics} health={health} funnelId={funnelId} chartWidth={chartWidth} />;
  };

  return (
    <Card.Root asChild>
      {/* a region of the guide's page, named by its title */}
      <section aria-busy={busy || undefined} aria-labelledby={titleId} data-statistics="">
        <Card.Header>
          <Flex justifyContent="space-between" alignItems="start" gap="3" flexWrap="wrap">
            <Box minW="0" flexGrow="1" flexBasis="64">
              <Card.Title asChild>
                <h2 id={titleId}>{intl.formatMessage(m.title)}</h2>
              </Card.Title>
              <Card.Description>{intl.formatMessage(description, { days })}</Card.Description>
            </Box>
            <SegmentGroup.Root
              value={String(days)}
              onValueChange={({ value }) => {
                const next = Number(value);
                if (isPeriod(next)) onDaysChange(next);
              }}
            >
              <SegmentGroup.Label className={css({ srOnly: true })}>
                {intl.formatMessage(m.period)}
              </SegmentGroup.Label>
              {PERIODS.map((period) => (
                <SegmentGroup.Item key={period} value={String(period)}>
                  <SegmentGroup.ItemText>
                    {intl.formatMessage(periodDays, { days: period })}
                  </SegmentGroup.ItemText>
                  <SegmentGroup.ItemControl />
                  <SegmentGroup.ItemHiddenInput />
                </SegmentGroup.Item>
              ))}
            </SegmentGroup.Root>
          </Flex>
        </Card.Header>
        <Card.Body>{body()}</Card.Body>
      </section>
    </Card.Root>
  );
}

function Figures({
  statistics,
  health,
  funnelId,
  chartWidth,
}: {
  statistics: GuideStatisticsData;
  health?: readonly FunnelStepHealth[];
  funnelId: string;
  chartWidth?: number;
}) {
  const intl = useIntl();
  const { started, completed, completionRate, medianDuration, expectedDuration, days } = statistics;
  const estimate = { min: expectedDuration.min, max: expectedDuration.max };
  const percent = (value: number) => intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 0 });
  const most = statistics.funnel.reduce<(typeof statistics.funnel)[number] | null>(
    (most, step) => (step.left > (most?.left ?? 0) ? step : most),
    null,
  );
  const summary = [
    intl.formatMessage(funnelSummary, { started, completed, days }),
    most ? intl.formatMessage(mostLeft, { position: most.position, left: most.left }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Flex direction="column" gap="6">
      {/* Two per row even on a phone, as the dashboard's stat cards. */}
      <Grid
        gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' }}
        gap={{ base: '3', sm: '4' }}
      >
        <StatCard
          icon={<PlayCircle />}
          label={intl.formatMessage(m.started)}
          value={started}
          helpText={intl.formatMessage(startedHelp, { days })}
        />
        <StatCard
          icon={<CircleCheck />}
          label={intl.formatMessage(m.completed)}
          value={completed}
          helpText={intl.formatMessage(abandoned, { count: statistics.abandoned })}
        />
        <StatCard
          icon={<Percent />}
          label={intl.formatMessage(m.rate)}
          value={completionRate === null ? '—' : percent(completionRate)}
          helpText={intl.formatMessage(m.rateHelp)}
        />
        <StatCard
          icon={<Timer />}
          label={intl.formatMessage(m.median)}
          value={medianDuration === null ? '—' : formatSeconds(intl, medianDuration)}
          helpText={
            medianDuration === null
              ? intl.formatMessage(estimateOnly, estimate)
              : intl.formatMessage(verdicts[againstEstimate(medianDuration, estimate)], estimate)
          }
        />
      </Grid>
      <SourceTable bySource={statistics.bySource} />
      <Flex direction="column" gap="3">
        <div>
          <h3 id={funnelId} className={sectionTitle}>
            {intl.formatMessage(m.funnel)}
          </h3>
          <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>
            {intl.formatMessage(m.funnelDescription)}
          </p>
        </div>
        {statistics.funnel.length === 0 ? (
          <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>{intl.formatMessage(m.noStep)}</p>
        ) : (
          <>
            <Suspense
              fallback={<Box w="full" minW="0" style={{ minHeight: FUNNEL_HEIGHT, width: chartWidth }} />}
            >
              <FunnelChart funnel={statistics.funnel} label={summary} width={chartWidth} />
            </Suspense>
            <FunnelTable funnel={statistics.funnel} started={started} health={health} labelledBy={funnelId} />
          </>
        )}
      </Flex>
    </Flex>
  );
}
