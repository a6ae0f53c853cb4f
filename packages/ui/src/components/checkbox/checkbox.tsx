'use client';
import { Checkbox as Ark, useCheckboxContext } from '@ark-ui/react/checkbox';
import { createStyleContext } from '@mulot/ui/styled-system/jsx';
import { checkbox } from '@mulot/ui/styled-system/recipes';
import { Check, Minus } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect, useRef } from 'react';

const { withProvider, withContext } = createStyleContext(checkbox);

export const Root = withProvider(Ark.Root, 'root');
export const Label = withContext(Ark.Label, 'label');
export const Control = withContext(Ark.Control, 'control');
export const Indicator = withContext(Ark.Indicator, 'indicator');
/**
 * Ark leaves the native input's `indeterminate` flag unset, so assistive tech heard "not checked" for a
 * partial state; this keeps it in sync.
 */
export function HiddenInput(props: ComponentProps<typeof Ark.HiddenInput>) {
  const checkbox = useCheckboxContext();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = checkbox.indeterminate;
  }, [checkbox.indeterminate]);
  return <Ark.HiddenInput ref={ref} {...props} />;
}
export { CheckboxContext as Context } from '@ark-ui/react/checkbox';

export type RootProps = ComponentProps<typeof Root>;

/** The usual checkbox: box with check / dash indicator, then its label. */
export function Checkbox({ children, ...props }: RootProps & { children?: ReactNode }) {
  return (
    <Root {...props}>
      <Control>
        <Indicator>
          <Check aria-hidden />
        </Indicator>
        <Indicator indeterminate>
          <Minus aria-hidden />
        </Indicator>
      </Control>
      {children != null && <Label>{children}</Label>}
      <HiddenInput />
    </Root>
  );
}
