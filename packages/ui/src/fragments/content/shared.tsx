import { css } from '@mulot/ui/styled-system/css';
import { Ellipsis, Pencil, Trash2 } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { IconButton } from '../../components/button/button';
import * as Menu from '../../components/menu/menu';

/** Dates in the short format of the current locale (spec §9: French short format, e.g. 21/11/2026). */
export function useShortDate() {
  const intl = useIntl();
  return (value: string | Date) => intl.formatDate(value, { dateStyle: 'short' });
}

export function Duration({ min, max }: { min: number; max: number }) {
  return <FormattedMessage id="content.duration" defaultMessage="{min}-{max} min" values={{ min, max }} />;
}

export function StepCount({ count }: { count: number }) {
  return (
    <FormattedMessage
      id="content.stepCount"
      defaultMessage="{count, plural, =0 {Aucune étape} one {# étape} other {# étapes}}"
      values={{ count }}
    />
  );
}

/** The ⋯ menu of a card: edit and delete (the caller confirms the delete). */
export function ActionsMenu({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const intl = useIntl();
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => (value === 'edit' ? onEdit() : onDelete())}
    >
      <Menu.Trigger asChild>
        <IconButton
          variant="plain"
          size="sm"
          className={css({ position: 'relative', zIndex: '1' })}
          aria-label={intl.formatMessage(
            { id: 'content.actions.label', defaultMessage: 'Actions pour {name}' },
            { name },
          )}
        >
          <Ellipsis aria-hidden />
        </IconButton>
      </Menu.Trigger>
      <Menu.Content>
        <Menu.Item value="edit">
          <Pencil aria-hidden />
          <FormattedMessage id="content.actions.edit" defaultMessage="Modifier" />
        </Menu.Item>
        <Menu.Item value="delete" destructive>
          <Trash2 aria-hidden />
          <FormattedMessage id="content.actions.delete" defaultMessage="Supprimer" />
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  );
}

/** Title link stretched over the whole card, so the card is one click target and one tab stop. */
export const stretchedLink = css({
  color: 'fg.default',
  textDecoration: 'none',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: 'none' },
  _after: { content: '""', position: 'absolute', inset: '0' },
});

export const metaRow = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '3',
  textStyle: 'sm',
  color: 'fg.muted',
});
