import { zodResolver } from '@hookform/resolvers/zod';
import { css } from '@mulot/ui/styled-system/css';
import { Globe, Plus, X } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { z } from 'zod';
import { Button, IconButton } from '../../components/button/button';
import * as Dialog from '../../components/dialog/dialog';
import * as Field from '../../components/field/field';
import { Input } from '../../components/input/input';
import { Textarea } from '../../components/textarea/textarea';
import {
  LIMITS,
  limitMessages,
  type ServerFieldErrors,
  tooLongText,
  useServerFieldErrors,
} from '../validation';
import { FormActions } from './shared';

export type ProjectFormMode = 'create' | 'edit';

/** Spec §5: name required; sites are trimmed text without duplicates; creating needs at least one site. */
export function createProjectSchema(intl: IntlShape, mode: ProjectFormMode) {
  const sites = z
    .array(z.string().trim().max(LIMITS.site, tooLongText(intl, LIMITS.site)))
    .max(LIMITS.sites, intl.formatMessage(limitMessages.tooManySites, { max: LIMITS.sites }))
    .refine((list) => new Set(list).size === list.length, {
      message: intl.formatMessage({
        id: 'content.projectForm.siteDuplicate',
        defaultMessage: 'Ce site est déjà dans la liste',
      }),
    });
  return z.object({
    name: z
      .string()
      .trim()
      .min(
        1,
        intl.formatMessage({
          id: 'content.projectForm.nameRequired',
          defaultMessage: 'Le nom du projet est requis',
        }),
      )
      .max(LIMITS.name, tooLongText(intl, LIMITS.name)),
    description: z.string().trim().max(LIMITS.text, tooLongText(intl, LIMITS.text)),
    sites:
      mode === 'create'
        ? sites.min(
            1,
            intl.formatMessage({
              id: 'content.projectForm.siteRequired',
              defaultMessage: 'Ajoutez au moins un site',
            }),
          )
        : sites,
  });
}

export type ProjectFormValues = z.infer<ReturnType<typeof createProjectSchema>>;

/** Why a typed site is not an http(s) origin (the same reasons as the server's `field.site`). */
export type SiteRefusal = 'empty' | 'scheme' | 'credentials' | 'host';

/**
 * A typed site → its http(s) origin, or why not. The app passes the one normalizer the server uses too
 * (`@mulot/api-client/site`), so the form accepts exactly what the server stores.
 */
export type SiteNormalizer = (
  input: string,
) => { ok: true; origin: string } | { ok: false; reason: SiteRefusal };

const trimmedSite: SiteNormalizer = (input) =>
  input.trim() ? { ok: true, origin: input.trim() } : { ok: false, reason: 'empty' };

function siteRefusalText(intl: IntlShape, reason: SiteRefusal): string {
  switch (reason) {
    case 'scheme':
      return intl.formatMessage({
        id: 'content.projectForm.siteScheme',
        defaultMessage: 'Seules les adresses http:// et https:// sont acceptées',
      });
    case 'credentials':
      return intl.formatMessage({
        id: 'content.projectForm.siteCredentials',
        defaultMessage: "L'adresse du site ne doit contenir ni identifiant ni mot de passe",
      });
    default:
      return intl.formatMessage({
        id: 'content.projectForm.siteInvalid',
        defaultMessage: 'Veuillez entrer une adresse de site valide (ex. : www.exemple.fr)',
      });
  }
}

export interface ProjectFormProps {
  mode: ProjectFormMode;
  defaultValues?: Partial<ProjectFormValues>;
  pending?: boolean;
  /** A failed save, shown above the buttons. */
  error?: string | null;
  /** A server's refusal of named fields, shown on those fields. */
  fieldErrors?: ServerFieldErrors<ProjectFormValues> | null;
  /** Turns a typed site into its origin (spec §5: `https://` added when there is no scheme), or refuses it. */
  normalizeSite?: SiteNormalizer;
  onSubmit: (values: ProjectFormValues) => void;
  onCancel?: () => void;
}

const form = css({ display: 'flex', flexDirection: 'column', gap: '5' });
const siteRow = css({ display: 'flex', gap: '2' });
const siteList = css({ display: 'flex', flexDirection: 'column', gap: '1.5' });
const siteItem = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  pl: '3',
  pr: '1',
  py: '1',
  borderWidth: '1px',
  borderRadius: 'l2',
  textStyle: 'sm',
  '& > svg': { w: '4', h: '4', color: 'fg.muted', flexShrink: '0' },
});
const siteText = css({ flex: '1', minW: '0', overflow: 'hidden', textOverflow: 'ellipsis' });

export function ProjectForm({
  mode,
  defaultValues,
  pending,
  error,
  fieldErrors,
  normalizeSite = trimmedSite,
  onSubmit,
  onCancel,
}: ProjectFormProps) {
  const intl = useIntl();
  const schema = useMemo(() => createProjectSchema(intl, mode), [intl, mode]);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    setError,
    formState: { errors },
  } = useForm<ProjectFormValues>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: { name: '', description: '', sites: [], ...defaultValues },
  });
  useServerFieldErrors(fieldErrors, setError);
  const sites = watch('sites');
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);

  /** Adds the typed site as its origin unless empty, refused or already listed; reports whether it is settled. */
  const commitDraft = (): boolean => {
    if (!draft.trim()) return true;
    const result = normalizeSite(draft);
    if (!result.ok) {
      setDraftError(siteRefusalText(intl, result.reason));
      return false;
    }
    const site = result.origin;
    if (sites.includes(site)) {
      setDraftError(
        intl.formatMessage({
          id: 'content.projectForm.siteDuplicate',
          defaultMessage: 'Ce site est déjà dans la liste',
        }),
      );
      return false;
    }
    setValue('sites', [...sites, site], { shouldValidate: true, shouldDirty: true });
    setDraft('');
    setDraftError(null);
    return true;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!commitDraft()) return;
    void handleSubmit(onSubmit)(event);
  };

  const sitesError = draftError ?? errors.sites?.message ?? errors.sites?.root?.message;

  return (
    <form className={form} onSubmit={submit} noValidate>
      <Field.Root invalid={!!errors.name} required>
        <Field.Label>
          <FormattedMessage id="content.projectForm.name" defaultMessage="Nom du projet" />
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          {...register('name')}
          placeholder={intl.formatMessage({
            id: 'content.projectForm.namePlaceholder',
            defaultMessage: 'Mon site e-commerce',
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
      <Field.Root invalid={!!sitesError} required={mode === 'create'}>
        <Field.Label>
          <FormattedMessage id="content.projectForm.sites" defaultMessage="Sites" />
          {mode === 'create' && <Field.RequiredIndicator />}
        </Field.Label>
        <div className={siteRow}>
          <Input
            value={draft}
            placeholder="https://www.exemple.fr"
            onChange={(event) => {
              setDraft(event.target.value);
              setDraftError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commitDraft();
              }
            }}
          />
          <Button variant="outline" onClick={commitDraft} disabled={!draft.trim()}>
            <Plus aria-hidden />
            <FormattedMessage id="content.projectForm.addSite" defaultMessage="Ajouter" />
          </Button>
        </div>
        <Field.HelperText>
          <FormattedMessage
            id="content.projectForm.sitesHelp"
            defaultMessage="Adresse racine d'un site où les guides seront joués."
          />
        </Field.HelperText>
        <Field.ErrorText>{sitesError}</Field.ErrorText>
      </Field.Root>
      {sites.length > 0 && (
        <ul
          className={siteList}
          aria-label={intl.formatMessage({
            id: 'content.projectForm.siteList',
            defaultMessage: 'Sites du projet',
          })}
        >
          {sites.map((site) => (
            <li key={site} className={siteItem}>
              <Globe aria-hidden />
              <span className={siteText}>{site}</span>
              <IconButton
                variant="plain"
                size="xs"
                aria-label={intl.formatMessage(
                  { id: 'content.projectForm.removeSite', defaultMessage: 'Retirer {site}' },
                  { site },
                )}
                onClick={() =>
                  setValue(
                    'sites',
                    sites.filter((s) => s !== site),
                    { shouldValidate: true, shouldDirty: true },
                  )
                }
              >
                <X aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <FormActions
        mode={mode}
        pending={pending}
        error={error}
        onCancel={onCancel}
        createLabel={<FormattedMessage id="content.projectForm.create" defaultMessage="Créer le projet" />}
      />
    </form>
  );
}

export interface ProjectDialogProps extends Omit<ProjectFormProps, 'onCancel'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ProjectDialog({ open, onOpenChange, ...props }: ProjectDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={({ open }) => onOpenChange(open)}>
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>
            {props.mode === 'create' ? (
              <FormattedMessage id="content.projectDialog.createTitle" defaultMessage="Nouveau projet" />
            ) : (
              <FormattedMessage id="content.projectDialog.editTitle" defaultMessage="Modifier le projet" />
            )}
          </Dialog.Title>
          <Dialog.Description>
            <FormattedMessage
              id="content.projectDialog.description"
              defaultMessage="Un projet regroupe les catégories et les guides d'un ou plusieurs sites."
            />
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <ProjectForm {...props} onCancel={() => onOpenChange(false)} />
        </Dialog.Body>
      </Dialog.Content>
    </Dialog.Root>
  );
}
