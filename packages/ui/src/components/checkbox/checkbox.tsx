'use client';
import { Checkbox as Ark } from '@ark-ui/react/checkbox';
import { createStyleContext } from '@mulot/ui/styled-system/jsx';
import { checkbox } from '@mulot/ui/styled-system/recipes';
import { Check, Minus } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';

const { withProvider, withContext } = createStyleContext(checkbox);

export const Root = withProvider(Ark.Root, 'root');
export const Label = withContext(Ark.Label, 'label');
export const Control = withContext(Ark.Control, 'control');
export const Indicator = withContext(Ark.Indicator, 'indicator');
export const HiddenInput = Ark.HiddenInput;
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
