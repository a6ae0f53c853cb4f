import { zodResolver } from '@hookform/resolvers/zod';
import { styled } from '@mulot/ui/styled-system/jsx';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Button } from '../../components/button/button';
import * as Card from '../../components/card/card';
import { type ServerFieldErrors, useServerFieldErrors } from '../validation';
import { PasswordField } from './form-fields';
import { type PasswordChangeValues, passwordChangeSchema } from './schemas';

export interface PasswordChangeFormProps {
  /** Changes the password; when its promise resolves the form is emptied (spec §4), when it rejects it stays. */
  onSubmit: (values: PasswordChangeValues) => unknown;
  pending?: boolean;
  /** Why the last change failed (e.g. a wrong current password), shown in the card. */
  error?: { message?: string } | null;
  /** A server's refusal of named fields, shown on those fields. */
  fieldErrors?: ServerFieldErrors<PasswordChangeValues> | null;
}

const Form = styled('form');
const ErrorMessage = styled('p');

const empty: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** "Sécurité": current, new and confirmed password (spec §2 Profile, rules of spec §5). */
export function PasswordChangeForm({
  onSubmit,
  pending = false,
  error,
  fieldErrors,
}: PasswordChangeFormProps) {
  const intl = useIntl();
  const { register, handleSubmit, reset, setError, formState } = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: empty,
  });
  useServerFieldErrors(fieldErrors, setError);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      reset(empty);
    } catch {
      // The caller passes the failure back as `error`; what was typed stays.
    }
  });
  const busy = pending || formState.isSubmitting;

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title asChild>
          <h2>{intl.formatMessage({ id: 'profile.security.title', defaultMessage: 'Sécurité' })}</h2>
        </Card.Title>
        <Card.Description>
          {intl.formatMessage({
            id: 'profile.security.description',
            defaultMessage: 'Modifiez votre mot de passe. Les autres sessions ouvertes seront déconnectées.',
          })}
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Form noValidate onSubmit={submit} display="flex" flexDirection="column" gap="5">
          <PasswordField
            label={intl.formatMessage({
              id: 'profile.security.current',
              defaultMessage: 'Mot de passe actuel',
            })}
            autoComplete="current-password"
            registration={register('currentPassword')}
            error={formState.errors.currentPassword}
          />
          <PasswordField
            label={intl.formatMessage({ id: 'profile.security.new', defaultMessage: 'Nouveau mot de passe' })}
            autoComplete="new-password"
            registration={register('newPassword')}
            error={formState.errors.newPassword}
          />
          <PasswordField
            label={intl.formatMessage({
              id: 'profile.security.confirm',
              defaultMessage: 'Confirmer le nouveau mot de passe',
            })}
            autoComplete="new-password"
            registration={register('confirmPassword')}
            error={formState.errors.confirmPassword}
          />
          {error && (
            <ErrorMessage role="alert" textStyle="sm" color="fg.error">
              {error.message?.trim() ||
                intl.formatMessage({
                  id: 'profile.security.error',
                  defaultMessage: 'Une erreur est survenue.',
                })}
            </ErrorMessage>
          )}
          <Button
            type="submit"
            alignSelf="flex-end"
            loading={busy}
            loadingText={intl.formatMessage({
              id: 'profile.security.submitting',
              defaultMessage: 'Modification...',
            })}
          >
            {intl.formatMessage({ id: 'profile.security.submit', defaultMessage: 'Changer le mot de passe' })}
          </Button>
        </Form>
      </Card.Body>
    </Card.Root>
  );
}
