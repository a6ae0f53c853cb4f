import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog';

export type DeletedKind = 'project' | 'category' | 'scenario' | 'step';

export interface DeleteConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: DeletedKind;
  /** Name (or title) of what is deleted. */
  name: string;
  pending?: boolean;
  /** A failed delete: the dialog stays open and says why. */
  error?: string | null;
  onConfirm: () => void;
}

function Title({ kind, name }: { kind: DeletedKind; name: string }) {
  if (kind === 'project')
    return (
      <FormattedMessage
        id="content.delete.project.title"
        defaultMessage="Supprimer le projet « {name} » ?"
        values={{ name }}
      />
    );
  if (kind === 'category')
    return (
      <FormattedMessage
        id="content.delete.category.title"
        defaultMessage="Supprimer la catégorie « {name} » ?"
        values={{ name }}
      />
    );
  if (kind === 'step')
    return (
      <FormattedMessage
        id="content.delete.step.title"
        defaultMessage="Supprimer l'étape « {name} » ?"
        values={{ name }}
      />
    );
  return (
    <FormattedMessage
      id="content.delete.scenario.title"
      defaultMessage="Supprimer le guide « {name} » ?"
      values={{ name }}
    />
  );
}

/** Spec §4: each delete warns what goes with it. */
function Cascade({ kind }: { kind: DeletedKind }) {
  if (kind === 'project')
    return (
      <FormattedMessage
        id="content.delete.project.cascade"
        defaultMessage="Toutes ses catégories, leurs scénarios et leurs étapes seront également supprimés."
      />
    );
  if (kind === 'category')
    return (
      <FormattedMessage
        id="content.delete.category.cascade"
        defaultMessage="Tous ses scénarios et leurs étapes seront également supprimés."
      />
    );
  // the step's screenshot goes with it (foreign key on delete cascade)
  if (kind === 'step')
    return (
      <FormattedMessage
        id="content.delete.step.cascade"
        defaultMessage="Sa capture d'écran sera également supprimée."
      />
    );
  return (
    <FormattedMessage
      id="content.delete.scenario.cascade"
      defaultMessage="Toutes ses étapes et leurs médias seront également supprimés."
    />
  );
}

export function DeleteConfirmDialog({ kind, name, ...props }: DeleteConfirmDialogProps) {
  return (
    <ConfirmDialog
      {...props}
      title={<Title kind={kind} name={name} />}
      description={
        <>
          <Cascade kind={kind} />{' '}
          <FormattedMessage
            id="content.delete.irreversible"
            defaultMessage="Cette action est irréversible."
          />
        </>
      }
      confirmLabel={<FormattedMessage id="content.delete.confirm" defaultMessage="Supprimer" />}
    />
  );
}
