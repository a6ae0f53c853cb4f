import { css } from '@mulot/ui/styled-system/css';
import { Ellipsis, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, CancelButton, IconButton } from '../../components/button/button';
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

export function ScenarioCount({ count }: { count: number }) {
  return (
    <FormattedMessage
      id="content.projectCard.scenarios"
      defaultMessage="{count, plural, =0 {Aucun scénario} one {# scénario} other {# scénarios}}"
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
          className={css({ position: 'relative', zIndex: 'raised' })}
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

const formFooter = css({ display: 'flex', justifyContent: 'flex-end', gap: '3' });
const formError = css({ color: 'fg.error', textStyle: 'sm' });

/** The end of a create or edit form: the server's refusal, Cancel, and the submit button with its pending label. */
export function FormActions({
  mode,
  pending,
  error,
  onCancel,
  createLabel,
}: {
  mode: 'create' | 'edit';
  pending?: boolean;
  error?: string | null;
  onCancel?: () => void;
  createLabel: ReactNode;
}) {
  return (
    <>
      {error && (
        <p role="alert" className={formError}>
          {error}
        </p>
      )}
      <div className={formFooter}>
        {onCancel && (
          <CancelButton onClick={onCancel} disabled={pending}>
            <FormattedMessage id="content.dialog.cancel" defaultMessage="Annuler" />
          </CancelButton>
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
            createLabel
          ) : (
            <FormattedMessage id="content.form.save" defaultMessage="Enregistrer" />
          )}
        </Button>
      </div>
    </>
  );
}
