import { css } from '@mulot/ui/styled-system/css';
import { Grid } from '@mulot/ui/styled-system/jsx';
import { FolderPlus, UserCog, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import * as Card from '../../components/card/card';
import { FragmentLink } from '../link/link';

export interface QuickActionsProps {
  /** Admins get "Inviter un membre". */
  canInvite?: boolean;
}

const actionClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2.5',
  borderRadius: 'l2',
  borderWidth: '1px',
  textStyle: 'sm',
  fontWeight: 'medium',
  color: 'fg.default',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '[2px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
  '& svg': { w: '4', h: '4', color: 'primary.fg' },
});

function Action({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <FragmentLink href={href} className={actionClass}>
      <span aria-hidden="true">{icon}</span>
      {children}
    </FragmentLink>
  );
}

/** Shortcuts to the usual next steps. */
export function QuickActions({ canInvite = false }: QuickActionsProps) {
  const intl = useIntl();
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title asChild>
          <h2>{intl.formatMessage({ id: 'dashboard.actions.title', defaultMessage: 'Actions rapides' })}</h2>
        </Card.Title>
      </Card.Header>
      <Card.Body pt="3">
        <Grid gap="2">
          <Action href="/app/projects" icon={<FolderPlus />}>
            {intl.formatMessage({
              id: 'dashboard.actions.projects',
              defaultMessage: 'Créer ou ouvrir un projet',
            })}
          </Action>
          {canInvite && (
            <Action href="/app/team" icon={<UserPlus />}>
              {intl.formatMessage({ id: 'dashboard.actions.invite', defaultMessage: 'Inviter un membre' })}
            </Action>
          )}
          <Action href="/app/profile" icon={<UserCog />}>
            {intl.formatMessage({ id: 'dashboard.actions.profile', defaultMessage: 'Modifier votre profil' })}
          </Action>
        </Grid>
      </Card.Body>
    </Card.Root>
  );
}
