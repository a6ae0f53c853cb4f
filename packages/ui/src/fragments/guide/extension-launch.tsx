import { css } from '@mulot/ui/styled-system/css';
import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, CancelButton } from '../../components/button/button';
import * as Dialog from '../../components/dialog/dialog';
import * as RadioGroup from '../../components/radio-group/radio-group';
import { ExtensionAbsentNotice, type ExtensionInstall } from './extension-install';

export type LaunchMode = 'reader' | 'creator';

export interface ExtensionLaunchProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: LaunchMode;
  /** Whether the Mulot extension announced itself on this page. */
  extensionInstalled: boolean;
  /** How to get the extension when it is absent (the server's package or store listing). */
  install?: ExtensionInstall | null;
  /** The project's sites to choose from (spec §5: a site is picked before confirming). */
  sites: string[];
  /** Why the launch cannot happen (no step, no site…), shown under "Impossible de lancer l'extension". */
  error?: string | null;
  onLaunch: (site: string) => void;
}

const alert = css({
  display: 'flex',
  gap: '3',
  p: '4',
  borderRadius: 'l2',
  borderWidth: '1px',
  textStyle: 'sm',
  '& > svg': { w: '5', h: '5', flexShrink: '0' },
});

/** Picks the site on which the extension opens the guide (creator or reader), or says why it cannot. */
export function ExtensionLaunch({
  open,
  onOpenChange,
  mode,
  extensionInstalled,
  install,
  sites,
  error,
  onLaunch,
}: ExtensionLaunchProps) {
  const intl = useIntl();
  const hintId = useId();
  const [picked, setPicked] = useState<string | null>(null);
  // A project with one site leaves nothing to choose: it is the one (spec §5 still has a site picked).
  const site = picked ?? (sites.length === 1 ? (sites[0] ?? null) : null);
  const noSite = sites.length === 0;
  const problem =
    error ??
    (noSite
      ? intl.formatMessage({
          id: 'guide.launch.noSite',
          defaultMessage: "Aucun site n'est configuré pour ce projet.",
        })
      : null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) setPicked(null);
        onOpenChange(details.open);
      }}
    >
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>
            {mode === 'creator' ? (
              <FormattedMessage id="guide.launch.creatorTitle" defaultMessage="Ouvrir l'éditeur d'étapes" />
            ) : (
              <FormattedMessage id="guide.launch.readerTitle" defaultMessage="Lancer le guide" />
            )}
          </Dialog.Title>
          <Dialog.Description>
            <FormattedMessage
              id="guide.launch.description"
              defaultMessage="L'extension Mulot ouvre le site choisi dans un nouvel onglet."
            />
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          {!extensionInstalled ? (
            <ExtensionAbsentNotice role="alert" install={install} />
          ) : problem ? (
            <div
              role="alert"
              className={`${alert} ${css({ borderColor: 'border.error', color: 'fg.error' })}`}
            >
              <TriangleAlert aria-hidden />
              <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
                <strong>
                  <FormattedMessage
                    id="guide.launch.failed"
                    defaultMessage="Impossible de lancer l'extension"
                  />
                </strong>
                <span>{problem}</span>
              </div>
            </div>
          ) : (
            <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
              <RadioGroup.Root value={site} onValueChange={({ value }) => setPicked(value)}>
                <RadioGroup.Label>
                  <FormattedMessage id="guide.launch.site" defaultMessage="Site" />
                </RadioGroup.Label>
                {sites.map((value) => (
                  <RadioGroup.Item key={value} value={value}>
                    <RadioGroup.ItemControl />
                    <RadioGroup.ItemText>{value}</RadioGroup.ItemText>
                    <RadioGroup.ItemHiddenInput />
                  </RadioGroup.Item>
                ))}
              </RadioGroup.Root>
              {!site && (
                <p id={hintId} className={css({ textStyle: 'sm', color: 'fg.muted' })}>
                  <FormattedMessage
                    id="guide.launch.pickSite"
                    defaultMessage="Choisissez le site sur lequel ouvrir le guide : « Lancer » s'active ensuite."
                  />
                </p>
              )}
            </div>
          )}
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.CloseTrigger asChild>
            <CancelButton>
              <FormattedMessage id="content.dialog.cancel" defaultMessage="Annuler" />
            </CancelButton>
          </Dialog.CloseTrigger>
          <Button
            disabled={!extensionInstalled || !!problem || !site}
            aria-describedby={extensionInstalled && !problem && !site ? hintId : undefined}
            onClick={() => site && onLaunch(site)}
          >
            <FormattedMessage id="guide.launch.confirm" defaultMessage="Lancer" />
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}
