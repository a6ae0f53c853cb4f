'use client';
import { NumberInput as Ark } from '@ark-ui/react/number-input';
import { createStyleContext } from '@mulot/ui/styled-system/jsx';
import { numberInput } from '@mulot/ui/styled-system/recipes';
import { ChevronDown, ChevronUp } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useIntl } from 'react-intl';

const { withProvider, withContext } = createStyleContext(numberInput);

const StyledRoot = withProvider(Ark.Root, 'root');
export type RootProps = ComponentProps<typeof StyledRoot>;

export function Root(props: RootProps) {
  const intl = useIntl();
  return <StyledRoot locale={intl.locale} {...props} />;
}
export const Label = withContext(Ark.Label, 'label');
export const Control = withContext(Ark.Control, 'control');
export const Input = withContext(Ark.Input, 'input');
const StyledIncrement = withContext(Ark.IncrementTrigger, 'incrementTrigger');
const StyledDecrement = withContext(Ark.DecrementTrigger, 'decrementTrigger');

export function IncrementTrigger(props: ComponentProps<typeof StyledIncrement>) {
  const intl = useIntl();
  return (
    <StyledIncrement
      aria-label={intl.formatMessage({
        id: 'ui.numberInput.increment',
        defaultMessage: 'Augmenter la valeur',
      })}
      {...props}
    >
      <ChevronUp aria-hidden />
    </StyledIncrement>
  );
}

export function DecrementTrigger(props: ComponentProps<typeof StyledDecrement>) {
  const intl = useIntl();
  return (
    <StyledDecrement
      aria-label={intl.formatMessage({
        id: 'ui.numberInput.decrement',
        defaultMessage: 'Diminuer la valeur',
      })}
      {...props}
    >
      <ChevronDown aria-hidden />
    </StyledDecrement>
  );
}
export { NumberInputContext as Context } from '@ark-ui/react/number-input';
