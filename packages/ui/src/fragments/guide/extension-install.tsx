import { css } from '@mulot/ui/styled-system/css';
import { Download, ExternalLink, Puzzle } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button/button';

/** How this server offers the extension (`GET /extension`): its store listing, its own package, or neither. */
export interface ExtensionInstall {
  /** The extension's store listing; when set it is offered instead of the package. */
  storeUrl?: string | null;
  /** The packaged extension served by the product (a `.zip` of the unpacked extension). */
  package?: { url: string; fileName: string; version: string; size: number } | null;
}

const notice = css({
  display: 'flex',
  gap: '3',
  p: '4',
  borderRadius: 'l2',
  borderWidth: '1px',
  textStyle: 'sm',
  '& > svg': { w: '5', h: '5', flexShrink: '0' },
});

const column = css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' });

const steps = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0', m: '0' });

const step = css({ display: 'flex', alignItems: 'flex-start', gap: '3' });

const number = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '6',
  h: '6',
  flexShrink: '0',
  borderRadius: 'full',
  bg: 'primary.solid.bg',
  color: 'primary.solid.fg',
  fontWeight: 'semibold',
  textStyle: 'xs',
});

const drawing = css({ w: '24', h: '16', flexShrink: '0', borderRadius: 'l1', bg: 'bg.subtle' });

// Drawn with the theme's colours so that the pictures follow the light and dark themes.
const paper = css({ fill: 'bg.default', stroke: 'fg.muted', strokeWidth: '1.5' });
const ink = css({ fill: 'transparent', stroke: 'fg.muted', strokeWidth: '1.5', strokeLinecap: 'round' });
const muted = css({ fill: 'bg.emphasized' });
const accent = css({ fill: 'primary.solid.bg' });
const accentLine = css({
  fill: 'transparent',
  stroke: 'primary.solid.bg',
  strokeWidth: '2',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
});
const knob = css({ fill: 'primary.solid.fg' });

function Drawing({ label, children }: { label: string; children: ReactNode }) {
  return (
    <svg className={drawing} viewBox="0 0 96 64" role="img" aria-label={label}>
      {children}
    </svg>
  );
}

/** A zip file unpacked into a folder. */
function UnzipDrawing({ label }: { label: string }) {
  return (
    <Drawing label={label}>
      <path className={paper} d="M12 10h16l6 6v36H12z" />
      <path className={ink} d="M20 14v3m0 3v3m0 3v3m0 3v3" />
      <rect className={accent} x="17" y="36" width="6" height="7" rx="1" />
      <path className={accentLine} d="M42 32h14m-5-5 5 5-5 5" />
      <path className={paper} d="M62 20h10l4 4h10v26H62z" />
      <path className={muted} d="M63 27h22v22H63z" />
    </Drawing>
  );
}

/** The extensions page with the developer mode switch on, top right. */
function DeveloperModeDrawing({ label }: { label: string }) {
  return (
    <Drawing label={label}>
      <rect className={paper} x="6" y="8" width="84" height="48" rx="3" />
      <path className={ink} d="M6 18h84" />
      <rect className={muted} x="12" y="11" width="40" height="4" rx="2" />
      <rect className={muted} x="12" y="26" width="30" height="22" rx="2" />
      <rect className={muted} x="46" y="26" width="30" height="22" rx="2" />
      <rect className={accent} x="70" y="21" width="14" height="7" rx="3.5" />
      <circle className={knob} cx="80.5" cy="24.5" r="2.5" />
      <circle className={accentLine} cx="77" cy="24.5" r="8" />
    </Drawing>
  );
}

/** The "load unpacked" button pressed, then a folder picked. */
function LoadUnpackedDrawing({ label }: { label: string }) {
  return (
    <Drawing label={label}>
      <rect className={paper} x="6" y="8" width="84" height="48" rx="3" />
      <path className={ink} d="M6 18h84" />
      <rect className={accent} x="12" y="22" width="30" height="8" rx="2" />
      <path className={paper} d="M30 28l0 11 3-3 3 6 2-1-3-6h4z" />
      <path className={paper} d="M52 34h10l3 3h13v15H52z" />
      <path className={muted} d="M53 40h24v11H53z" />
      <path className={accentLine} d="M58 46l4 3 7-7" />
    </Drawing>
  );
}

/** One numbered step of the installation: its drawing, then what to do. */
function InstallStep({
  number: n,
  picture,
  children,
}: {
  number: number;
  picture: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className={step}>
      <span className={number} aria-hidden>
        {n}
      </span>
      {picture}
      <span>{children}</span>
    </li>
  );
}

function kilobytes(size: number): number {
  return Math.max(1, Math.round(size / 1024));
}

/**
 * Says that the extension is missing and how to get it, as a first-run path an author can follow (on guide pages,
 * the assistant page and in the launch dialog): the store listing when the product has one; otherwise the package
 * to download and three illustrated steps to load it in Chrome.
 */
export function ExtensionAbsentNotice({
  role = 'note',
  install,
}: {
  role?: 'alert' | 'note';
  install?: ExtensionInstall | null;
}) {
  const intl = useIntl();
  const storeUrl = install?.storeUrl;
  const pack = install?.package;
  return (
    <div role={role} className={notice} data-state="absent">
      <Puzzle aria-hidden />
      <div className={column}>
        <strong>
          <FormattedMessage
            id="guide.launch.absentTitle"
            defaultMessage="L'extension Mulot n'est pas installée dans ce navigateur"
          />
        </strong>
        {storeUrl ? (
          <>
            <span>
              <FormattedMessage
                id="guide.install.storeHelp"
                defaultMessage="Installez-la depuis sa page de la boutique d'extensions (« Ajouter à Chrome »), puis rechargez cette page."
              />
            </span>
            <div>
              <Button asChild size="sm">
                <a href={storeUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden />
                  <FormattedMessage
                    id="guide.install.store"
                    defaultMessage="Ouvrir la boutique d'extensions"
                  />
                  <span className={css({ srOnly: true })}>
                    <FormattedMessage id="guide.install.newTab" defaultMessage="(nouvel onglet)" />
                  </span>
                </a>
              </Button>
            </div>
          </>
        ) : (
          <>
            <span>
              <FormattedMessage
                id="guide.install.intro"
                defaultMessage="Installez-la dans Chrome en trois étapes, puis rechargez cette page."
              />
            </span>
            {pack && (
              <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
                <Button asChild size="sm">
                  <a href={pack.url} download={pack.fileName}>
                    <Download aria-hidden />
                    <FormattedMessage id="guide.install.download" defaultMessage="Télécharger l'extension" />
                  </a>
                </Button>
                <span className={css({ color: 'fg.muted' })}>
                  <FormattedMessage
                    id="guide.install.package"
                    defaultMessage="{fileName}, version {version}, {size} Ko"
                    values={{ fileName: pack.fileName, version: pack.version, size: kilobytes(pack.size) }}
                  />
                </span>
              </div>
            )}
            <ol className={steps}>
              <InstallStep
                number={1}
                picture={
                  <UnzipDrawing
                    label={intl.formatMessage({
                      id: 'guide.install.unzipPicture',
                      defaultMessage: 'Un fichier .zip qui devient un dossier',
                    })}
                  />
                }
              >
                {pack ? (
                  <FormattedMessage
                    id="guide.install.unzip"
                    defaultMessage="Décompressez le fichier téléchargé (double-clic, ou « Extraire tout » sous Windows) : vous obtenez un dossier."
                  />
                ) : (
                  <FormattedMessage
                    id="guide.install.unzipAsk"
                    defaultMessage="Demandez le fichier .zip de l'extension Mulot à votre administrateur et décompressez-le : vous obtenez un dossier."
                  />
                )}
              </InstallStep>
              <InstallStep
                number={2}
                picture={
                  <DeveloperModeDrawing
                    label={intl.formatMessage({
                      id: 'guide.install.developerModePicture',
                      defaultMessage:
                        "La page des extensions, avec l'interrupteur « Mode développeur » activé en haut à droite",
                    })}
                  />
                }
              >
                <FormattedMessage
                  id="guide.install.developerMode"
                  defaultMessage="Ouvrez chrome://extensions dans la barre d'adresse et activez le « Mode développeur », en haut à droite."
                />
              </InstallStep>
              <InstallStep
                number={3}
                picture={
                  <LoadUnpackedDrawing
                    label={intl.formatMessage({
                      id: 'guide.install.loadPicture',
                      defaultMessage:
                        "Le bouton « Charger l'extension non empaquetée », puis le dossier choisi",
                    })}
                  />
                }
              >
                <FormattedMessage
                  id="guide.install.load"
                  defaultMessage="Cliquez sur « Charger l'extension non empaquetée » et choisissez ce dossier. Rechargez ensuite cette page."
                />
              </InstallStep>
            </ol>
          </>
        )}
      </div>
    </div>
  );
}
