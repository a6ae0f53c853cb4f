import { css } from '@mulot/ui/styled-system/css';
import { CalendarClock, FileCheck, FilePen, Folder, FolderCheck, Layers, ListOrdered } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Skeleton } from '../../components/skeleton/skeleton';

const row = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' },
  gap: '4',
});
const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '5',
  bg: 'bg.default',
  borderWidth: '1px',
  borderRadius: 'l3',
  boxShadow: 'xs',
});
const label = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '4',
  textStyle: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
});
const value = css({ textStyle: '2xl', fontWeight: 'bold' });
const icon = css({ color: 'fg.muted', '& svg': { w: '5', h: '5' } });

interface Stat {
  key: string;
  label: ReactNode;
  value: number;
  icon: ReactNode;
}

/** Three figures above a list (spec §2); while loading, the figures are placeholders and the row is busy. */
function StatRow({ stats, loading, label: name }: { stats: Stat[]; loading?: boolean; label: string }) {
  return (
    <dl className={row} aria-label={name} aria-busy={loading || undefined}>
      {stats.map((stat) => (
        <div key={stat.key} className={card}>
          <dt className={label}>
            {stat.label}
            <span className={icon} aria-hidden="true">
              {stat.icon}
            </span>
          </dt>
          <dd className={value}>{loading ? <Skeleton h="8" w="12" /> : stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Spec §9: "recently modified" means within the last 7 days before `now`. */
export function modifiedWithinWeek(updatedAt: string, now: Date = new Date()): boolean {
  const time = Date.parse(updatedAt);
  return Number.isFinite(time) && now.getTime() - time <= WEEK_MS;
}

export interface ProjectCounts {
  total: number;
  withScenarios: number;
  modifiedLast7Days: number;
}

export type ProjectStatsProps = {
  loading?: boolean;
} & (
  | {
      /** Every project, counted here. */
      projects: { scenarioCount: number; updatedAt: string }[];
      /** The reference time of "the last 7 days" (tests pin it). */
      now?: Date;
    }
  | {
      /** Counted by the server, when the screen holds only a page of the projects. */
      counts: ProjectCounts;
    }
);

function countProjects(props: ProjectStatsProps): ProjectCounts {
  if ('counts' in props) return props.counts;
  const { projects, now } = props;
  return {
    total: projects.length,
    withScenarios: projects.filter((p) => p.scenarioCount > 0).length,
    modifiedLast7Days: projects.filter((p) => modifiedWithinWeek(p.updatedAt, now)).length,
  };
}

export function ProjectStats(props: ProjectStatsProps) {
  const intl = useIntl();
  const counts = countProjects(props);
  return (
    <StatRow
      loading={props.loading}
      label={intl.formatMessage({
        id: 'content.projectStats.label',
        defaultMessage: 'Statistiques des projets',
      })}
      stats={[
        {
          key: 'total',
          label: <FormattedMessage id="content.projectStats.total" defaultMessage="Total des projets" />,
          value: counts.total,
          icon: <Folder />,
        },
        {
          key: 'withScenarios',
          label: <FormattedMessage id="content.projectStats.withScenarios" defaultMessage="Avec scénarios" />,
          value: counts.withScenarios,
          icon: <FolderCheck />,
        },
        {
          key: 'recent',
          label: (
            <FormattedMessage
              id="content.projectStats.recent"
              defaultMessage="Modifiés ces 7 derniers jours"
            />
          ),
          value: counts.modifiedLast7Days,
          icon: <CalendarClock />,
        },
      ]}
    />
  );
}

export interface ProjectDetailStatsProps {
  categories: { scenarioCount: number }[];
  loading?: boolean;
}

export function ProjectDetailStats({ categories, loading }: ProjectDetailStatsProps) {
  const intl = useIntl();
  return (
    <StatRow
      loading={loading}
      label={intl.formatMessage({
        id: 'content.projectDetailStats.label',
        defaultMessage: 'Statistiques du projet',
      })}
      stats={[
        {
          key: 'categories',
          label: <FormattedMessage id="content.projectDetailStats.categories" defaultMessage="Catégories" />,
          value: categories.length,
          icon: <Layers />,
        },
        {
          key: 'scenarios',
          label: (
            <FormattedMessage
              id="content.projectDetailStats.scenarios"
              defaultMessage="Total des scénarios"
            />
          ),
          value: categories.reduce((sum, c) => sum + c.scenarioCount, 0),
          icon: <ListOrdered />,
        },
        {
          key: 'withContent',
          label: (
            <FormattedMessage
              id="content.projectDetailStats.withContent"
              defaultMessage="Catégories avec contenu"
            />
          ),
          value: categories.filter((c) => c.scenarioCount > 0).length,
          icon: <FolderCheck />,
        },
      ]}
    />
  );
}

export interface CategoryStatsProps {
  /** The category's counts (the server's: its guides are listed a page at a time). */
  category: { scenarioCount: number; publishedCount: number };
  loading?: boolean;
}

export function CategoryStats({ category, loading }: CategoryStatsProps) {
  const intl = useIntl();
  const { scenarioCount: total, publishedCount: published } = category;
  return (
    <StatRow
      loading={loading}
      label={intl.formatMessage({
        id: 'content.categoryStats.label',
        defaultMessage: 'Statistiques de la catégorie',
      })}
      stats={[
        {
          key: 'total',
          label: <FormattedMessage id="content.categoryStats.total" defaultMessage="Total des guides" />,
          value: total,
          icon: <ListOrdered />,
        },
        {
          key: 'published',
          label: <FormattedMessage id="content.categoryStats.published" defaultMessage="Publiés" />,
          value: published,
          icon: <FileCheck />,
        },
        {
          key: 'draft',
          label: <FormattedMessage id="content.categoryStats.draft" defaultMessage="Brouillons" />,
          value: total - published,
          icon: <FilePen />,
        },
      ]}
    />
  );
}
