import { css } from '@mulot/ui/styled-system/css';
import { Calendar, Clock, FolderOpen, ListOrdered } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import * as Card from '../../components/card/card';
import { FragmentLink } from '../link/link';
import {
  ActionsMenu,
  Duration,
  metaRow,
  ScenarioCount,
  StepCount,
  stretchedLink,
  useShortDate,
} from './shared';
import {
  CategoryStatusBadge,
  ProjectStatusBadge,
  type ScenarioStatus,
  ScenarioStatusBadge,
} from './status-badges';

const header = css({
  flexDirection: 'row',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: '2',
});
const titleBlock = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '2',
  minW: '0',
});
const description = css({ textStyle: 'sm', color: 'fg.muted', lineClamp: '2' });
const meta = css({ display: 'inline-flex', alignItems: 'center', gap: '1', '& svg': { w: '4', h: '4' } });

interface CardActions {
  href: string;
  onEdit: () => void;
  onDelete: () => void;
}

export interface ProjectCardProps extends CardActions {
  project: {
    name: string;
    description: string;
    sites: string[];
    categoryCount: number;
    scenarioCount: number;
    updatedAt: string;
  };
}

/** The frame every content card shares: a title linking to the item, its badge, its menu and its meta line. */
function ContentCard({
  testId,
  name,
  description: text,
  badge,
  actions: { href, onEdit, onDelete },
  children,
}: {
  testId: string;
  name: string;
  description: string;
  badge: ReactNode;
  actions: CardActions;
  children: ReactNode;
}) {
  return (
    <Card.Root interactive data-testid={testId}>
      <Card.Header className={header}>
        <div className={titleBlock}>
          <Card.Title>
            <FragmentLink href={href} className={stretchedLink} title={name}>
              {name}
            </FragmentLink>
          </Card.Title>
          {badge}
        </div>
        <ActionsMenu name={name} onEdit={onEdit} onDelete={onDelete} />
      </Card.Header>
      <Card.Body>
        {text && <p className={description}>{text}</p>}
        <div className={metaRow}>{children}</div>
      </Card.Body>
    </Card.Root>
  );
}

export function ProjectCard({ project, href, onEdit, onDelete }: ProjectCardProps) {
  const date = useShortDate();
  return (
    <ContentCard
      testId="project-card"
      name={project.name}
      description={project.description}
      badge={<ProjectStatusBadge scenarioCount={project.scenarioCount} />}
      actions={{ href, onEdit, onDelete }}
    >
      <span className={meta}>
        <FolderOpen aria-hidden />
        <FormattedMessage
          id="content.projectCard.categories"
          defaultMessage="{count, plural, =0 {Aucune catégorie} one {# catégorie} other {# catégories}}"
          values={{ count: project.categoryCount }}
        />
      </span>
      <span className={meta}>
        <ListOrdered aria-hidden />
        <ScenarioCount count={project.scenarioCount} />
      </span>
      <span className={meta}>
        <Calendar aria-hidden />
        <FormattedMessage
          id="content.card.updatedAt"
          defaultMessage="Modifié le {date}"
          values={{ date: date(project.updatedAt) }}
        />
      </span>
    </ContentCard>
  );
}

export interface CategoryCardProps extends CardActions {
  category: { name: string; description: string; scenarioCount: number; createdAt: string };
}

export function CategoryCard({ category, href, onEdit, onDelete }: CategoryCardProps) {
  const date = useShortDate();
  return (
    <ContentCard
      testId="category-card"
      name={category.name}
      description={category.description}
      badge={<CategoryStatusBadge scenarioCount={category.scenarioCount} />}
      actions={{ href, onEdit, onDelete }}
    >
      <span className={meta}>
        <ListOrdered aria-hidden />
        <ScenarioCount count={category.scenarioCount} />
      </span>
      <span className={meta}>
        <Calendar aria-hidden />
        <FormattedMessage
          id="content.card.createdAt"
          defaultMessage="Créé le {date}"
          values={{ date: date(category.createdAt) }}
        />
      </span>
    </ContentCard>
  );
}

export interface ScenarioCardProps extends CardActions {
  scenario: {
    title: string;
    description: string;
    status: ScenarioStatus;
    stepCount: number;
    minDuration: number;
    maxDuration: number;
    createdAt: string;
  };
}

export function ScenarioCard({ scenario, href, onEdit, onDelete }: ScenarioCardProps) {
  const date = useShortDate();
  return (
    <ContentCard
      testId="scenario-card"
      name={scenario.title}
      description={scenario.description}
      badge={<ScenarioStatusBadge status={scenario.status} />}
      actions={{ href, onEdit, onDelete }}
    >
      <span className={meta}>
        <ListOrdered aria-hidden />
        <StepCount count={scenario.stepCount} />
      </span>
      <span className={meta}>
        <Clock aria-hidden />
        <Duration min={scenario.minDuration} max={scenario.maxDuration} />
      </span>
      <span className={meta}>
        <Calendar aria-hidden />
        <FormattedMessage
          id="content.card.createdAt"
          defaultMessage="Créé le {date}"
          values={{ date: date(scenario.createdAt) }}
        />
      </span>
    </ContentCard>
  );
}
