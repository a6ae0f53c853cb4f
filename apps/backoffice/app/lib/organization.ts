import { useSyncExternalStore } from 'react';
import { createSignal, readItem, writeItem } from './storage';

export const ORGANIZATION_KEY = 'organizationId';

const organizationSignal = createSignal(() => readItem(ORGANIZATION_KEY));

/** The current organization id, sent as `x-organization-id` on every request. */
export function getOrganizationId(): string | null {
  return organizationSignal.get();
}

export function setOrganizationId(id: string | null): void {
  writeItem(ORGANIZATION_KEY, id);
  organizationSignal.refresh();
}

/** Keeps the stored choice when it is still one of the user's organizations, else the first one (spec §3). */
export function selectOrganization(organizations: ReadonlyArray<{ id: string }>): string | null {
  const current = getOrganizationId();
  const chosen = organizations.some((o) => o.id === current) ? current : (organizations[0]?.id ?? null);
  if (chosen !== current) setOrganizationId(chosen);
  return chosen;
}

export function useOrganizationId(): string | null {
  return useSyncExternalStore(organizationSignal.subscribe, organizationSignal.get, () => null);
}
