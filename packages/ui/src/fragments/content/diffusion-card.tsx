import { Clipboard } from '@ark-ui/react/clipboard';
import { css } from '@mulot/ui/styled-system/css';
import { Check, CircleCheck, CircleDashed, Copy, KeyRound } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Button } from '../../components/button/button';
import * as Card from '../../components/card/card';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog';
import { Skeleton } from '../../components/skeleton/skeleton';

/** One of the project's sites and the last public call seen from it (`GET /projects/{id}/diffusion`). */
export interface SiteInstallation {
  site: string;
  seenOrigin: string | null;
  lastSeenAt: string | null;
}

export interface DiffusionCardProps {
  /** The Mulot server's public address (an origin): where the snippet loads from and the extension calls. */
  mulotUrl: string;
  siteKey: string;
  /** Each site's installation status; undefined while it loads. */
  installations: SiteInstallation[] | undefined;
  /** Why the statuses could not be read (the rest of the card stays usable). */
  statusError?: string | null;
  /** Only Admins change the key: the others do not see the action. */
  canRotate: boolean;
  rotateOpen: boolean;
  onRotateOpenChange: (open: boolean) => void;
  onRotate: () => void;
  rotating?: boolean;
  /** A refused rotation: the dialog stays open and says why. */
  rotateError?: string | null;
  /** The present, for the relative times (stories fix it). */
  now?: Date;
}

/** The line a site owner pastes in their pages (issue 39). */
export function snippetOf(mulotUrl: string, siteKey: string): string {
  return `<script async src="${mulotUrl}/embed.js" data-site-key="${siteKey}"></script>`;
}

/**
 * The policy an organization sets for the extension on the browsers it manages (`chrome.storage.managed`): the keys
 * of the extension's managed-schema.json.
 */
export function managedPolicyOf(mulotUrl: string, siteKey: string): string {
  return JSON.stringify({ mulotAddress: mulotUrl, siteKeys: [siteKey] }, null, 2);
}

const MINUTE = 60_000;

/** "il y a 3 min", "il y a 2 h", "il y a 5 j" in the current locale; null within the first minute ("à l'instant"). */
function sinceText(intl: IntlShape, at: string, now: Date): string | null {
  const elapsed = Math.max(0, now.getTime() - Date.parse(at));
  const short = { numeric: 'auto', style: 'short' } as const;
  if (elapsed < MINUTE) return null;
  const minutes = Math.floor(elapsed / MINUTE);
  if (minutes < 60) return intl.formatRelativeTime(-minutes, 'minute', short);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return intl.formatRelativeTime(-hours, 'hour', short);
  return intl.formatRelativeTime(-Math.floor(hours / 24), 'day', short);
}

const section = css({ display: 'flex', flexDirection: 'column', gap: '2', minW: '0' });
const heading = css({ textStyle: 'sm', fontWeight: 'semibold', color: 'fg.default' });
const help = css({ textStyle: 'sm', color: 'fg.muted' });
// On a phone the code takes the card's width and its button goes below.
const codeRow = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  alignItems: 'flex-start',
  gap: '2',
  minW: '0',
});
const code = css({
  flex: '1',
  alignSelf: 'stretch',
  minW: '0',
  m: '0',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  borderWidth: '1px',
  bg: 'bg.subtle',
  color: 'fg.default',
  fontFamily: 'mono',
  textStyle: 'xs',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
const sites = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' });
const siteRow = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '2',
  textStyle: 'sm',
  '& > svg': { w: '4', h: '4', flexShrink: '0', mt: '0.5' },
});

/**
 * A value shown as code, with its copy button ("Copié" for a moment once copied), what it is for below it, and the
 * actions on it.
 */
function Copyable({
  value,
  label,
  copyLabel,
  hint,
  children,
}: {
  value: string;
  label: string;
  copyLabel: string;
  hint: ReactNode;
  children?: ReactNode;
}) {
  const intl = useIntl();
  const copied = intl.formatMessage({ id: 'content.diffusion.copied', defaultMessage: 'Copié' });
  return (
    <div className={section}>
      <Clipboard.Root
        value={value}
        className={section}
        // The button's accessible name is its visible text (WCAG 2.5.3), in the interface's language.
        translations={{ triggerLabel: (done) => (done ? copied : copyLabel) }}
      >
        <Clipboard.Label className={heading}>{label}</Clipboard.Label>
        <Clipboard.Control className={codeRow}>
          <pre className={code}>
            <code>{value}</code>
          </pre>
          <Clipboard.Trigger asChild>
            <Button variant="outline" size="sm">
              <Clipboard.Indicator copied={<Check aria-hidden />}>
                <Copy aria-hidden />
              </Clipboard.Indicator>
              <Clipboard.Context>{(api) => (api.copied ? copied : copyLabel)}</Clipboard.Context>
            </Button>
          </Clipboard.Trigger>
        </Clipboard.Control>
      </Clipboard.Root>
      <p className={help}>{hint}</p>
      {children}
    </div>
  );
}

function Seen({ intl, origin, at, now }: { intl: IntlShape; origin: string; at: string; now: Date }) {
  const since = sinceText(intl, at, now);
  return since === null ? (
    <FormattedMessage
      id="content.diffusion.seenNow"
      defaultMessage="Extrait détecté sur {origin} à l'instant"
      values={{ origin }}
    />
  ) : (
    <FormattedMessage
      id="content.diffusion.seen"
      defaultMessage="Extrait détecté sur {origin} {since}"
      values={{ origin, since }}
    />
  );
}

function Installation({ installation, now }: { installation: SiteInstallation; now: Date }) {
  const intl = useIntl();
  const { site, seenOrigin, lastSeenAt } = installation;
  const seen = Boolean(seenOrigin && lastSeenAt);
  return (
    <li className={siteRow} data-state={seen ? 'seen' : 'unseen'}>
      {seen ? (
        <CircleCheck aria-hidden className={css({ color: 'fg.success' })} />
      ) : (
        <CircleDashed aria-hidden className={css({ color: 'fg.muted' })} />
      )}
      <span
        className={css({ display: 'flex', flexDirection: 'column', minW: '0', overflowWrap: 'anywhere' })}
      >
        <strong>{site}</strong>
        <span className={css({ color: 'fg.muted' })}>
          {seenOrigin && lastSeenAt ? (
            <Seen intl={intl} origin={seenOrigin} at={lastSeenAt} now={now} />
          ) : (
            <FormattedMessage
              id="content.diffusion.unseen"
              defaultMessage="Pas encore détecté : collez l'extrait dans vos pages"
            />
          )}
        </span>
      </span>
    </li>
  );
}

/**
 * Spec issue 39: how a project's published guides reach its end users, who have no Mulot account — the snippet to
 * paste in the site's pages, its key, the policy for the extension on managed browsers, and whether each site was
 * seen calling. Every member sees it; only Admins change the key, the old one stopping at once.
 */
export function DiffusionCard({
  mulotUrl,
  siteKey,
  installations,
  statusError,
  canRotate,
  rotateOpen,
  onRotateOpenChange,
  onRotate,
  rotating,
  rotateError,
  now = new Date(),
}: DiffusionCardProps) {
  const intl = useIntl();
  const titleId = useId();
  const statusId = useId();
  return (
    <Card.Root aria-labelledby={titleId} role="region">
      <Card.Header>
        <Card.Title id={titleId}>
          <FormattedMessage id="content.diffusion.title" defaultMessage="Diffusion" />
        </Card.Title>
        <Card.Description>
          <FormattedMessage
            id="content.diffusion.description"
            defaultMessage="Vos guides publiés, sur vos sites, pour vos utilisateurs : sans compte Mulot ni extension."
          />
        </Card.Description>
      </Card.Header>
      <Card.Body className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
        <Copyable
          value={snippetOf(mulotUrl, siteKey)}
          label={intl.formatMessage({
            id: 'content.diffusion.snippet',
            defaultMessage: "L'extrait à coller dans vos pages",
          })}
          copyLabel={intl.formatMessage({
            id: 'content.diffusion.copySnippet',
            defaultMessage: "Copier l'extrait",
          })}
          hint={
            <FormattedMessage
              id="content.diffusion.snippetHelp"
              defaultMessage="Collez-le dans chaque page où vos guides doivent apparaître, de préférence à la fin du corps de la page : un bouton « Ouvrir les guides » s'y affiche."
            />
          }
        />

        <section
          className={section}
          aria-labelledby={statusId}
          aria-busy={installations === undefined && !statusError ? true : undefined}
        >
          <h4 id={statusId} className={heading}>
            <FormattedMessage id="content.diffusion.status" defaultMessage="Installation sur vos sites" />
          </h4>
          {statusError ? (
            <p className={help}>{statusError}</p>
          ) : installations === undefined ? (
            <Skeleton className={css({ h: '5', w: 'full', maxW: 'md' })} />
          ) : (
            <ul className={sites}>
              {installations.map((installation) => (
                <Installation key={installation.site} installation={installation} now={now} />
              ))}
            </ul>
          )}
        </section>

        <Copyable
          value={siteKey}
          label={intl.formatMessage({ id: 'content.diffusion.siteKey', defaultMessage: 'Clé de site' })}
          copyLabel={intl.formatMessage({
            id: 'content.diffusion.copyKey',
            defaultMessage: 'Copier la clé',
          })}
          hint={
            <FormattedMessage
              id="content.diffusion.siteKeyHelp"
              defaultMessage="Publique comme l'extrait : elle ne donne accès qu'aux guides publiés de ce projet, et seulement depuis ses sites."
            />
          }
        >
          {canRotate && (
            <div>
              <Button variant="outline" size="sm" onClick={() => onRotateOpenChange(true)}>
                <KeyRound aria-hidden />
                <FormattedMessage id="content.diffusion.rotate" defaultMessage="Changer la clé" />
              </Button>
            </div>
          )}
        </Copyable>

        <Copyable
          value={managedPolicyOf(mulotUrl, siteKey)}
          label={intl.formatMessage({
            id: 'content.diffusion.policy',
            defaultMessage: "Stratégie de l'extension pour les navigateurs gérés",
          })}
          copyLabel={intl.formatMessage({
            id: 'content.diffusion.copyPolicy',
            defaultMessage: 'Copier la stratégie',
          })}
          hint={
            <FormattedMessage
              id="content.diffusion.policyHelp"
              defaultMessage="Déployez l'extension Mulot par la stratégie de vos navigateurs avec ces réglages : chacun y suit vos guides publiés sans se connecter."
            />
          }
        />
      </Card.Body>

      <ConfirmDialog
        open={rotateOpen}
        onOpenChange={onRotateOpenChange}
        title={
          <FormattedMessage id="content.diffusion.rotateTitle" defaultMessage="Changer la clé de site ?" />
        }
        description={
          <FormattedMessage
            id="content.diffusion.rotateWarning"
            defaultMessage="L'ancienne clé cesse de fonctionner immédiatement : vos guides disparaissent des pages qui l'utilisent jusqu'à ce que vous y colliez le nouvel extrait et mettiez à jour la stratégie de l'extension."
          />
        }
        error={rotateError}
        confirmLabel={
          <FormattedMessage id="content.diffusion.rotateConfirm" defaultMessage="Changer la clé" />
        }
        pending={rotating}
        onConfirm={onRotate}
      />
    </Card.Root>
  );
}
