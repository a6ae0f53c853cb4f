import { zodResolver } from '@hookform/resolvers/zod';
import { css } from '@mulot/ui/styled-system/css';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { z } from 'zod';
import * as Dialog from '../../components/dialog/dialog';
import * as Field from '../../components/field/field';
import { Input } from '../../components/input/input';
import { Textarea } from '../../components/textarea/textarea';
import { LIMITS, type ServerFieldErrors, tooLongText, useServerFieldErrors } from '../validation';
import { FormActions } from './shared';

/** Spec §5: the category name is required. */
export function createCategorySchema(intl: IntlShape) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(
        1,
        intl.formatMessage({
          id: 'content.categoryForm.nameRequired',
          defaultMessage: 'Le nom de la catégorie est requis',
        }),
      )
      .max(LIMITS.name, tooLongText(intl, LIMITS.name)),
    description: z.string().trim().max(LIMITS.text, tooLongText(intl, LIMITS.text)),
  });
}

export type CategoryFormValues = z.infer<ReturnType<typeof createCategorySchema>>;

export interface CategoryFormProps {
  mode: 'create' | 'edit';
  defaultValues?: Partial<CategoryFormValues>;
  pending?: boolean;
  error?: string | null;
  /** A server's refusal of named fields, shown on those fields. */
  fieldErrors?: ServerFieldErrors<CategoryFormValues> | null;
  onSubmit: (values: CategoryFormValues) => void;
  onCancel?: () => void;
}

const form = css({ display: 'flex', flexDirection: 'column', gap: '5' });

export function CategoryForm({
  mode,
  defaultValues,
  pending,
  error,
  fieldErrors,
  onSubmit,
  onCancel,
}: CategoryFormProps) {
  const intl = useIntl();
  const schema = useMemo(() => createCategorySchema(intl), [intl]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CategoryFormValues>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: { name: '', description: '', ...defaultValues },
  });
  useServerFieldErrors(fieldErrors, setError);
  return (
    <form className={form} onSubmit={handleSubmit(onSubmit)} noValidate>
      <Field.Root invalid={!!errors.name} required>
        <Field.Label>
          <FormattedMessage id="content.categoryForm.name" defaultMessage="Nom de la catégorie" />
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          {...register('name')}
          placeholder={intl.formatMessage({
            id: 'content.categoryForm.namePlaceholder',
            defaultMessage: 'Premiers pas',
          })}
        />
        <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={!!errors.description}>
        <Field.Label>
          <FormattedMessage id="content.projectForm.description" defaultMessage="Description" />
        </Field.Label>
        <Textarea {...register('description')} rows={3} />
        <Field.ErrorText>{errors.description?.message}</Field.ErrorText>
      </Field.Root>
      <FormActions
        mode={mode}
        pending={pending}
        error={error}
        onCancel={onCancel}
        createLabel={
          <FormattedMessage id="content.categoryForm.create" defaultMessage="Créer la catégorie" />
        }
      />
    </form>
  );
}

export interface CategoryDialogProps extends Omit<CategoryFormProps, 'onCancel'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CategoryDialog({ open, onOpenChange, ...props }: CategoryDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={({ open }) => onOpenChange(open)}>
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>
            {props.mode === 'create' ? (
              <FormattedMessage id="content.categoryDialog.createTitle" defaultMessage="Nouvelle catégorie" />
            ) : (
              <FormattedMessage
                id="content.categoryDialog.editTitle"
                defaultMessage="Modifier la catégorie"
              />
            )}
          </Dialog.Title>
          <Dialog.Description>
            <FormattedMessage
              id="content.categoryDialog.description"
              defaultMessage="Une catégorie regroupe des guides d'un même thème."
            />
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <CategoryForm {...props} onCancel={() => onOpenChange(false)} />
        </Dialog.Body>
      </Dialog.Content>
    </Dialog.Root>
  );
}
