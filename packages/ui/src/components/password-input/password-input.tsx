'use client';
import { useFieldContext } from '@ark-ui/react/field';
import { PasswordInput as Ark } from '@ark-ui/react/password-input';
import { createStyleContext } from '@mulot/ui/styled-system/jsx';
import { passwordInput } from '@mulot/ui/styled-system/recipes';
import { Eye, EyeOff } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useIntl } from 'react-intl';

const { withProvider, withContext } = createStyleContext(passwordInput);

const StyledRoot = withProvider(Ark.Root, 'root');
export type RootProps = ComponentProps<typeof StyledRoot>;

/** The visibility toggle's name ("Afficher le mot de passe" / "Masquer le mot de passe") is localized. */
export function Root(props: RootProps) {
  const intl = useIntl();
  return (
    <StyledRoot
      translations={{
        visibilityTrigger: (visible) =>
          visible
            ? intl.formatMessage({ id: 'ui.passwordInput.hide', defaultMessage: 'Masquer le mot de passe' })
            : intl.formatMessage({ id: 'ui.passwordInput.show', defaultMessage: 'Afficher le mot de passe' }),
      }}
      {...props}
    />
  );
}

export const Label = withContext(Ark.Label, 'label');
export const Control = withContext(Ark.Control, 'control');
const StyledInput = withContext(Ark.Input, 'input');

/** Inside a `Field.Root`, also linked to the field's helper and error texts (Ark only passes `invalid`). */
export function Input(props: ComponentProps<typeof StyledInput>) {
  const field = useFieldContext();
  const linked = field?.getInputProps();
  return (
    <StyledInput
      aria-describedby={linked?.['aria-describedby']}
      aria-errormessage={linked?.['aria-errormessage']}
      {...props}
    />
  );
}
const StyledTrigger = withContext(Ark.VisibilityTrigger, 'visibilityTrigger');
const StyledIndicator = withContext(Ark.Indicator, 'indicator');

/** Eye / crossed eye toggle; put it after `Input` inside `Control`. */
export function VisibilityTrigger(props: ComponentProps<typeof StyledTrigger>) {
  return (
    <StyledTrigger {...props}>
      <StyledIndicator fallback={<Eye aria-hidden />}>
        <EyeOff aria-hidden />
      </StyledIndicator>
    </StyledTrigger>
  );
}
export { PasswordInputContext as Context } from '@ark-ui/react/password-input';
