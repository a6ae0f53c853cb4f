import { zodResolver } from '@hookform/resolvers/zod';
import { Grid, styled } from '@mulot/ui/styled-system/jsx';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Button } from '../../components/button/button';
import * as Card from '../../components/card/card';
import { type ServerFieldErrors, useServerFieldErrors } from '../validation';
import { TextField } from './form-fields';
import { type PersonalInfoValues, personalInfoSchema } from './schemas';

export interface PersonalInfoFormProps {
  /** The saved names; the form follows them when they change (after a save, or once loaded). */
  defaultValues: PersonalInfoValues;
  /** Saves; a rejected promise leaves the form as typed (the caller reports the failure). */
  onSubmit: (values: PersonalInfoValues) => unknown;
  /** A save is under way (also true while `onSubmit`'s promise is pending). */
  pending?: boolean;
  /** A server's refusal of named fields, shown on those fields. */
  fieldErrors?: ServerFieldErrors<PersonalInfoValues> | null;
}

const Form = styled('form');

/** "Informations personnelles": first and last name (spec §2 Profile, rules of spec §5). */
export function PersonalInfoForm({
  defaultValues,
  onSubmit,
  pending = false,
  fieldErrors,
}: PersonalInfoFormProps) {
  const intl = useIntl();
  const { register, handleSubmit, reset, setError, formState } = useForm<PersonalInfoValues>({
    resolver: zodResolver(personalInfoSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues,
  });
  useServerFieldErrors(fieldErrors, setError);
  const { firstname, lastname } = defaultValues;
  useEffect(() => {
    reset({ firstname, lastname });
  }, [firstname, lastname, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch {
      // The caller shows why; the typed values stay so the user can retry.
    }
  });
  const busy = pending || formState.isSubmitting;

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title asChild>
          <h2>
            {intl.formatMessage({ id: 'profile.info.title', defaultMessage: 'Informations personnelles' })}
          </h2>
        </Card.Title>
        <Card.Description>
          {intl.formatMessage({
            id: 'profile.info.description',
            defaultMessage: 'Mettez à jour votre prénom et votre nom.',
          })}
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Form noValidate onSubmit={submit} display="flex" flexDirection="column" gap="5">
          <Grid gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <TextField
              label={intl.formatMessage({ id: 'profile.info.firstname', defaultMessage: 'Prénom' })}
              placeholder={intl.formatMessage({
                id: 'profile.info.firstnamePlaceholder',
                defaultMessage: 'Votre prénom',
              })}
              autoComplete="given-name"
              registration={register('firstname')}
              error={formState.errors.firstname}
            />
            <TextField
              label={intl.formatMessage({ id: 'profile.info.lastname', defaultMessage: 'Nom' })}
              placeholder={intl.formatMessage({
                id: 'profile.info.lastnamePlaceholder',
                defaultMessage: 'Votre nom',
              })}
              autoComplete="family-name"
              registration={register('lastname')}
              error={formState.errors.lastname}
            />
          </Grid>
          <Button
            type="submit"
            alignSelf="flex-end"
            loading={busy}
            loadingText={intl.formatMessage({ id: 'profile.info.saving', defaultMessage: 'Sauvegarde...' })}
          >
            {intl.formatMessage({ id: 'profile.info.save', defaultMessage: 'Sauvegarder les modifications' })}
          </Button>
        </Form>
      </Card.Body>
    </Card.Root>
  );
}
