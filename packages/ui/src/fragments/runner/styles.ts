import { css } from '@mulot/ui/styled-system/css';

/** Shared by the runner fragments: they live in a narrow in-page panel (about 22rem) as well as in the back-office. */
export const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' });
export const row = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
export const footer = css({ display: 'flex', justifyContent: 'flex-end', gap: '3', flexWrap: 'wrap' });
export const muted = css({ color: 'fg.muted', textStyle: 'sm' });
export const errorText = css({ color: 'fg.error', textStyle: 'sm' });
export const successText = css({ color: 'fg.success', textStyle: 'sm', fontWeight: 'medium' });
export const heading = css({ textStyle: 'lg', fontWeight: 'semibold', color: 'fg.default' });
export const notice = css({
  display: 'flex',
  gap: '3',
  alignItems: 'flex-start',
  p: '3',
  borderWidth: '1px',
  borderColor: 'amber.outline.border',
  bg: 'amber.subtle.bg',
  color: 'amber.subtle.fg',
  borderRadius: 'l2',
  textStyle: 'sm',
  '& > svg': { w: '4', h: '4', flexShrink: '0', mt: '0.5' },
});
export const panel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  bg: 'bg.subtle',
});
export const thumbnail = css({
  display: 'block',
  maxW: 'full',
  maxH: '28',
  objectFit: 'contain',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l1',
  bg: 'bg.default',
});
