import { Grid } from '@mulot/ui/styled-system/jsx';
import { BookOpen, FolderKanban, PlayCircle, Users } from 'lucide-react';
import { useIntl } from 'react-intl';
import { StatCard } from './stat-card';

/** The organization's counts (openapi `DashboardCounts`). */
export interface DashboardCounts {
  projects: number;
  categories: number;
  scenarios: number;
  publishedScenarios: number;
  steps: number;
  members: number;
  guidesLaunched30d: number;
}

export interface DashboardStatsProps {
  counts?: DashboardCounts;
  loading?: boolean;
}

/** The dashboard's stat cards: projects, guides, launches over 30 days, members. */
export function DashboardStats({ counts, loading = false }: DashboardStatsProps) {
  const intl = useIntl();
  const busy = loading || !counts;
  return (
    // Two per row even on a phone (a compact card there): stacked full-width, the four cards filled the first
    // screen and pushed the dashboard's content below the fold.
    <Grid
      gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' }}
      gap={{ base: '3', sm: '4' }}
    >
      <StatCard
        loading={busy}
        icon={<FolderKanban />}
        label={intl.formatMessage({ id: 'dashboard.stats.projects', defaultMessage: 'Projets' })}
        value={counts?.projects}
        helpText={
          counts &&
          intl.formatMessage(
            {
              id: 'dashboard.stats.projects.help',
              defaultMessage: '{count, plural, =0 {Aucune catégorie} one {# catégorie} other {# catégories}}',
            },
            { count: counts.categories },
          )
        }
      />
      <StatCard
        loading={busy}
        icon={<BookOpen />}
        label={intl.formatMessage({ id: 'dashboard.stats.guides', defaultMessage: 'Guides' })}
        value={counts?.scenarios}
        helpText={
          counts &&
          intl.formatMessage(
            {
              id: 'dashboard.stats.guides.help',
              defaultMessage:
                '{published, plural, =0 {aucun publié} one {# publié} other {# publiés}}, {steps, plural, =0 {aucune étape} one {# étape} other {# étapes}}',
            },
            { published: counts.publishedScenarios, steps: counts.steps },
          )
        }
      />
      <StatCard
        loading={busy}
        icon={<PlayCircle />}
        label={intl.formatMessage({ id: 'dashboard.stats.launches', defaultMessage: 'Guides lancés' })}
        value={counts?.guidesLaunched30d}
        helpText={intl.formatMessage({ id: 'dashboard.stats.launches.help', defaultMessage: 'sur 30 jours' })}
      />
      <StatCard
        loading={busy}
        icon={<Users />}
        label={intl.formatMessage({ id: 'dashboard.stats.members', defaultMessage: 'Membres' })}
        value={counts?.members}
        helpText={intl.formatMessage({
          id: 'dashboard.stats.members.help',
          defaultMessage: "dans l'organisation",
        })}
      />
    </Grid>
  );
}
