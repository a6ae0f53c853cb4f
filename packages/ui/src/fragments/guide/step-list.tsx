import { css } from '@mulot/ui/styled-system/css';
import { ArrowDown, ArrowUp, ChevronRight, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { IconButton } from '../../components/button/button';
import { EmptyState } from '../../components/empty-state/empty-state';
import { type StepHealth, StepHealthBadge } from '../health/step-health-badge';

export interface StepListItem {
  id: string;
  position: number;
  name: string;
  text: string;
  /** shown as a badge when known (from the runs end users recorded) */
  health?: StepHealth;
  /** the step has no target on the page (said, since the player will show it unanchored) */
  targetMissing?: boolean;
}

export interface StepListProps {
  steps: StepListItem[];
  /** Choosing a step (e.g. to open the creator at that step). */
  onSelect: (step: StepListItem) => void;
  /** What an author does about no steps (open the creator), shown in the empty state as on every list. */
  emptyAction?: ReactNode;
  /** Where steps are edited in place (the extension's creator): move a step up (-1) or down (+1). */
  onMove?: (step: StepListItem, delta: -1 | 1) => void;
  /** Where steps are edited in place: delete a step (the caller confirms). */
  onDelete?: (step: StepListItem) => void;
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
const withActions = css({ display: 'flex', alignItems: 'stretch', gap: '1' });
const actions = css({ display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: '0.5' });

export function StepList({ steps, onSelect, emptyAction, onMove, onDelete }: StepListProps) {
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
      {steps.map((step, index) => (
        <li key={step.id} className={onMove || onDelete ? withActions : undefined}>
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
              {step.targetMissing && (
                <span className={css({ textStyle: 'xs', color: 'amber.subtle.fg' })}>
                  <FormattedMessage
                    id="runner.noTarget"
                    defaultMessage="Aucun élément cible défini pour cette étape."
                  />
                </span>
              )}
            </span>
            {step.health && <StepHealthBadge health={step.health} />}
            <ChevronRight aria-hidden />
          </button>
          {(onMove || onDelete) && (
            <span className={actions}>
              {onMove && (
                <>
                  <IconButton
                    size="xs"
                    variant="plain"
                    disabled={index === 0}
                    aria-label={intl.formatMessage(
                      { id: 'guide.steps.moveUp', defaultMessage: 'Monter : {name}' },
                      { name: step.name },
                    )}
                    onClick={() => onMove(step, -1)}
                  >
                    <ArrowUp aria-hidden />
                  </IconButton>
                  <IconButton
                    size="xs"
                    variant="plain"
                    disabled={index === steps.length - 1}
                    aria-label={intl.formatMessage(
                      { id: 'guide.steps.moveDown', defaultMessage: 'Descendre : {name}' },
                      { name: step.name },
                    )}
                    onClick={() => onMove(step, 1)}
                  >
                    <ArrowDown aria-hidden />
                  </IconButton>
                </>
              )}
              {onDelete && (
                <IconButton
                  size="xs"
                  variant="plain"
                  aria-label={intl.formatMessage(
                    { id: 'guide.steps.delete', defaultMessage: 'Supprimer : {name}' },
                    { name: step.name },
                  )}
                  onClick={() => onDelete(step)}
                >
                  <Trash2 aria-hidden />
                </IconButton>
              )}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
