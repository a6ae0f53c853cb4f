import { zodResolver } from '@hookform/resolvers/zod';
import { styled } from '@mulot/ui/styled-system/jsx';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Button, CancelButton } from '../../components/button/button';
import { Dialog } from '../../components/dialog';
import * as Field from '../../components/field/field';
import { Input } from '../../components/input/input';
import { type ServerFieldErrors, translateIssue, useServerFieldErrors } from '../validation';
import { DialogError } from './dialog-error';
import { RoleChoice } from './role-choice';
import { type InviteFormValues, type InviteValues, inviteSchema, teamValidationMessages } from './schemas';

export interface InviteMemberDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the invitation; the caller closes the dialog on success (spec §4), keeps it open on failure. */
  onInvite: (values: InviteValues) => void;
  /** A send is under way: "Envoyer l'invitation" is disabled and shows a spinner. */
  pending?: boolean;
  /** A server's refusal of named fields (e.g. the email), shown on those fields. */
  fieldErrors?: ServerFieldErrors<InviteFormValues> | null;
  /** A refusal that belongs to no field (e.g. already a member), shown in the dialog, which stays open. */
  error?: string | null;
}

const Form = styled('form');
const Hint = styled('p');

function InviteForm({
  onInvite,
  onCancel,
  pending,
  fieldErrors,
  error,
}: {
  onInvite: (v: InviteValues) => void;
  onCancel: () => void;
  pending: boolean;
  fieldErrors?: ServerFieldErrors<InviteFormValues> | null;
  error?: string | null;
}) {
  const intl = useIntl();
  const hintId = useId();
  const { register, handleSubmit, control, setError, formState } = useForm<
    InviteFormValues,
    unknown,
    InviteValues
  >({
    resolver: zodResolver(inviteSchema),
    // Spec §5: validated when a field is left, then on every change.
    mode: 'onTouched',
    reValidateMode: 'onChange',
    // Least privilege first: an Admin picks Administrateur on purpose.
    defaultValues: { email: '', role: 'Contributor' },
  });
  useServerFieldErrors(fieldErrors, setError);
  const [email, role] = useWatch({ control, name: ['email', 'role'] });
  const emailError = formState.errors.email?.message;
  const emailErrorText = emailError && translateIssue(intl, emailError, teamValidationMessages);
  const cannotSend = !email?.trim() || !role || pending;
  // A disabled button says nothing by itself: what is missing is written under it and tied to it.
  const missing =
    pending || (email?.trim() && role)
      ? null
      : !email?.trim()
        ? intl.formatMessage({
            id: 'team.invite.missingEmail',
            defaultMessage: "Saisissez l'adresse email de la personne à inviter.",
          })
        : intl.formatMessage({ id: 'team.invite.missingRole', defaultMessage: 'Choisissez un rôle.' });

  return (
    <Form noValidate onSubmit={handleSubmit(onInvite)} display="flex" flexDirection="column" gap="5">
      <Dialog.Body>
        <Field.Root invalid={Boolean(emailErrorText)} required>
          <Field.Label>
            {intl.formatMessage({ id: 'team.invite.email', defaultMessage: 'Adresse email' })}
          </Field.Label>
          <Input
            type="email"
            autoComplete="off"
            placeholder={intl.formatMessage({
              id: 'team.invite.emailPlaceholder',
              defaultMessage: 'collaborateur@exemple.fr',
            })}
            {...register('email')}
          />
          <Field.ErrorText>{emailErrorText}</Field.ErrorText>
        </Field.Root>
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <RoleChoice name="invite-role" value={field.value} onChange={field.onChange} disabled={pending} />
          )}
        />
        {error && <DialogError error={{ message: error }} />}
        {missing && (
          <Hint id={hintId} textStyle="sm" color="fg.muted">
            {missing}
          </Hint>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <CancelButton onClick={onCancel}>
          {intl.formatMessage({ id: 'team.dialog.cancel', defaultMessage: 'Annuler' })}
        </CancelButton>
        <Button
          type="submit"
          disabled={cannotSend}
          loading={pending}
          aria-describedby={missing ? hintId : undefined}
        >
          {!pending && <Send aria-hidden />}
          {intl.formatMessage({ id: 'team.invite.send', defaultMessage: "Envoyer l'invitation" })}
        </Button>
      </Dialog.Footer>
    </Form>
  );
}

/** "Inviter un nouveau membre" (spec §2 Team): an email and a role; an invitation email is sent. */
export function InviteMemberDialog({
  open,
  onOpenChange,
  onInvite,
  pending = false,
  fieldErrors,
  error,
}: InviteMemberDialogProps) {
  const intl = useIntl();
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>
            {intl.formatMessage({ id: 'team.invite.title', defaultMessage: 'Inviter un nouveau membre' })}
          </Dialog.Title>
          <Dialog.Description>
            {intl.formatMessage({
              id: 'team.invite.description',
              defaultMessage:
                "Un email d'invitation sera envoyé à cette adresse pour rejoindre votre organisation.",
            })}
          </Dialog.Description>
        </Dialog.Header>
        {/* Mounted with the dialog (unmountOnExit): every opening starts with an empty form. */}
        <InviteForm
          onInvite={onInvite}
          onCancel={() => onOpenChange(false)}
          pending={pending}
          fieldErrors={fieldErrors}
          error={error}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}
