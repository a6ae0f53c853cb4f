import { Grid } from '@mulot/ui/styled-system/jsx';
import { PenLine, ShieldCheck, Users } from 'lucide-react';
import { useIntl } from 'react-intl';
import { StatCard } from '../dashboard/stat-card';
import type { TeamMember } from './member';

export interface TeamStatsProps {
  /** Counted from the list itself, so the counters always agree with the rows below them. */
  members: ReadonlyArray<Pick<TeamMember, 'role'>>;
  loading?: boolean;
}

/** Spec §2 Team: total ("Équipe active"), administrators ("Accès complet"), contributors ("Création de contenu"). */
export function TeamStats({ members, loading = false }: TeamStatsProps) {
  const intl = useIntl();
  const admins = members.filter((m) => m.role === 'Admin').length;
  return (
    <Grid gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
      <StatCard
        loading={loading}
        icon={<Users />}
        label={intl.formatMessage({ id: 'team.stats.total', defaultMessage: 'Membres' })}
        value={members.length}
        helpText={intl.formatMessage({ id: 'team.stats.total.help', defaultMessage: 'Équipe active' })}
      />
      <StatCard
        loading={loading}
        icon={<ShieldCheck />}
        label={intl.formatMessage({ id: 'team.stats.admins', defaultMessage: 'Administrateurs' })}
        value={admins}
        helpText={intl.formatMessage({ id: 'team.stats.admins.help', defaultMessage: 'Accès complet' })}
      />
      <StatCard
        loading={loading}
        icon={<PenLine />}
        label={intl.formatMessage({ id: 'team.stats.contributors', defaultMessage: 'Contributeurs' })}
        value={members.length - admins}
        helpText={intl.formatMessage({
          id: 'team.stats.contributors.help',
          defaultMessage: 'Création de contenu',
        })}
      />
    </Grid>
  );
}
