import type { IntlShape } from 'react-intl';

/**
 * A duration in whole seconds as people say it: "45 s", "4 min", "4 min 12 s" — the locale's own units, each
 * figure bound to its unit by a non-breaking space, so that a narrow card never leaves an "s" alone on a line.
 */
export function formatSeconds(intl: IntlShape, total: number): string {
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const unit = (value: number, name: 'minute' | 'second') =>
    intl.formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'short' });
  if (minutes === 0) return unit(seconds, 'second');
  if (seconds === 0) return unit(minutes, 'minute');
  return `${unit(minutes, 'minute')} ${unit(seconds, 'second')}`;
}

/** Where the median duration falls against the guide's estimate (minutes, bounds included). */
export function againstEstimate(seconds: number, estimate: { min: number; max: number }) {
  if (seconds < estimate.min * 60) return 'shorter' as const;
  if (seconds > estimate.max * 60) return 'longer' as const;
  return 'within' as const;
}

/** The share of `part` in `whole`, null when there is no whole. */
export const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);
