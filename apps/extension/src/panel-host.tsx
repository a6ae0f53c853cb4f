import { PanelHost as ReaderPanelHost, type PanelHostProps as ReaderPanelHostProps } from '@mulot/reader';
import pandaCss from './generated/panda.css?inline';
import { send } from './runtime';
import { useSessionEnded } from './session-ended';
import { watchTrustedInput } from './trusted';

/** The Panda CSS of the ui package, for the extension's shadow roots (the page's styles cannot reach them). */
export const PANEL_CSS = pandaCss;

export type PanelHostProps = Omit<ReaderPanelHostProps, 'css' | 'onHost' | 'onSignIn'>;

/**
 * The reader's in-page panel (`@mulot/reader`) with what the extension adds: its stylesheet, the trusted-input
 * watch on its host, and, once the member's session ended, the offer to sign in again.
 */
export function PanelHost(props: PanelHostProps) {
  const sessionEnded = useSessionEnded();
  return (
    <ReaderPanelHost
      {...props}
      css={PANEL_CSS}
      onHost={watchTrustedInput}
      onSignIn={sessionEnded ? () => void send({ kind: 'sign-in' }) : undefined}
    />
  );
}
