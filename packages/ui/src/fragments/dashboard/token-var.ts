import type { Token } from '@mulot/ui/styled-system/tokens';

/**
 * A token's CSS variable as Panda names it (`colors.border.default` → `var(--colors-border-default)`,
 * `fontSizes.xs` → `var(--font-sizes-xs)`), for the chart's inline SVG. Panda's `token.var` would bring its whole
 * token table (7 kB gzip) into the dashboard for a few names; `token-var.test.ts` holds this equal to it for every
 * token the chart uses.
 */
export const tokenVar = (name: Token) =>
  `var(--${name.replaceAll('.', '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)})`;
