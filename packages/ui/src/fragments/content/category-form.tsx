import { zodResolver } from '@hookform/resolvers/zod';
import { css } from '@mulot/ui/styled-system/css';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { z } from 'zod';
import { Button } from '../../components/button/button';
import * as Dialog from '../../components/dialog/dialog';
import * as Field from '../../components/field/field';
import { Input } from '../../components/input/input';
import { Textarea } from '../../components/textarea/textarea';

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
      ),
    description: z.string().trim(),
  });
}

export type CategoryFormValues = z.infer<ReturnType<typeof createCategorySchema>>;

export interface CategoryFormProps {
  mode: 'create' | 'edit';
  defaultValues?: Partial<CategoryFormValues>;
  pending?: boolean;
  error?: string | null;
  onSubmit: (values: CategoryFormValues) => void;
  onCancel?: () => void;
}

const form = css({ display: 'flex', flexDirection: 'column', gap: '5' });
const footer = css({ display: 'flex', justifyContent: 'flex-end', gap: '3' });
const errorText = css({ color: 'fg.error', textStyle: 'sm' });

export function CategoryForm({ mode, defaultValues, pending, error, onSubmit, onCancel }: CategoryFormProps) {
  const intl = useIntl();
  const schema = useMemo(() => createCategorySchema(intl), [intl]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CategoryFormValues>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: { name: '', description: '', ...defaultValues },
  });
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
      <Field.Root>
        <Field.Label>
          <FormattedMessage id="content.projectForm.description" defaultMessage="Description" />
        </Field.Label>
        <Textarea {...register('description')} rows={3} />
      </Field.Root>
      {error && (
        <p role="alert" className={errorText}>
          {error}
        </p>
      )}
      <div className={footer}>
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            <FormattedMessage id="content.dialog.cancel" defaultMessage="Annuler" />
          </Button>
        )}
        <Button
          type="submit"
          loading={pending}
          loadingText={
            mode === 'create' ? (
              <FormattedMessage id="content.form.creating" defaultMessage="Création..." />
            ) : (
              <FormattedMessage id="content.form.saving" defaultMessage="Enregistrement..." />
            )
          }
        >
          {mode === 'create' ? (
            <FormattedMessage id="content.categoryForm.create" defaultMessage="Créer la catégorie" />
          ) : (
            <FormattedMessage id="content.form.save" defaultMessage="Enregistrer" />
          )}
        </Button>
      </div>
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
