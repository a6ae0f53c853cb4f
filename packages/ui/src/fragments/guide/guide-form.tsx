import { zodResolver } from '@hookform/resolvers/zod';
import { css } from '@mulot/ui/styled-system/css';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { z } from 'zod';
import * as Field from '../../components/field/field';
import { Input } from '../../components/input/input';
import { Textarea } from '../../components/textarea/textarea';
import { FormActions } from '../content/shared';
import { LIMITS, type ServerFieldErrors, tooLongText, useServerFieldErrors } from '../validation';
import { ChoiceSelect } from './choice-select';

const MAX_MINUTES = 1440;

/** Spec §5's guide form messages; durations are whole minutes (0 to 1440) and the maximum is not below the minimum. */
export function createGuideSchema(intl: IntlShape) {
  const whole = intl.formatMessage({
    id: 'guide.form.durationWhole',
    defaultMessage: 'Indiquez un nombre entier de minutes entre 0 et 1440',
  });
  const minutes = (required: string) =>
    z
      .string()
      .trim()
      .min(1, required)
      .regex(/^\d+$/, whole)
      .transform(Number)
      .pipe(z.number().max(MAX_MINUTES, whole));
  return z
    .object({
      projectId: z
        .string()
        .min(
          1,
          intl.formatMessage({ id: 'guide.form.projectRequired', defaultMessage: 'Le projet est requis' }),
        ),
      categoryId: z.string().min(
        1,
        intl.formatMessage({
          id: 'guide.form.categoryRequired',
          defaultMessage: 'La catégorie est requise',
        }),
      ),
      title: z
        .string()
        .trim()
        .min(1, intl.formatMessage({ id: 'guide.form.titleRequired', defaultMessage: 'Le titre est requis' }))
        .max(LIMITS.name, tooLongText(intl, LIMITS.name)),
      description: z
        .string()
        .trim()
        .min(
          1,
          intl.formatMessage({
            id: 'guide.form.descriptionRequired',
            defaultMessage: 'La description est requise',
          }),
        )
        .max(LIMITS.text, tooLongText(intl, LIMITS.text)),
      summary: z
        .string()
        .trim()
        .min(
          1,
          intl.formatMessage({ id: 'guide.form.summaryRequired', defaultMessage: 'Le résumé est requis' }),
        )
        .max(LIMITS.text, tooLongText(intl, LIMITS.text)),
      minDuration: minutes(
        intl.formatMessage({ id: 'guide.form.minRequired', defaultMessage: 'La durée minimale est requise' }),
      ),
      maxDuration: minutes(
        intl.formatMessage({ id: 'guide.form.maxRequired', defaultMessage: 'La durée maximale est requise' }),
      ),
    })
    .refine((values) => values.maxDuration >= values.minDuration, {
      path: ['maxDuration'],
      message: intl.formatMessage({
        id: 'guide.form.maxBelowMin',
        defaultMessage: 'La durée maximale doit être supérieure ou égale à la durée minimale',
      }),
    });
}

type GuideSchema = ReturnType<typeof createGuideSchema>;
export type GuideFormInput = z.input<GuideSchema>;
export type GuideFormValues = z.output<GuideSchema>;

export interface GuideFormProject {
  id: string;
  name: string;
  categories: { id: string; name: string }[];
}

export interface GuideFormProps {
  mode: 'create' | 'edit';
  projects: GuideFormProject[];
  defaultValues?: Partial<{
    projectId: string;
    categoryId: string;
    title: string;
    description: string;
    summary: string;
    minDuration: number;
    maxDuration: number;
  }>;
  pending?: boolean;
  error?: string | null;
  /** A server's refusal of named fields, shown on those fields. */
  fieldErrors?: ServerFieldErrors<GuideFormInput> | null;
  onSubmit: (values: GuideFormValues) => void;
  onCancel?: () => void;
}

const form = css({ display: 'flex', flexDirection: 'column', gap: '5' });
const pair = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' });

export function GuideForm({
  mode,
  projects,
  defaultValues,
  pending,
  error,
  fieldErrors,
  onSubmit,
  onCancel,
}: GuideFormProps) {
  const intl = useIntl();
  const schema = useMemo(() => createGuideSchema(intl), [intl]);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<GuideFormInput, unknown, GuideFormValues>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: {
      projectId: defaultValues?.projectId ?? '',
      categoryId: defaultValues?.categoryId ?? '',
      title: defaultValues?.title ?? '',
      description: defaultValues?.description ?? '',
      summary: defaultValues?.summary ?? '',
      minDuration: defaultValues?.minDuration?.toString() ?? '',
      maxDuration: defaultValues?.maxDuration?.toString() ?? '',
    },
  });
  useServerFieldErrors(fieldErrors, setError);
  const projectId = watch('projectId');
  const projectItems = useMemo(() => projects.map((p) => ({ value: p.id, label: p.name })), [projects]);
  const categoryItems = useMemo(
    () =>
      (projects.find((p) => p.id === projectId)?.categories ?? []).map((c) => ({
        value: c.id,
        label: c.name,
      })),
    [projects, projectId],
  );
  // A scenario stays in its category: editing keeps project and category fixed.
  const locked = mode === 'edit';

  return (
    <form className={form} onSubmit={handleSubmit(onSubmit)} noValidate>
      <div className={pair}>
        <Controller
          control={control}
          name="projectId"
          render={({ field }) => (
            <ChoiceSelect
              label={intl.formatMessage({ id: 'guide.form.project', defaultMessage: 'Projet' })}
              placeholder={intl.formatMessage({
                id: 'guide.form.projectPlaceholder',
                defaultMessage: 'Choisir un projet',
              })}
              items={projectItems}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                setValue('categoryId', '', { shouldValidate: false });
              }}
              onBlur={field.onBlur}
              error={errors.projectId?.message}
              disabled={locked}
              required
            />
          )}
        />
        <Controller
          control={control}
          name="categoryId"
          render={({ field }) => (
            <ChoiceSelect
              label={intl.formatMessage({ id: 'guide.form.category', defaultMessage: 'Catégorie' })}
              placeholder={intl.formatMessage({
                id: 'guide.form.categoryPlaceholder',
                defaultMessage: 'Choisir une catégorie',
              })}
              items={categoryItems}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.categoryId?.message}
              disabled={locked}
              required
            />
          )}
        />
      </div>
      <Field.Root invalid={!!errors.title} required>
        <Field.Label>
          <FormattedMessage id="guide.form.title" defaultMessage="Titre" />
          <Field.RequiredIndicator />
        </Field.Label>
        <Input {...register('title')} />
        <Field.ErrorText>{errors.title?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={!!errors.description} required>
        <Field.Label>
          <FormattedMessage id="guide.form.description" defaultMessage="Description pour l'utilisateur" />
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea {...register('description')} rows={3} />
        <Field.HelperText>
          <FormattedMessage
            id="guide.form.descriptionHelp"
            defaultMessage="Ce que le guide permet de faire, tel que l'utilisateur le lira."
          />
        </Field.HelperText>
        <Field.ErrorText>{errors.description?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={!!errors.summary} required>
        <Field.Label>
          <FormattedMessage id="guide.form.summary" defaultMessage="Résumé pour le modèle (LLM)" />
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea {...register('summary')} rows={3} />
        <Field.HelperText>
          <FormattedMessage
            id="guide.form.summaryHelp"
            defaultMessage="Aide l'assistant à proposer ce guide quand une demande y correspond."
          />
        </Field.HelperText>
        <Field.ErrorText>{errors.summary?.message}</Field.ErrorText>
      </Field.Root>
      <div className={pair}>
        <Field.Root invalid={!!errors.minDuration} required>
          <Field.Label>
            <FormattedMessage id="guide.form.minDuration" defaultMessage="Durée minimale (minutes)" />
            <Field.RequiredIndicator />
          </Field.Label>
          <Input {...register('minDuration')} type="number" inputMode="numeric" min={0} max={MAX_MINUTES} />
          <Field.ErrorText>{errors.minDuration?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.maxDuration} required>
          <Field.Label>
            <FormattedMessage id="guide.form.maxDuration" defaultMessage="Durée maximale (minutes)" />
            <Field.RequiredIndicator />
          </Field.Label>
          <Input {...register('maxDuration')} type="number" inputMode="numeric" min={0} max={MAX_MINUTES} />
          <Field.ErrorText>{errors.maxDuration?.message}</Field.ErrorText>
        </Field.Root>
      </div>
      <FormActions
        mode={mode}
        pending={pending}
        error={error}
        onCancel={onCancel}
        createLabel={<FormattedMessage id="guide.form.create" defaultMessage="Créer et passer aux étapes" />}
      />
    </form>
  );
}
