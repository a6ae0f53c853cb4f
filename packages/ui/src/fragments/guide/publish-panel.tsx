import { css } from '@mulot/ui/styled-system/css';
import { FilePen, Send } from 'lucide-react';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../components/button/button';
import * as Card from '../../components/card/card';
import { type ScenarioStatus, ScenarioStatusBadge } from '../content/status-badges';

/** Why a draft cannot be published yet (the server refuses it too): said before the click. */
export type PublishBlocker = 'noStep' | 'stepWithoutTarget';

export interface PublishPanelProps {
  status: ScenarioStatus;
  blocker?: PublishBlocker | null;
  pending?: boolean;
  /** Asks for the other status: published when draft, draft when published (spec §4). */
  onStatusChange: (status: ScenarioStatus) => void;
}

const row = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '4',
  flexWrap: 'wrap',
});

export function PublishPanel({ status, blocker, pending, onStatusChange }: PublishPanelProps) {
  const published = status === 'published';
  const reasonId = useId();
  const blocked = !published && Boolean(blocker);
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>
          <FormattedMessage id="guide.publish.title" defaultMessage="Publication" />
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <div className={row}>
          <div
            className={css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2' })}
          >
            <ScenarioStatusBadge status={status} />
            <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>
              {published ? (
                <FormattedMessage
                  id="guide.publish.publishedHelp"
                  defaultMessage="Ce guide est visible par les utilisateurs de l'extension."
                />
              ) : (
                <FormattedMessage
                  id="guide.publish.draftHelp"
                  defaultMessage="Ce guide est un brouillon : seuls les auteurs le voient."
                />
              )}
            </p>
            {blocked && (
              <p id={reasonId} className={css({ textStyle: 'sm', color: 'fg.default' })}>
                {blocker === 'noStep' ? (
                  <FormattedMessage
                    id="guide.publish.needsStep"
                    defaultMessage="Ajoutez au moins une étape pour pouvoir publier ce guide."
                  />
                ) : (
                  <FormattedMessage
                    id="guide.publish.needsTargets"
                    defaultMessage="Chaque étape doit avoir un élément cible pour pouvoir publier ce guide."
                  />
                )}
              </p>
            )}
          </div>
          {published ? (
            <Button variant="outline" loading={pending} onClick={() => onStatusChange('draft')}>
              <FilePen aria-hidden />
              <FormattedMessage id="guide.publish.unpublish" defaultMessage="Mettre en brouillon" />
            </Button>
          ) : (
            <Button
              loading={pending}
              disabled={blocked}
              aria-describedby={blocked ? reasonId : undefined}
              onClick={() => onStatusChange('published')}
            >
              <Send aria-hidden />
              <FormattedMessage id="guide.publish.publish" defaultMessage="Publier" />
            </Button>
          )}
        </div>
      </Card.Body>
    </Card.Root>
  );
}
