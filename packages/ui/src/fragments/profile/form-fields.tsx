import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import * as Field from '../../components/field/field';
import { Input } from '../../components/input/input';
import * as PasswordInput from '../../components/password-input/password-input';
import { translateIssue } from '../validation';
import { profileValidationMessages } from './schemas';

function useErrorText(error: FieldError | undefined): string | undefined {
  const intl = useIntl();
  const message = error?.message;
  if (!message) return undefined;
  return translateIssue(intl, message, profileValidationMessages);
}

interface FieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  autoComplete: string;
  disabled?: boolean;
}

export function TextField({ placeholder, ...props }: FieldProps & { placeholder?: string }) {
  const text = useErrorText(props.error);
  return (
    <Field.Root invalid={Boolean(text)} disabled={props.disabled} required>
      <Field.Label>{props.label}</Field.Label>
      <Input autoComplete={props.autoComplete} placeholder={placeholder} {...props.registration} />
      <Field.ErrorText>{text}</Field.ErrorText>
    </Field.Root>
  );
}

export function PasswordField(props: FieldProps) {
  const text = useErrorText(props.error);
  return (
    <Field.Root invalid={Boolean(text)} disabled={props.disabled} required>
      <PasswordInput.Root>
        <Field.Label>{props.label}</Field.Label>
        <PasswordInput.Control>
          <PasswordInput.Input autoComplete={props.autoComplete} {...props.registration} />
          <PasswordInput.VisibilityTrigger />
        </PasswordInput.Control>
      </PasswordInput.Root>
      <Field.ErrorText>{text}</Field.ErrorText>
    </Field.Root>
  );
}
