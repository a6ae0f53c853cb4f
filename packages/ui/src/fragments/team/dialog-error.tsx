import { styled } from '@mulot/ui/styled-system/jsx';
import { type IntlShape, useIntl } from 'react-intl';

const Message = styled('p');

/** Spec §8: a failed role update or removal says the server's message, else a generic one; null when none failed. */
export function dialogErrorText(
  intl: IntlShape,
  error: { message?: string } | null | undefined,
): string | null {
  if (!error) return null;
  return (
    error.message?.trim() ||
    intl.formatMessage({ id: 'team.dialog.error', defaultMessage: 'Une erreur est survenue.' })
  );
}

/** The failure of a team dialog's form, in red in the dialog. */
export function DialogError({ error }: { error?: { message?: string } | null }) {
  const intl = useIntl();
  const text = dialogErrorText(intl, error);
  if (!text) return null;
  return (
    <Message role="alert" textStyle="sm" color="fg.error">
      {text}
    </Message>
  );
}
