import { css } from '@mulot/ui/styled-system/css';
import { button } from '@mulot/ui/styled-system/recipes';
import { ArrowLeft, FileQuestion, SearchX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button/button';
import { EmptyState } from '../../components/empty-state/empty-state';
import { Skeleton } from '../../components/skeleton/skeleton';
import { FragmentLink } from '../link/link';

const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
  gap: '4',
});

export interface CollectionStateProps {
  /** What the list holds, for the busy region's name (e.g. "Chargement des projets"). */
  loadingLabel: string;
  loading?: boolean;
  /** A load failure: the message is shown, with a retry button when `retryable`. */
  error?: string | null;
  /**
   * Whether trying again can help (a network failure, a 5xx). A refusal (4xx) gives the same answer every
   * time, so it offers neither the retry button nor the "check your connection" hint.
   */
  retryable?: boolean;
  onRetry?: () => void;
  /** Nothing at all exists yet. */
  empty: boolean;
  emptyTitle: ReactNode;
  emptyDescription?: ReactNode;
  emptyAction?: ReactNode;
  emptyIcon?: ReactNode;
  /** A search is active and matched nothing (only checked when not empty). */
  noResult: boolean;
  search?: string;
  onClearSearch?: () => void;
  /** The cards. */
  children: ReactNode;
}

/** The states every content list goes through: loading, error, empty, no result, then its cards in a grid. */
export function CollectionState(props: CollectionStateProps) {
  const intl = useIntl();
  const retryable = props.retryable ?? true;
  if (props.loading)
    return (
      <div className={grid} role="status" aria-busy="true" aria-label={props.loadingLabel}>
        <Skeleton h="40" />
        <Skeleton h="40" />
        <Skeleton h="40" />
      </div>
    );
  if (props.error)
    return (
      <div role="alert">
        <EmptyState
          icon={<TriangleAlert />}
          title={<FormattedMessage id="content.list.error" defaultMessage="Une erreur est survenue" />}
          description={
            <>
              <FormattedMessage
                id="content.list.errorDetail"
                defaultMessage="Erreur lors du chargement: {detail}"
                values={{ detail: props.error }}
              />
              {retryable && (
                <>
                  {' '}
                  <FormattedMessage
                    id="content.list.errorHint"
                    defaultMessage="Veuillez vérifier votre connexion et réessayer."
                  />
                </>
              )}
            </>
          }
          action={
            retryable &&
            props.onRetry && (
              <Button variant="outline" onClick={props.onRetry}>
                <FormattedMessage id="content.list.retry" defaultMessage="Réessayer" />
              </Button>
            )
          }
        />
      </div>
    );
  if (props.empty)
    return (
      <EmptyState
        icon={props.emptyIcon}
        title={props.emptyTitle}
        description={props.emptyDescription}
        action={props.emptyAction}
      />
    );
  if (props.noResult)
    return (
      <EmptyState
        icon={<SearchX />}
        title={<FormattedMessage id="content.list.noResult" defaultMessage="Aucun résultat" />}
        description={intl.formatMessage(
          {
            id: 'content.list.noResultDescription',
            defaultMessage: 'Aucun élément ne correspond à « {search} ».',
          },
          { search: props.search ?? '' },
        )}
        action={
          props.onClearSearch && (
            <Button variant="outline" onClick={props.onClearSearch}>
              <FormattedMessage id="content.list.clearSearch" defaultMessage="Effacer la recherche" />
            </Button>
          )
        }
      />
    );
  return <div className={grid}>{props.children}</div>;
}

export type MissingRecord = 'project' | 'category' | 'scenario';

export interface RecordNotFoundProps {
  kind: MissingRecord;
  /** Where to go instead: the list or parent the record belonged to. */
  backHref: string;
}

/**
 * A record that does not exist (404: a wrong link, or deleted since): said as such, with the way back to where
 * it belonged. Not an outage, so no retry and no word about the connection.
 */
export function RecordNotFound({ kind, backHref }: RecordNotFoundProps) {
  const title = {
    project: <FormattedMessage id="content.notFound.project" defaultMessage="Projet introuvable" />,
    category: <FormattedMessage id="content.notFound.category" defaultMessage="Catégorie introuvable" />,
    scenario: <FormattedMessage id="content.notFound.scenario" defaultMessage="Guide introuvable" />,
  }[kind];
  const description = {
    project: (
      <FormattedMessage
        id="content.notFound.projectText"
        defaultMessage="Ce projet n'existe pas ou a été supprimé."
      />
    ),
    category: (
      <FormattedMessage
        id="content.notFound.categoryText"
        defaultMessage="Cette catégorie n'existe pas ou a été supprimée."
      />
    ),
    scenario: (
      <FormattedMessage
        id="content.notFound.scenarioText"
        defaultMessage="Ce guide n'existe pas ou a été supprimé."
      />
    ),
  }[kind];
  return (
    <div data-testid="record-not-found">
      <EmptyState
        icon={<FileQuestion />}
        headingLevel="h1"
        title={title}
        description={description}
        action={
          <FragmentLink href={backHref} className={button({ variant: 'outline' })}>
            <ArrowLeft aria-hidden />
            {kind === 'project' ? (
              <FormattedMessage id="content.notFound.backToProjects" defaultMessage="Retour aux projets" />
            ) : (
              <FormattedMessage id="content.notFound.backToProject" defaultMessage="Retour au projet" />
            )}
          </FragmentLink>
        }
      />
    </div>
  );
}

/** Case- and accent-insensitive match of a search against some texts (name, description…). */
export function matchesSearch(search: string, ...texts: (string | null | undefined)[]): boolean {
  const fold = (value: string) =>
    value
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const needle = fold(search.trim());
  if (!needle) return true;
  return texts.some((text) => text != null && fold(text).includes(needle));
}
