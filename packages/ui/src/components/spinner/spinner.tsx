import { styled } from '@mulot/ui/styled-system/jsx';
import { spinner } from '@mulot/ui/styled-system/recipes';
import type { ComponentProps } from 'react';
import { useIntl } from 'react-intl';

const SpinnerCircle = styled('span', spinner);

export interface SpinnerProps extends ComponentProps<typeof SpinnerCircle> {
  /** Accessible name announced to screen readers; "Chargement..." when omitted. */
  label?: string;
  /** Inside a control that already says it is busy (a pending button), the spinner is decoration only. */
  decorative?: boolean;
}

export function Spinner({ label, decorative = false, ...props }: SpinnerProps) {
  const intl = useIntl();
  if (decorative) return <SpinnerCircle aria-hidden="true" {...props} />;
  return (
    <SpinnerCircle
      role="status"
      aria-label={label ?? intl.formatMessage({ id: 'ui.spinner.label', defaultMessage: 'Chargement...' })}
      {...props}
    />
  );
}
