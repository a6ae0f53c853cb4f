import { css } from '@mulot/ui/styled-system/css';
import { Puzzle, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, CancelButton } from '../../components/button/button';
import * as Dialog from '../../components/dialog/dialog';
import * as RadioGroup from '../../components/radio-group/radio-group';

export type LaunchMode = 'reader' | 'creator';

export interface ExtensionLaunchProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: LaunchMode;
  /** Whether the Mulot extension announced itself on this page. */
  extensionInstalled: boolean;
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
  sites,
  error,
  onLaunch,
}: ExtensionLaunchProps) {
  const intl = useIntl();
  const [site, setSite] = useState<string | null>(null);
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
        if (!details.open) setSite(null);
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
            <ExtensionAbsentNotice role="alert" />
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
            <RadioGroup.Root value={site} onValueChange={({ value }) => setSite(value)}>
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
          )}
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.CloseTrigger asChild>
            <CancelButton>
              <FormattedMessage id="content.dialog.cancel" defaultMessage="Annuler" />
            </CancelButton>
          </Dialog.CloseTrigger>
          <Button disabled={!extensionInstalled || !!problem || !site} onClick={() => site && onLaunch(site)}>
            <FormattedMessage id="guide.launch.confirm" defaultMessage="Lancer" />
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** Says that the extension is missing and how to install it (in the launch dialog, and on guide pages). */
export function ExtensionAbsentNotice({ role = 'note' }: { role?: 'alert' | 'note' }) {
  return (
    <div role={role} className={alert} data-state="absent">
      <Puzzle aria-hidden />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <strong>
          <FormattedMessage
            id="guide.launch.absentTitle"
            defaultMessage="L'extension Mulot n'est pas installée dans ce navigateur"
          />
        </strong>
        <span>
          <FormattedMessage
            id="guide.launch.absentHelp"
            defaultMessage="Pour l'installer dans Chrome ou Chromium : ouvrez chrome://extensions, activez le « Mode développeur », cliquez sur « Charger l'extension non empaquetée » et choisissez le dossier de l'extension Mulot. Rechargez ensuite cette page."
          />
        </span>
      </div>
    </div>
  );
}

/** Spec §5: a target url without a scheme gets https. */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  return /^[a-z][a-z\d+\-.]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
