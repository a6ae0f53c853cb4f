import { css } from '@mulot/ui/styled-system/css';

// The statistics' tables: the figures themselves, for everyone (the chart beside the funnel's is their picture).
// They fit their card at any width: text wraps, numbers do not, nothing scrolls sideways.
export const table = css({
  w: 'full',
  borderCollapse: 'collapse',
  textStyle: 'sm',
  '& th, & td': { px: '3', py: '2', textAlign: 'start', verticalAlign: 'top', borderBottomWidth: '1px' },
  '& thead th': { textStyle: 'xs', fontWeight: 'medium', color: 'fg.muted', verticalAlign: 'bottom' },
  '& tbody tr:last-child > *': { borderBottomWidth: '0' },
  '& tbody th': { fontWeight: 'normal' },
  '& th:first-child, & td:first-child': { ps: '0' },
  '& th:last-child, & td:last-child': { pe: '0' },
  // figures (cells marked data-numeric) line up on their units
  '& [data-numeric]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  '& td[data-numeric]': { whiteSpace: 'nowrap' },
});

export const muted = css({ color: 'fg.muted' });

export const sectionTitle = css({ textStyle: 'md', fontWeight: 'semibold' });
