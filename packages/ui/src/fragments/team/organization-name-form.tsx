import { zodResolver } from '@hookform/resolvers/zod';
import { styled } from '@mulot/ui/styled-system/jsx';
import { type ReactNode, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { type IntlShape, useIntl } from 'react-intl';
import { z } from 'zod';
import * as Field from '../../components/field/field';
import { Input } from '../../components/input/input';
import { LIMITS, tooLongText } from '../validation';

/** `OrganizationInput.name`: required once trimmed, at most 200 characters. */
export function createOrganizationNameSchema(intl: IntlShape) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, intl.formatMessage({ id: 'organization.nameRequired', defaultMessage: 'Le nom est requis' }))
      .max(LIMITS.name, tooLongText(intl, LIMITS.name)),
  });
}

type OrganizationNameValues = z.infer<ReturnType<typeof createOrganizationNameSchema>>;

export interface OrganizationNameFormProps {
  /** The field's starting value: the current name when renaming, empty when creating. */
  defaultName?: string;
  /** Receives the trimmed name, once valid. */
  onSubmit: (name: string) => void;
  /** Why the server refused the name, shown on the field. */
  error?: string | null;
  /** Lays out the name field among the form's own heading and buttons (a dialog's body and footer, a page). */
  children: (field: ReactNode) => ReactNode;
  className?: string;
}

const Form = styled('form');

/** The one form that names an organization: creating one's own, and an Admin renaming the current one. */
export function OrganizationNameForm({
  defaultName = '',
  onSubmit,
  error,
  children,
  className,
}: OrganizationNameFormProps) {
  const intl = useIntl();
  const schema = useMemo(() => createOrganizationNameSchema(intl), [intl]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OrganizationNameValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: defaultName },
  });
  const fieldError = errors.name?.message ?? error;
  const field = (
    <Field.Root invalid={Boolean(fieldError)} required>
      <Field.Label>
        {intl.formatMessage({ id: 'organization.name', defaultMessage: "Nom de l'organisation" })}
      </Field.Label>
      <Input {...register('name')} maxLength={LIMITS.name} autoComplete="organization" />
      <Field.ErrorText>{fieldError}</Field.ErrorText>
    </Field.Root>
  );
  return (
    <Form
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values.name))}
      display="flex"
      flexDirection="column"
      className={className}
    >
      {children(field)}
    </Form>
  );
}
