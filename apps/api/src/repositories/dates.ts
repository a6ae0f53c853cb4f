/** A stored timestamp as the contract's ISO 8601 date-time in UTC. */
export function iso(date: Date | string): string {
  return (date instanceof Date ? date : new Date(date)).toISOString();
}
