import { css } from '@mulot/ui/styled-system/css';
import { AlertTriangle, ArrowLeft, ArrowRight, PartyPopper, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, IconButton } from '../../components/button/button';
import { EmptyState } from '../../components/empty-state/empty-state';
import * as Progress from '../../components/progress/progress';
import { Spinner } from '../../components/spinner/spinner';
import { PrerequisitePrompt, type PrerequisitePromptProps } from '../guide/prerequisites';
import { footer, heading, muted, notice, row, stack, thumbnail } from './styles';

export interface RunnerStep {
  id: string;
  name: string;
  text: string;
  extra?: string | null;
}

/**
 * Where the step's target stands on the page: waiting (still looked for, e.g. while the page renders),
 * anchored (highlighted), missing (the step has no target defined), unanchored (not found: the step is shown
 * with its captured screenshot instead).
 */
export type RunnerTarget = 'waiting' | 'anchored' | 'missing' | 'unanchored';

/** The player's autoClick states (packages/player ClickState). */
export type RunnerClickState = 'clicking' | 'clicked' | 'failed';

export interface GuideRunnerProps {
  title: string;
  /** undefined while the guide loads. */
  steps?: RunnerStep[];
  /** The guide could not be loaded. */
  error?: boolean;
  onRetry?: () => void;
  /** Current step (0-based); steps.length means the guide is finished (congratulations). */
  index: number;
  onIndexChange: (index: number) => void;
  prerequisites?: PrerequisitePromptProps['prerequisites'];
  /** A prerequisite's own guide launched from the prompt (where guides can be played: the extension). */
  onLaunchPrerequisite?: PrerequisitePromptProps['onLaunch'];
  /**
   * "Commencer le guide" after the prerequisites. Given, the caller starts the run (the extension records it and
   * shows the steps on the page); otherwise the runner goes on to the first step by itself.
   */
  onStart?: () => void;
  target?: RunnerTarget;
  /** The step's captured screenshot, shown when the target is unanchored. */
  screenshot?: string | null;
  clickState?: RunnerClickState | null;
  /** Given, an auto-click under way can be paused: the user then does the step themselves. */
  onPauseClick?: () => void;
  /** Escape or the close button: leave the guide. */
  onQuit: () => void;
  /** "Retour à l'accueil" on the congratulations screen. */
  onHome: () => void;
}

const header = css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' });
const stepTitle = css({ fontSize: 'md', fontWeight: 'semibold', color: 'fg.default' });
const stepText = css({ textStyle: 'sm', color: 'fg.default', whiteSpace: 'pre-line' });

/** Reader mode: plays a guide step by step (spec §2 "Guide runner", §4). */
export function GuideRunner(props: GuideRunnerProps) {
  const { title, onQuit } = props;
  const intl = useIntl();
  const rootRef = useRef<HTMLElement>(null);
  const titleId = useId();

  // Escape leaves the guide wherever focus is (the page or the panel); the listener sits on the panel's
  // document, which is the page's also inside a shadow root.
  useEffect(() => {
    const doc = rootRef.current?.ownerDocument ?? document;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onQuit();
    };
    doc.addEventListener('keydown', onKey);
    return () => doc.removeEventListener('keydown', onKey);
  }, [onQuit]);

  return (
    <section ref={rootRef} className={stack} aria-labelledby={titleId}>
      <div className={header}>
        <h2 id={titleId} className={heading}>
          {title}
        </h2>
        <IconButton
          size="sm"
          variant="plain"
          aria-label={intl.formatMessage({ id: 'runner.quit', defaultMessage: 'Quitter le guide' })}
          onClick={onQuit}
        >
          <X aria-hidden />
        </IconButton>
      </div>
      <RunnerBody {...props} />
    </section>
  );
}

function RunnerBody({
  title,
  steps,
  error,
  onRetry,
  index,
  onIndexChange,
  prerequisites = [],
  onLaunchPrerequisite,
  onStart,
  target = 'anchored',
  screenshot,
  clickState,
  onPauseClick,
  onHome,
}: GuideRunnerProps) {
  const intl = useIntl();
  // A resumed run (index > 0, e.g. after a full page load) has already been started.
  const [started, setStarted] = useState((prerequisites.length === 0 && !onStart) || index > 0);

  if (error)
    return (
      <div role="alert">
        <EmptyState
          icon={<AlertTriangle />}
          title={<FormattedMessage id="runner.loadError" defaultMessage="Impossible de charger le guide" />}
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
  if (!steps)
    return (
      <div className={css({ display: 'flex', justifyContent: 'center', py: '6' })}>
        <Spinner
          label={intl.formatMessage({ id: 'runner.loading', defaultMessage: 'Chargement du guide...' })}
        />
      </div>
    );
  if (steps.length === 0)
    return (
      <EmptyState
        title={
          <FormattedMessage
            id="runner.noSteps"
            defaultMessage="Ce guide ne contient pas d'étapes configurées."
          />
        }
      />
    );
  if (!started)
    return (
      <div className={stack}>
        <PrerequisitePrompt prerequisites={prerequisites} onLaunch={onLaunchPrerequisite} />
        <div className={footer}>
          <Button onClick={() => (onStart ? onStart() : setStarted(true))}>
            <FormattedMessage id="runner.start" defaultMessage="Commencer le guide" />
          </Button>
        </div>
      </div>
    );

  const total = steps.length;
  const done = index >= total;
  const current = Math.min(Math.max(index, 0), total);
  const percent = Math.round((current / total) * 100);

  const progress = (
    <Progress.Root value={percent} min={0} max={100}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', mb: '1.5' })}>
        <Progress.Label className={muted}>
          {done ? (
            <FormattedMessage id="runner.progressDone" defaultMessage="Guide terminé" />
          ) : (
            <FormattedMessage
              id="runner.stepOf"
              defaultMessage="Étape {current} sur {total}"
              values={{ current: current + 1, total }}
            />
          )}
        </Progress.Label>
        <span className={muted}>
          <FormattedMessage
            id="runner.percent"
            defaultMessage="{percent} terminé"
            values={{ percent: intl.formatNumber(percent / 100, { style: 'percent' }) }}
          />
        </span>
      </div>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );

  if (done)
    return (
      <div className={stack}>
        {progress}
        <EmptyState
          icon={<PartyPopper />}
          title={<FormattedMessage id="runner.congratulations" defaultMessage="Félicitations !" />}
          description={
            <FormattedMessage
              id="runner.congratulationsText"
              defaultMessage="Vous avez terminé le guide « {title} »."
              values={{ title }}
            />
          }
          action={
            <Button onClick={onHome}>
              <FormattedMessage id="runner.home" defaultMessage="Retour à l'accueil" />
            </Button>
          }
        />
      </div>
    );

  const step = steps[current] as RunnerStep;
  const clicking = clickState === 'clicking';
  return (
    <div className={stack}>
      {progress}
      <article className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h3 className={stepTitle}>{step.name}</h3>
        <p className={stepText}>{step.text}</p>
        {step.extra && <p className={muted}>{step.extra}</p>}
      </article>
      {target === 'waiting' && (
        <p className={row}>
          <Spinner decorative size="sm" />
          <span className={muted}>
            <FormattedMessage id="runner.waiting" defaultMessage="Recherche de l'élément sur la page..." />
          </span>
        </p>
      )}
      {target === 'missing' && (
        <p className={notice}>
          <AlertTriangle aria-hidden />
          <FormattedMessage
            id="runner.noTarget"
            defaultMessage="Aucun élément cible défini pour cette étape."
          />
        </p>
      )}
      {target === 'unanchored' && (
        <div className={stack}>
          <p className={notice}>
            <AlertTriangle aria-hidden />
            <FormattedMessage
              id="runner.unanchored"
              defaultMessage="L'élément de cette étape est introuvable sur la page. Repérez-le grâce à la capture ci-dessous."
            />
          </p>
          {screenshot ? (
            <img
              className={thumbnail}
              src={screenshot}
              alt={intl.formatMessage(
                { id: 'runner.screenshotAlt', defaultMessage: "Capture d'écran de l'étape « {name} »" },
                { name: step.name },
              )}
            />
          ) : (
            <p className={muted}>
              <FormattedMessage
                id="runner.noScreenshot"
                defaultMessage="Aucune capture d'écran associée à cette étape."
              />
            </p>
          )}
        </div>
      )}
      <div role="status" className={row}>
        {clicking && (
          <>
            <Spinner decorative size="sm" />
            <span className={muted}>
              <FormattedMessage id="runner.clicking" defaultMessage="Clic automatique en cours..." />
            </span>
          </>
        )}
        {clickState === 'failed' && (
          <span className={muted}>
            <FormattedMessage
              id="runner.clickFailed"
              defaultMessage="Le clic automatique n'a pas abouti : cliquez vous-même sur l'élément mis en évidence."
            />
          </span>
        )}
      </div>
      {clicking && onPauseClick && (
        <Button
          size="xs"
          variant="outline"
          onClick={onPauseClick}
          className={css({ alignSelf: 'flex-start' })}
        >
          <FormattedMessage id="runner.pauseClick" defaultMessage="Mettre en pause le clic automatique" />
        </Button>
      )}
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3' })}>
        <Button
          variant="outline"
          onClick={() => onIndexChange(current - 1)}
          disabled={current === 0 || clicking}
        >
          <ArrowLeft aria-hidden />
          <FormattedMessage id="runner.previous" defaultMessage="Précédent" />
        </Button>
        <Button onClick={() => onIndexChange(current + 1)} disabled={clicking}>
          {current === total - 1 ? (
            <FormattedMessage id="runner.finish" defaultMessage="Terminer" />
          ) : (
            <FormattedMessage id="runner.next" defaultMessage="Suivant" />
          )}
          <ArrowRight aria-hidden />
        </Button>
      </div>
    </div>
  );
}
