'use client';
import { Toast as Ark, Toaster as ArkToaster, createToaster } from '@ark-ui/react/toast';
import { styled } from '@mulot/ui/styled-system/jsx';
import { toast as toastRecipe } from '@mulot/ui/styled-system/recipes';
import { token } from '@mulot/ui/styled-system/tokens';
import { X } from 'lucide-react';
import { type PointerEvent, useRef } from 'react';
import { useIntl } from 'react-intl';

/** Product rules (spec §9): one toast visible, 5000 ms by default, swipe 50 px right to dismiss, F8. */
export const TOAST_DURATION_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

// Zag wants the gap in pixels: derived from the spacing token (rem) rather than written by hand.
const remToPx = (rem: string) => Number.parseFloat(rem) * 16;

/** The toast store of the app; render `<Toaster />` once near the root. */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: TOAST_DURATION_MS,
  hotkey: ['F8'],
  overlap: false,
  gap: remToPx(token('spacing.3')),
  offsets: token('spacing.4'),
});

/** Shows a toast; a toast already on screen is replaced by the new one (never queued behind it). */
export function toast({ title, description, variant = 'default', duration }: ToastOptions) {
  toaster.remove();
  return toaster.create({
    title,
    description,
    type: variant === 'destructive' ? 'error' : 'info',
    duration: duration ?? TOAST_DURATION_MS,
    meta: { variant },
  });
}

const Root = styled(Ark.Root);
const Title = styled(Ark.Title);
const Description = styled(Ark.Description);
const CloseTrigger = styled(Ark.CloseTrigger);
const Content = styled('div');

function SwipeableToast({
  id,
  title,
  description,
  variant,
}: {
  id: string;
  title?: string;
  description?: string;
  variant: ToastVariant;
}) {
  const intl = useIntl();
  const classes = toastRecipe({ variant });
  const start = useRef<{ x: number; pointer: number } | null>(null);

  const setOffset = (el: HTMLElement, dx: number | null) => {
    if (dx === null) {
      el.style.removeProperty('--swipe-x');
      el.removeAttribute('data-swiping');
    } else {
      el.style.setProperty('--swipe-x', `${dx}px`);
      el.setAttribute('data-swiping', '');
    }
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    start.current = { x: event.clientX, pointer: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.pointer !== event.pointerId) return;
    setOffset(event.currentTarget, Math.max(0, event.clientX - start.current.x));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const dx = event.clientX - start.current.x;
    start.current = null;
    setOffset(event.currentTarget, null);
    if (dx >= SWIPE_THRESHOLD_PX) toaster.remove(id);
  };

  return (
    <Root
      className={classes.root}
      data-variant={variant}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <Content className={classes.content}>
        {title && <Title className={classes.title}>{title}</Title>}
        {description && <Description className={classes.description}>{description}</Description>}
      </Content>
      <CloseTrigger
        className={classes.closeTrigger}
        aria-label={intl.formatMessage({ id: 'ui.toast.close', defaultMessage: 'Fermer la notification' })}
      >
        <X aria-hidden />
      </CloseTrigger>
    </Root>
  );
}

/** The toast region ("Notifications", focused by F8); render it once. */
export function Toaster() {
  const intl = useIntl();
  return (
    <ArkToaster
      toaster={toaster}
      aria-label={intl.formatMessage({ id: 'ui.toast.region', defaultMessage: 'Notifications (F8)' })}
    >
      {(item) => (
        <SwipeableToast
          key={item.id}
          id={item.id ?? ''}
          title={typeof item.title === 'string' ? item.title : undefined}
          description={typeof item.description === 'string' ? item.description : undefined}
          variant={(item.meta as { variant?: ToastVariant } | undefined)?.variant ?? 'default'}
        />
      )}
    </ArkToaster>
  );
}
