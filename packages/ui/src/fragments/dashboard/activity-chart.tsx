import { Box, styled } from '@mulot/ui/styled-system/jsx';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import * as Card from '../../components/card/card';
import { Skeleton } from '../../components/skeleton/skeleton';
import { CHART_CONTAINER_HEIGHT, CHART_HEIGHT } from './chart-constants';

// The chart's code (visx's xychart and legend, 37 kB gzip: ADR 0012) is fetched while the dashboard's data loads, not before the page can show; until
// it is in, the chart's box holds the 300 px the measured chart's container has before it is drawn.
const loadLineChart = () => import('./line-chart');
const LineChart = lazy(() => loadLineChart().then((module) => ({ default: module.LineChart })));

/** One UTC day of activity (openapi `ActivityDay`). */
export interface ActivityDay {
  /** YYYY-MM-DD, UTC. */
  date: string;
  projectsCreated: number;
  guidesLaunched: number;
}

export interface ActivityChartProps {
  /** The last 30 days, oldest first. */
  activity: readonly ActivityDay[];
  loading?: boolean;
  error?: { message?: string } | null;
  /** Fixed width (stories); the card's width otherwise. */
  width?: number;
}

const Summary = styled('p');

/** "Activité des 30 derniers jours": projects created and guides launched per day (spec §2 Dashboard). */
export function ActivityChart({ activity, loading = false, error, width }: ActivityChartProps) {
  const intl = useIntl();
  useEffect(() => {
    void loadLineChart();
  }, []);
  const series = useMemo(
    () => [
      {
        key: 'projectsCreated',
        label: intl.formatMessage({ id: 'dashboard.activity.projects', defaultMessage: 'Projets créés' }),
      },
      {
        key: 'guidesLaunched',
        label: intl.formatMessage({ id: 'dashboard.activity.guides', defaultMessage: 'Guides lancés' }),
      },
    ],
    [intl],
  );
  const totals = activity.reduce(
    (sum, day) => ({ projects: sum.projects + day.projectsCreated, guides: sum.guides + day.guidesLaunched }),
    { projects: 0, guides: 0 },
  );
  const summary = intl.formatMessage(
    {
      id: 'dashboard.activity.summary',
      defaultMessage:
        '{projects, plural, =0 {Aucun projet créé} one {# projet créé} other {# projets créés}} et {guides, plural, =0 {aucun guide lancé} one {# guide lancé} other {# guides lancés}} sur 30 jours.',
    },
    totals,
  );
  const formatDay = (date: string) =>
    intl.formatDate(`${date}T00:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' });

  return (
    <Card.Root aria-busy={loading || undefined}>
      <Card.Header>
        <Card.Title asChild>
          <h2>
            {intl.formatMessage({
              id: 'dashboard.activity.title',
              defaultMessage: 'Activité des 30 derniers jours',
            })}
          </h2>
        </Card.Title>
        {!loading && !error && <Card.Description>{summary}</Card.Description>}
      </Card.Header>
      <Card.Body>
        {loading ? (
          <Skeleton h="96" />
        ) : error ? (
          <Summary role="alert" color="fg.error" textStyle="sm" minH="24">
            {intl.formatMessage({
              id: 'dashboard.activity.error',
              defaultMessage: "Impossible de charger l'activité.",
            })}{' '}
            {error.message}
          </Summary>
        ) : (
          <Suspense fallback={<Box w="full" minW="0" style={{ minHeight: CHART_CONTAINER_HEIGHT, width }} />}>
            <LineChart
              data={activity as unknown as Array<Record<string, string | number>>}
              index="date"
              series={series}
              formatIndex={formatDay}
              label={summary}
              width={width}
            />
          </Suspense>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export { CHART_HEIGHT };
