import type { FindReason } from '@mulot/player';
import { css } from '@mulot/ui/styled-system/css';
import { Box, Flex, Grid, styled } from '@mulot/ui/styled-system/jsx';
import { ShieldCheck, Wrench } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Button } from '../../components/button/button';
import * as Card from '../../components/card/card';
import { EmptyState } from '../../components/empty-state/empty-state';
import { Skeleton } from '../../components/skeleton/skeleton';
import { FragmentLink } from '../link/link';
import { formatRelative } from '../team/relative-time';
import { findReasonMessages } from './find-reasons';
import { type StepHealth, StepHealthBadge } from './step-health-badge';

export interface RepairStep {
  stepId: string;
  position: number;
  name: string;
  /** the step's page: the creator opens there */
  url: string;
  health: StepHealth;
  /** runs that reached the step, and those among them that failed it (last 30 days) */
  runs: number;
  failures: number;
  failureRate: number;
  lastSeenAt: string | null;
  lastUrl: string | null;
  lastConfidence: number | null;
  /** why the player could not find the target at the latest failure (null or absent: it did not say) */
  lastReason?: FindReason | null;
  /** recaptured since the last failure: waiting for a run that passes */
  repairPending: boolean;
  /** image sources the app resolved (object URLs); null: none exists; undefined: still loading */
  stepScreenshot?: string | null;
  failureScreenshot?: string | null;
}

export interface GuideToRepair {
  scenarioId: string;
  projectId: string;
  title: string;
  projectName: string;
  categoryName: string;
  steps: RepairStep[];
}

export interface GuidesToRepairProps {
  guides: readonly GuideToRepair[];
  loading?: boolean;
  /** Opens the creator at the step, on its page. Absent: no repair button (e.g. the extension is not installed). */
  onRepair?: (guide: GuideToRepair, step: RepairStep) => void;
  /** Reference time for "il y a 2 heures" (stories pin it). */
  now?: Date;
  /** Loads the next guides (the list comes 20 at a time). Absent: every guide is shown, no "Voir plus". */
  onMore?: () => void;
  /** The next guides are on their way. */
  loadingMore?: boolean;
}

const List = styled('ul');
const Figure = styled('figure');
const Caption = styled('figcaption');
const shot = css({
  w: 'full',
  aspectRatio: 'landscape',
  objectFit: 'cover',
  objectPosition: 'top',
  borderWidth: '1px',
  borderRadius: 'l2',
  bg: 'bg.subtle',
});
const missing = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  p: '3',
  textStyle: 'xs',
  color: 'fg.muted',
});

function Screenshot({
  src,
  alt,
  caption,
  none,
}: {
  src: string | null | undefined;
  alt: string;
  caption: string;
  none: string;
}) {
  return (
    <Figure display="flex" flexDirection="column" gap="1.5" m="0">
      {src === undefined ? (
        <Skeleton className={shot} />
      ) : src === null ? (
        <div className={`${shot} ${missing}`}>{none}</div>
      ) : (
        <img src={src} alt={alt} className={shot} />
      )}
      <Caption textStyle="xs" color="fg.muted">
        {caption}
      </Caption>
    </Figure>
  );
}

/** The dashboard's "guides to repair": per failing step, what the author captured beside what the end user saw. */
export function GuidesToRepair({
  guides,
  loading = false,
  onRepair,
  now,
  onMore,
  loadingMore = false,
}: GuidesToRepairProps) {
  const intl = useIntl();
  const reference = now ?? new Date();
  const percent = (value: number) => intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <Card.Root aria-busy={loading || undefined}>
      <Card.Header>
        <Card.Title asChild>
          <h2>{intl.formatMessage({ id: 'health.repair.title', defaultMessage: 'Guides à réparer' })}</h2>
        </Card.Title>
        <Card.Description>
          {intl.formatMessage({
            id: 'health.repair.description',
            defaultMessage:
              "Les étapes que le lecteur n'a pas trouvées (ou mal) chez vos utilisateurs ces 30 derniers jours.",
          })}
        </Card.Description>
      </Card.Header>
      <Card.Body pt="3">
        {loading ? (
          <Flex direction="column" gap="3">
            <Skeleton h="24" />
            <Skeleton h="24" />
          </Flex>
        ) : guides.length === 0 ? (
          <EmptyState
            headingLevel="h3"
            icon={<ShieldCheck />}
            title={intl.formatMessage({ id: 'health.repair.empty', defaultMessage: 'Aucun guide à réparer' })}
            description={intl.formatMessage({
              id: 'health.repair.emptyDescription',
              defaultMessage:
                'Toutes les étapes ont été trouvées par vos utilisateurs ces 30 derniers jours.',
            })}
          />
        ) : (
          <List display="flex" flexDirection="column" gap="6">
            {guides.map((guide) => (
              <li key={guide.scenarioId}>
                <article aria-labelledby={`repair-${guide.scenarioId}`}>
                  <Box mb="3">
                    <h3 id={`repair-${guide.scenarioId}`} className={css({ fontWeight: 'semibold' })}>
                      <FragmentLink
                        href={`/app/projects/${guide.projectId}/scenarios/${guide.scenarioId}`}
                        className={css({ _hover: { textDecoration: 'underline' } })}
                      >
                        {guide.title}
                      </FragmentLink>
                    </h3>
                    <p className={css({ textStyle: 'xs', color: 'fg.muted' })}>
                      {guide.projectName} · {guide.categoryName}
                    </p>
                  </Box>
                  <List display="flex" flexDirection="column" gap="4">
                    {guide.steps.map((step) => (
                      <li key={step.stepId} data-step={step.stepId}>
                        <Grid
                          gridTemplateColumns={{ base: '1fr', md: '1fr 1fr 1.2fr' }}
                          gap="4"
                          p="4"
                          borderWidth="1px"
                          borderRadius="l2"
                          alignItems="start"
                        >
                          <Screenshot
                            src={step.stepScreenshot}
                            alt={intl.formatMessage(
                              {
                                id: 'health.repair.stepShotAlt',
                                defaultMessage: "Capture de l'étape {position} lors de sa création",
                              },
                              { position: step.position },
                            )}
                            caption={intl.formatMessage({
                              id: 'health.repair.stepShot',
                              defaultMessage: 'Capturée par l’auteur',
                            })}
                            none={intl.formatMessage({
                              id: 'health.repair.noStepShot',
                              defaultMessage: "Aucune capture d'écran associée à cette étape.",
                            })}
                          />
                          <Screenshot
                            src={step.failureScreenshot}
                            alt={intl.formatMessage(
                              {
                                id: 'health.repair.failureShotAlt',
                                defaultMessage:
                                  "Page vue par l'utilisateur lors du dernier échec de l'étape {position}",
                              },
                              { position: step.position },
                            )}
                            caption={intl.formatMessage({
                              id: 'health.repair.failureShot',
                              defaultMessage: "Vue par l'utilisateur",
                            })}
                            none={intl.formatMessage({
                              // the extension takes none of a page that is not the guide's (another tab in
                              // front, a site outside the project's)
                              id: 'health.repair.captureUnavailable',
                              defaultMessage: 'Capture non disponible',
                            })}
                          />
                          <Flex direction="column" gap="2" minW="0">
                            <Flex alignItems="center" gap="2" flexWrap="wrap">
                              <h4 className={css({ fontWeight: 'medium' })}>
                                {intl.formatMessage(
                                  { id: 'health.repair.step', defaultMessage: 'Étape {position} : {name}' },
                                  { position: step.position, name: step.name },
                                )}
                              </h4>
                              <StepHealthBadge health={step.health} />
                            </Flex>
                            <dl
                              className={css({
                                display: 'grid',
                                gridTemplateColumns: 'auto 1fr',
                                columnGap: '3',
                                rowGap: '1',
                                textStyle: 'sm',
                              })}
                            >
                              <dt className={css({ color: 'fg.muted' })}>
                                {intl.formatMessage({
                                  id: 'health.repair.rate',
                                  defaultMessage: "Taux d'échec",
                                })}
                              </dt>
                              <dd>
                                {intl.formatMessage(
                                  {
                                    id: 'health.repair.rateValue',
                                    defaultMessage:
                                      '{rate} ({failures} sur {runs, plural, one {# exécution} other {# exécutions}})',
                                  },
                                  {
                                    rate: percent(step.failureRate),
                                    failures: step.failures,
                                    runs: step.runs,
                                  },
                                )}
                              </dd>
                              <dt className={css({ color: 'fg.muted' })}>
                                {intl.formatMessage({
                                  id: 'health.repair.lastSeen',
                                  defaultMessage: 'Dernier échec',
                                })}
                              </dt>
                              <dd>
                                {step.lastSeenAt ? formatRelative(intl, step.lastSeenAt, reference) : '—'}
                              </dd>
                              {step.lastConfidence !== null && (
                                <>
                                  <dt className={css({ color: 'fg.muted' })}>
                                    {intl.formatMessage({
                                      id: 'health.repair.confidence',
                                      defaultMessage: 'Confiance',
                                    })}
                                  </dt>
                                  <dd>{percent(step.lastConfidence)}</dd>
                                </>
                              )}
                              {step.lastReason && (
                                <>
                                  <dt className={css({ color: 'fg.muted' })}>
                                    {intl.formatMessage({
                                      id: 'health.repair.reason',
                                      defaultMessage: 'Cause',
                                    })}
                                  </dt>
                                  <dd>{intl.formatMessage(findReasonMessages[step.lastReason])}</dd>
                                </>
                              )}
                              <dt className={css({ color: 'fg.muted' })}>
                                {intl.formatMessage({ id: 'health.repair.page', defaultMessage: 'Page' })}
                              </dt>
                              <dd className={css({ wordBreak: 'break-all' })}>{step.lastUrl ?? step.url}</dd>
                            </dl>
                            {step.repairPending && (
                              <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>
                                {intl.formatMessage({
                                  id: 'health.repair.pending',
                                  defaultMessage: 'Cible recapturée : en attente d’une exécution réussie.',
                                })}
                              </p>
                            )}
                            {onRepair && (
                              <Box>
                                <Button
                                  size="sm"
                                  variant="outline"
                                  onClick={() => onRepair(guide, step)}
                                  aria-label={intl.formatMessage(
                                    {
                                      id: 'health.repair.actionLabel',
                                      defaultMessage: "Réparer l'étape {position} de « {title} »",
                                    },
                                    { position: step.position, title: guide.title },
                                  )}
                                >
                                  <Wrench aria-hidden />
                                  {intl.formatMessage({
                                    id: 'health.repair.action',
                                    defaultMessage: 'Réparer',
                                  })}
                                </Button>
                              </Box>
                            )}
                          </Flex>
                        </Grid>
                      </li>
                    ))}
                  </List>
                </article>
              </li>
            ))}
          </List>
        )}
        {!loading && guides.length > 0 && onMore && (
          <Flex justifyContent="center" mt="6">
            <Button
              variant="outline"
              onClick={onMore}
              loading={loadingMore}
              loadingText={intl.formatMessage({
                id: 'health.repair.loadingMore',
                defaultMessage: 'Chargement des guides…',
              })}
            >
              {intl.formatMessage({ id: 'health.repair.more', defaultMessage: 'Voir plus' })}
            </Button>
          </Flex>
        )}
      </Card.Body>
    </Card.Root>
  );
}
