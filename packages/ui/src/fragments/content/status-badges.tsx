import { css } from '@mulot/ui/styled-system/css';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Badge } from '../../components/badge/badge';
import * as Tooltip from '../../components/tooltip/tooltip';

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

const raised = css({ position: 'relative', zIndex: 'raised', cursor: 'help' });

/**
 * A status badge that explains its thresholds in a tooltip. The badge is a button so that a keyboard reaches the
 * explanation too; raised above a card's stretched link so that hovering it does not hover the card.
 */
function ExplainedBadge({
  colorPalette,
  status,
  label,
  thresholds,
}: {
  colorPalette: 'gray' | 'amber' | 'green';
  status: string;
  label: ReactNode;
  thresholds: ReactNode;
}) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <Badge asChild colorPalette={colorPalette} data-status={status} className={raised}>
          <button type="button">{label}</button>
        </Badge>
      </Tooltip.Trigger>
      <Tooltip.Content>{thresholds}</Tooltip.Content>
    </Tooltip.Root>
  );
}

const projectLabels = {
  preparing: <FormattedMessage id="content.projectStatus.preparing" defaultMessage="En préparation" />,
  developing: <FormattedMessage id="content.projectStatus.developing" defaultMessage="En développement" />,
  active: <FormattedMessage id="content.projectStatus.active" defaultMessage="Actif" />,
};
const projectPalettes = { preparing: 'gray', developing: 'amber', active: 'green' } as const;

export function ProjectStatusBadge({ scenarioCount }: { scenarioCount: number }) {
  const status = projectStatus(scenarioCount);
  return (
    <ExplainedBadge
      colorPalette={projectPalettes[status]}
      status={status}
      label={projectLabels[status]}
      thresholds={
        <FormattedMessage
          id="content.projectStatus.thresholds"
          defaultMessage="En préparation : aucun scénario. En développement : 1 à 3 scénarios. Actif : plus de 3 scénarios."
        />
      }
    />
  );
}

const categoryLabels = {
  empty: <FormattedMessage id="content.categoryStatus.empty" defaultMessage="Vide" />,
  inProgress: <FormattedMessage id="content.categoryStatus.inProgress" defaultMessage="En cours" />,
  active: <FormattedMessage id="content.categoryStatus.active" defaultMessage="Actif" />,
};
const categoryPalettes = { empty: 'gray', inProgress: 'amber', active: 'green' } as const;

export function CategoryStatusBadge({ scenarioCount }: { scenarioCount: number }) {
  const status = categoryStatus(scenarioCount);
  return (
    <ExplainedBadge
      colorPalette={categoryPalettes[status]}
      status={status}
      label={categoryLabels[status]}
      thresholds={
        <FormattedMessage
          id="content.categoryStatus.thresholds"
          defaultMessage="Vide : aucun scénario. En cours : 1 ou 2 scénarios. Actif : plus de 2 scénarios."
        />
      }
    />
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
