import { FormattedMessage } from 'react-intl';
import { Badge } from '../../components/badge/badge';

/** Spec §4: a project is "in preparation" with no scenario, "in development" up to 3, then "active". */
export type ProjectStatus = 'preparing' | 'developing' | 'active';
export function projectStatus(scenarioCount: number): ProjectStatus {
  if (scenarioCount <= 0) return 'preparing';
  if (scenarioCount <= 3) return 'developing';
  return 'active';
}

/** Spec §4: a category is "empty" with no scenario, "in progress" up to 2, then "active". */
export type CategoryStatus = 'empty' | 'inProgress' | 'active';
export function categoryStatus(scenarioCount: number): CategoryStatus {
  if (scenarioCount <= 0) return 'empty';
  if (scenarioCount <= 2) return 'inProgress';
  return 'active';
}

export function ProjectStatusBadge({ scenarioCount }: { scenarioCount: number }) {
  const status = projectStatus(scenarioCount);
  if (status === 'preparing')
    return (
      <Badge colorPalette="gray" data-status={status}>
        <FormattedMessage id="content.projectStatus.preparing" defaultMessage="En préparation" />
      </Badge>
    );
  if (status === 'developing')
    return (
      <Badge colorPalette="amber" data-status={status}>
        <FormattedMessage id="content.projectStatus.developing" defaultMessage="En développement" />
      </Badge>
    );
  return (
    <Badge colorPalette="green" data-status={status}>
      <FormattedMessage id="content.projectStatus.active" defaultMessage="Actif" />
    </Badge>
  );
}

export function CategoryStatusBadge({ scenarioCount }: { scenarioCount: number }) {
  const status = categoryStatus(scenarioCount);
  if (status === 'empty')
    return (
      <Badge colorPalette="gray" data-status={status}>
        <FormattedMessage id="content.categoryStatus.empty" defaultMessage="Vide" />
      </Badge>
    );
  if (status === 'inProgress')
    return (
      <Badge colorPalette="amber" data-status={status}>
        <FormattedMessage id="content.categoryStatus.inProgress" defaultMessage="En cours" />
      </Badge>
    );
  return (
    <Badge colorPalette="green" data-status={status}>
      <FormattedMessage id="content.categoryStatus.active" defaultMessage="Actif" />
    </Badge>
  );
}

export type ScenarioStatus = 'draft' | 'published';

export function ScenarioStatusBadge({ status }: { status: ScenarioStatus }) {
  return status === 'published' ? (
    <Badge colorPalette="green" data-status={status}>
      <FormattedMessage id="content.scenarioStatus.published" defaultMessage="Publié" />
    </Badge>
  ) : (
    <Badge colorPalette="gray" data-status={status}>
      <FormattedMessage id="content.scenarioStatus.draft" defaultMessage="Brouillon" />
    </Badge>
  );
}
