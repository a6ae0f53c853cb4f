import { defineMessages } from 'react-intl';

// What the sidebar's stand-in (app-sidebar.tsx) and Ark's select (organization-switcher.tsx, fetched on intent)
// share, so that both read the same.

export interface OrganizationOption {
  id: string;
  name: string;
}

export interface OrganizationSwitcherProps {
  organizations: OrganizationOption[];
  currentOrganizationId: string | null | undefined;
  onOrganizationChange: (organizationId: string) => void;
}

export const switcherMessages = defineMessages({
  label: { id: 'shell.organization.label', defaultMessage: 'Organisation' },
  placeholder: { id: 'shell.organization.placeholder', defaultMessage: 'Choisir une organisation' },
});
