import { css, cx } from '@mulot/ui/styled-system/css';
import { ArrowDown, ArrowUp, ChevronRight, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { IconButton } from '../../components/button/button';
import * as Dialog from '../../components/dialog/dialog';
import { EmptyState } from '../../components/empty-state/empty-state';
import { Skeleton } from '../../components/skeleton/skeleton';
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
  /**
   * Where recorded steps are reviewed (the back-office): the capture of the page taken with the step, as a
   * thumbnail that opens full size. `src` is undefined while it loads, null when the step has none.
   */
  screenshot?: { src: string | null | undefined };
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
const thumbnailBox = css({
  flexShrink: '0',
  alignSelf: 'center',
  w: '32',
  h: '20',
  borderRadius: 'l2',
  overflow: 'hidden',
});
const thumbnail = css({
  display: 'block',
  w: 'full',
  h: 'full',
  p: '0',
  borderWidth: '1px',
  borderRadius: 'l2',
  overflow: 'hidden',
  cursor: 'zoom-in',
  bg: 'bg.subtle',
  _focusVisible: { focusRing: 'outside', focusRingColor: 'focusRing' },
  '& img': { w: 'full', h: 'full', objectFit: 'cover', objectPosition: 'top' },
});
const noThumbnail = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: 'full',
  h: 'full',
  p: '1',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderRadius: 'l2',
  textAlign: 'center',
  textStyle: 'xs',
  lineHeight: 'tight',
  color: 'fg.muted',
});
const fullSize = css({ display: 'block', maxW: 'full', h: 'auto', borderWidth: '1px', borderRadius: 'l2' });

/** A step's capture as a thumbnail beside the step, opening full size. */
function StepThumbnail({ step, onOpen }: { step: StepListItem; onOpen: (step: StepListItem) => void }) {
  const intl = useIntl();
  const src = step.screenshot?.src;
  return (
    <span data-part="thumbnail" className={thumbnailBox}>
      {src === undefined ? (
        <Skeleton w="full" h="full" />
      ) : src === null ? (
        <span className={noThumbnail}>
          <FormattedMessage
            id="runner.noScreenshot"
            defaultMessage="Aucune capture d'écran associée à cette étape."
          />
        </span>
      ) : (
        <button
          type="button"
          className={thumbnail}
          aria-label={intl.formatMessage(
            { id: 'guide.steps.enlargeScreenshot', defaultMessage: "Agrandir la capture d'écran : {name}" },
            { name: step.name },
          )}
          onClick={() => onOpen(step)}
        >
          <img src={src} alt="" loading="lazy" decoding="async" />
        </button>
      )}
    </span>
  );
}

/** The scenario's steps in order, numbered; each opens where it can be edited. */
const withActions = css({ display: 'flex', alignItems: 'stretch', gap: '1' });
// On a phone a thumbnail beside the step left its text a few words per line: there it heads its step instead.
const withThumbnail = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'auto 1fr' },
  gridTemplateAreas: { base: '"thumbnail" "step"', sm: '"thumbnail step"' },
  alignItems: 'stretch',
  gap: '1',
  '& > [data-part=thumbnail]': { gridArea: 'thumbnail' },
  '& > [data-part=step]': { gridArea: 'step' },
  '& > [data-part=actions]': { gridArea: 'actions' },
});
const withThumbnailAndActions = css({
  gridTemplateColumns: { base: '1fr auto', sm: 'auto 1fr auto' },
  gridTemplateAreas: { base: '"thumbnail thumbnail" "step actions"', sm: '"thumbnail step actions"' },
});
const actions = css({ display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: '0.5' });

export function StepList({ steps, onSelect, emptyAction, onMove, onDelete }: StepListProps) {
  const intl = useIntl();
  const [enlarged, setEnlarged] = useState<StepListItem | null>(null);
  if (steps.length === 0)
    return (
      <EmptyState
        title={<FormattedMessage id="guide.steps.empty" defaultMessage="Ce guide ne contient aucune étape" />}
        action={emptyAction}
      />
    );
  const withThumbnails = steps.some((step) => step.screenshot);
  const hasActions = Boolean(onMove || onDelete);
  const row = withThumbnails
    ? cx(withThumbnail, hasActions && withThumbnailAndActions)
    : hasActions
      ? withActions
      : undefined;
  return (
    <>
      <ol
        className={list}
        aria-label={intl.formatMessage({ id: 'guide.steps.label', defaultMessage: 'Étapes du guide' })}
      >
        {steps.map((step, index) => (
          <li key={step.id} className={row}>
            {withThumbnails && <StepThumbnail step={step} onOpen={setEnlarged} />}
            <button type="button" data-part="step" className={item} onClick={() => onSelect(step)}>
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
            {hasActions && (
              <span data-part="actions" className={actions}>
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
      <Dialog.Root
        open={enlarged !== null}
        onOpenChange={(details) => !details.open && setEnlarged(null)}
        size="xl"
      >
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>
              <FormattedMessage
                id="guide.steps.screenshotTitle"
                defaultMessage="Étape {position} : {name}"
                values={{ position: enlarged?.position, name: enlarged?.name }}
              />
            </Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            {enlarged?.screenshot?.src && (
              <img
                src={enlarged.screenshot.src}
                alt={intl.formatMessage({
                  id: 'runner.step.screenshotAlt',
                  defaultMessage: "Capture d'écran de la page au moment de la capture",
                })}
                className={fullSize}
              />
            )}
          </Dialog.Body>
        </Dialog.Content>
      </Dialog.Root>
    </>
  );
}
