import type { IntlShape } from 'react-intl';

const DAY_MS = 24 * 3600 * 1000;
const dayUnits: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365],
  ['month', 30],
  ['week', 7],
];

/**
 * "il y a 3 jours", "hier", "aujourd'hui", "il y a 2 mois" in the current locale. Days are counted in the
 * viewer's calendar days (yesterday evening reads "hier", not "il y a 14 heures").
 */
export function formatRelative(intl: IntlShape, date: Date | string, now: Date): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOfDay(then) - startOfDay(now)) / DAY_MS);
  // Spec §2 Team says "Actif aujourd'hui": a day is the finest grain (no "il y a 3 minutes").
  if (days === 0) return intl.formatRelativeTime(0, 'day', { numeric: 'auto' });
  for (const [unit, size] of dayUnits) {
    if (Math.abs(days) >= size)
      return intl.formatRelativeTime(Math.trunc(days / size), unit, { numeric: 'auto' });
  }
  return intl.formatRelativeTime(days, 'day', { numeric: 'auto' });
}
