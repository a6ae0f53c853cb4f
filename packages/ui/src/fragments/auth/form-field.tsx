import type { ComponentProps } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import * as Field from '../../components/field/field';
import { Input } from '../../components/input/input';
import * as PasswordInput from '../../components/password-input/password-input';
import { translateIssue } from '../validation';
import { validationMessages } from './messages';

function useErrorText(error: FieldError | undefined): string | undefined {
  const intl = useIntl();
  if (!error?.message) return undefined;
  return translateIssue(intl, error.message, validationMessages);
}

interface BaseProps {
  label: string;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  autoComplete: string;
  disabled?: boolean;
}

/** A labelled text input wired to react-hook-form: invalid state and message once validation ran. */
export function TextField({
  label,
  registration,
  error,
  autoComplete,
  disabled,
  type = 'text',
  placeholder,
}: BaseProps & Pick<ComponentProps<'input'>, 'type' | 'placeholder'>) {
  const text = useErrorText(error);
  return (
    <Field.Root invalid={Boolean(text)} disabled={disabled} required>
      <Field.Label>{label}</Field.Label>
      <Input type={type} autoComplete={autoComplete} placeholder={placeholder} {...registration} />
      <Field.ErrorText>{text}</Field.ErrorText>
    </Field.Root>
  );
}

export function PasswordField({ label, registration, error, autoComplete, disabled }: BaseProps) {
  const text = useErrorText(error);
  return (
    <Field.Root invalid={Boolean(text)} disabled={disabled} required>
      <PasswordInput.Root>
        <Field.Label>{label}</Field.Label>
        <PasswordInput.Control>
          <PasswordInput.Input autoComplete={autoComplete} {...registration} />
          <PasswordInput.VisibilityTrigger />
        </PasswordInput.Control>
      </PasswordInput.Root>
      <Field.ErrorText>{text}</Field.ErrorText>
    </Field.Root>
  );
}
