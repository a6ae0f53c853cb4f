import { css } from '@mulot/ui/styled-system/css';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Badge } from '../../components/badge/badge';

/** ok: the step works; degraded: found only with low confidence; failing: not found (see the API's StepHealth). */
export type StepHealth = 'ok' | 'degraded' | 'failing';

const palettes = { ok: 'green', degraded: 'amber', failing: 'red' } as const;
const icons = { ok: CircleCheck, degraded: CircleAlert, failing: CircleX } as const;

/** A step's health as text and icon (never colour alone), read out as "Santé de l'étape : …". */
export function StepHealthBadge({ health }: { health: StepHealth }) {
  const intl = useIntl();
  const Icon = icons[health];
  const label = {
    ok: intl.formatMessage({ id: 'health.badge.ok', defaultMessage: 'Fonctionne' }),
    degraded: intl.formatMessage({ id: 'health.badge.degraded', defaultMessage: 'Dégradée' }),
    failing: intl.formatMessage({ id: 'health.badge.failing', defaultMessage: 'En échec' }),
  }[health];
  return (
    <Badge colorPalette={palettes[health]} data-health={health}>
      <Icon aria-hidden />
      <span className={css({ srOnly: true })}>
        {intl.formatMessage({ id: 'health.badge.prefix', defaultMessage: "Santé de l'étape :" })}{' '}
      </span>
      {label}
    </Badge>
  );
}
