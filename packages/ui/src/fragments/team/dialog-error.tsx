import { styled } from '@mulot/ui/styled-system/jsx';
import { useIntl } from 'react-intl';

const Message = styled('p');

/** Spec §8: a failed role update or removal shows its message in red in the dialog, else a generic one. */
export function DialogError({ error }: { error?: { message?: string } | null }) {
  const intl = useIntl();
  if (!error) return null;
  return (
    <Message role="alert" textStyle="sm" color="fg.error">
      {error.message?.trim() ||
        intl.formatMessage({ id: 'team.dialog.error', defaultMessage: 'Une erreur est survenue.' })}
    </Message>
  );
}
