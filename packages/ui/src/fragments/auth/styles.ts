import { css } from '@mulot/ui/styled-system/css';

/** Inline text links of the auth screens: underlined, so they are told apart without colour (WCAG 1.4.1). */
export const linkStyle = css({
  color: 'primary.plain.fg',
  fontWeight: 'medium',
  textStyle: 'sm',
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  borderRadius: 'l1',
  _hover: { color: 'primary.fg' },
  _focusVisible: {
    outlineStyle: 'solid',
    outlineWidth: '[2px]',
    outlineColor: 'focusRing',
    outlineOffset: '0.5',
  },
});
