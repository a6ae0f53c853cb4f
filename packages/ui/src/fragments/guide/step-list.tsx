import { css } from '@mulot/ui/styled-system/css';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state/empty-state';
import { type StepHealth, StepHealthBadge } from '../health/step-health-badge';

export interface StepListItem {
  id: string;
  position: number;
  name: string;
  text: string;
  /** shown as a badge when known (from the runs end users recorded) */
  health?: StepHealth;
}

export interface StepListProps {
  steps: StepListItem[];
  /** Choosing a step (e.g. to open the creator at that step). */
  onSelect: (step: StepListItem) => void;
  /** What an author does about no steps (open the creator), shown in the empty state as on every list. */
  emptyAction?: ReactNode;
}

const list = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none' });
const item = css({
  display: 'flex',
  alignItems: 'center',
  gap: '4',
  w: 'full',
  p: '4',
  textAlign: 'start',
  bg: 'bg.default',
  borderWidth: '1px',
  borderRadius: 'l2',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { focusRing: 'outside', focusRingColor: 'focusRing' },
  '& > svg': { w: '4', h: '4', color: 'fg.muted', flexShrink: '0' },
});
const number = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: '0',
  w: '8',
  h: '8',
  borderRadius: 'full',
  bg: 'primary.subtle.bg',
  color: 'primary.subtle.fg',
  fontWeight: 'semibold',
  textStyle: 'sm',
});
const texts = css({ display: 'flex', flexDirection: 'column', gap: '0.5', flex: '1', minW: '0' });

/** The scenario's steps in order, numbered; each opens where it can be edited. */
export function StepList({ steps, onSelect, emptyAction }: StepListProps) {
  const intl = useIntl();
  if (steps.length === 0)
    return (
      <EmptyState
        title={<FormattedMessage id="guide.steps.empty" defaultMessage="Ce guide ne contient aucune étape" />}
        action={emptyAction}
      />
    );
  return (
    <ol
      className={list}
      aria-label={intl.formatMessage({ id: 'guide.steps.label', defaultMessage: 'Étapes du guide' })}
    >
      {steps.map((step) => (
        <li key={step.id}>
          <button type="button" className={item} onClick={() => onSelect(step)}>
            <span className={number} aria-hidden="true">
              {step.position}
            </span>
            <span className={texts}>
              <span className={css({ fontWeight: 'medium' })}>
                <span className={css({ srOnly: true })}>
                  <FormattedMessage
                    id="guide.steps.number"
                    defaultMessage="Étape {position} :"
                    values={{ position: step.position }}
                  />{' '}
                </span>
                {step.name}
              </span>
              <span className={css({ textStyle: 'sm', color: 'fg.muted' })}>{step.text}</span>
            </span>
            {step.health && <StepHealthBadge health={step.health} />}
            <ChevronRight aria-hidden />
          </button>
        </li>
      ))}
    </ol>
  );
}
