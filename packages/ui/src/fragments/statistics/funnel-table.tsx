import { css } from '@mulot/ui/styled-system/css';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { findReasonMessages } from '../health/find-reasons';
import { StepHealthBadge } from '../health/step-health-badge';
import { share } from './figures';
import { muted, table } from './table-styles';
import type { FunnelStep, FunnelStepHealth } from './types';

export const funnelMessages = defineMessages({
  step: { id: 'statistics.funnel.step', defaultMessage: 'Étape' },
  steps: { id: 'statistics.funnel.steps', defaultMessage: 'Étapes' },
  reached: { id: 'statistics.funnel.reached', defaultMessage: "Ont atteint l'étape" },
  continued: { id: 'statistics.funnel.continued', defaultMessage: 'Ont continué' },
  left: { id: 'statistics.funnel.left', defaultMessage: 'Partis à cette étape' },
  health: { id: 'statistics.funnel.health', defaultMessage: 'Santé' },
});

export const stepNameMessage = defineMessage<{ position: number | string; name: string }>({
  id: 'statistics.funnel.stepName',
  defaultMessage: 'Étape {position} : {name}',
});

const outcomes = defineMessages({
  failing: { id: 'statistics.health.notFound', defaultMessage: 'Élément introuvable chez vos utilisateurs.' },
  degraded: { id: 'statistics.health.uncertain', defaultMessage: 'Élément trouvé avec peu de certitude.' },
  unmeasured: { id: 'statistics.health.unmeasured', defaultMessage: 'Non mesurée' },
});

/** A step's health: its badge, and for a failing or degraded one why, in the finder's words when it said. */
function HealthCell({ health }: { health: FunnelStepHealth | undefined }) {
  const intl = useIntl();
  // No run reached the step in the health's 30 days: "ok" would only mean "no failure".
  if (!health || health.runs === 0)
    return <span className={muted}>{intl.formatMessage(outcomes.unmeasured)}</span>;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'start', gap: '1' })}>
      <StepHealthBadge health={health.health} />{' '}
      {health.health !== 'ok' && (
        <span className={css({ textStyle: 'xs', color: 'fg.muted' })} data-health-reason="">
          {intl.formatMessage(
            health.lastReason ? findReasonMessages[health.lastReason] : outcomes[health.health],
          )}
        </span>
      )}
    </div>
  );
}

export interface FunnelTableProps {
  funnel: readonly FunnelStep[];
  started: number;
  health?: readonly FunnelStepHealth[];
  /** The heading naming the table. */
  labelledBy: string;
}

// On a narrow screen a fourth column would leave the step's name a word wide: its health goes under its name
// instead (one of the two is hidden, so assistive tech meets it once).
const healthColumn = css({ display: { base: 'none', lg: 'table-cell' } });
const healthUnderName = css({ display: { base: 'block', lg: 'none' }, mt: '1.5' });

/**
 * The funnel's figures, one row per step: who reached it (and their share of the runs started), who stopped
 * there, and the step's health beside them — what the chart draws, for screen readers and keyboard users too.
 */
export function FunnelTable({ funnel, started, health, labelledBy }: FunnelTableProps) {
  const intl = useIntl();
  const healthOf = new Map(health?.map((h) => [h.stepId, h]));
  const number = (value: number) => intl.formatNumber(value);
  const percent = (value: number | null) =>
    value === null ? '' : intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <table className={table} aria-labelledby={labelledBy} data-table="funnel">
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage(funnelMessages.step)}</th>
          <th scope="col" data-numeric="">
            {intl.formatMessage(funnelMessages.reached)}
          </th>
          <th scope="col" data-numeric="">
            {intl.formatMessage(funnelMessages.left)}
          </th>
          <th scope="col" className={healthColumn}>
            {intl.formatMessage(funnelMessages.health)}
          </th>
        </tr>
      </thead>
      <tbody>
        {funnel.map((step) => (
          <tr key={step.stepId} data-step={step.position}>
            <th scope="row" className={css({ overflowWrap: 'break-word' })}>
              {intl.formatMessage(stepNameMessage, { position: step.position, name: step.name })}
              <div className={healthUnderName}>
                <HealthCell health={healthOf.get(step.stepId)} />
              </div>
            </th>
            <td data-numeric="">
              {number(step.reached)}{' '}
              <span className={css({ display: 'block', textStyle: 'xs', color: 'fg.muted' })}>
                {percent(share(step.reached, started))}
              </span>
            </td>
            <td data-numeric="" className={step.left === 0 ? muted : undefined}>
              {number(step.left)}
            </td>
            <td className={healthColumn}>
              <HealthCell health={healthOf.get(step.stepId)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
