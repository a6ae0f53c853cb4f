import { css } from '@mulot/ui/styled-system/css';
import { AlertTriangle, Clock, Compass } from 'lucide-react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button/button';
import { EmptyState } from '../../components/empty-state/empty-state';
import { Skeleton } from '../../components/skeleton/skeleton';
import { LaunchGuideButton } from './launch-guide-button';
import { heading, muted, stack } from './styles';

export interface CatalogueGuide {
  id: string;
  title: string;
  description: string;
  minDuration: number;
  maxDuration: number;
}

export interface CatalogueProps {
  /** The current page's domain, e.g. "boutique.example.com". */
  domain: string;
  /** undefined while loading. */
  guides?: CatalogueGuide[];
  error?: boolean;
  onRetry?: () => void;
  onLaunch: (guide: CatalogueGuide) => void;
}

const list = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none' });
const item = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '4',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  bg: 'bg.default',
});
const meta = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  flexWrap: 'wrap',
});
const duration = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  color: 'fg.muted',
  textStyle: 'xs',
  '& > svg': { w: '3.5', h: '3.5' },
});

/** Reader mode: the published guides available on the current site (spec §2 "catalogue"). */
export function Catalogue({ domain, guides, error, onRetry, onLaunch }: CatalogueProps) {
  const intl = useIntl();
  const titleId = useId();
  let body: React.ReactNode;
  if (error)
    body = (
      <div role="alert">
        <EmptyState
          icon={<AlertTriangle />}
          title={
            <FormattedMessage id="runner.catalogue.error" defaultMessage="Impossible de charger les guides" />
          }
          description={
            <FormattedMessage
              id="runner.loadErrorHelp"
              defaultMessage="Veuillez vérifier votre connexion et réessayer."
            />
          }
          action={
            onRetry && (
              <Button variant="outline" onClick={onRetry}>
                <FormattedMessage id="runner.retry" defaultMessage="Réessayer" />
              </Button>
            )
          }
        />
      </div>
    );
  else if (!guides)
    body = (
      <div
        className={stack}
        role="status"
        aria-label={intl.formatMessage({
          id: 'runner.catalogue.loading',
          defaultMessage: 'Chargement des guides...',
        })}
      >
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className={css({ h: '24', borderRadius: 'l2' })} />
        ))}
      </div>
    );
  else if (guides.length === 0)
    body = (
      <EmptyState
        icon={<Compass />}
        title={
          <FormattedMessage
            id="runner.catalogue.empty"
            defaultMessage="Aucun guide disponible pour {domain}"
            values={{ domain }}
          />
        }
        description={
          <FormattedMessage
            id="runner.catalogue.emptyHelp"
            defaultMessage="Les guides publiés pour ce site apparaîtront ici."
          />
        }
      />
    );
  else
    body = (
      <ul className={list} aria-labelledby={titleId}>
        {guides.map((guide) => (
          <li key={guide.id} className={item}>
            <h3 className={css({ fontWeight: 'semibold', fontSize: 'md' })}>{guide.title}</h3>
            <p className={muted}>{guide.description}</p>
            <div className={meta}>
              <span className={duration}>
                <Clock aria-hidden />
                {guide.minDuration === guide.maxDuration ? (
                  <FormattedMessage
                    id="runner.catalogue.durationOne"
                    defaultMessage="{min} min"
                    values={{ min: guide.minDuration }}
                  />
                ) : (
                  <FormattedMessage
                    id="runner.catalogue.duration"
                    defaultMessage="{min} à {max} min"
                    values={{ min: guide.minDuration, max: guide.maxDuration }}
                  />
                )}
              </span>
              <LaunchGuideButton title={guide.title} onClick={() => onLaunch(guide)} />
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <section className={stack}>
      <div>
        <h2 id={titleId} className={heading}>
          <FormattedMessage id="runner.catalogue.title" defaultMessage="Guides disponibles" />
        </h2>
        <p className={muted}>{domain}</p>
      </div>
      {body}
    </section>
  );
}
