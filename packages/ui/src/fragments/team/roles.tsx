import { defineMessages, useIntl } from 'react-intl';
import { Badge } from '../../components/badge/badge';

/** Spec §9: the two roles, exactly. */
export const ROLES = ['Admin', 'Contributor'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return value === 'Admin' || value === 'Contributor';
}

export const roleMessages = defineMessages({
  Admin: { id: 'team.role.admin', defaultMessage: 'Administrateur' },
  Contributor: { id: 'team.role.contributor', defaultMessage: 'Contributeur' },
});

/** Spec §6: what each role may do, shown beside the role choice. */
export const roleDescriptions = defineMessages({
  Admin: { id: 'team.role.admin.description', defaultMessage: 'Accès complet à la plateforme' },
  Contributor: {
    id: 'team.role.contributor.description',
    defaultMessage: 'Création et modification de contenu',
  },
});

/** Spec §6: Admin on the primary palette, Contributor on the secondary one. */
export function RoleBadge({ role }: { role: Role }) {
  const intl = useIntl();
  return (
    <Badge colorPalette={role === 'Admin' ? 'primary' : 'secondary'} data-role={role}>
      {intl.formatMessage(roleMessages[role])}
    </Badge>
  );
}
