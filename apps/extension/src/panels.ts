import type { ReaderProgress } from '@mulot/reader';
import { proxiedApi } from './client';
import type { Context } from './context';
import { mountCreator } from './creator/creator';
import type { Locale } from './intl';
import type { EndUserConfig, PublicSession, TabState } from './messages';
import { mountEndUserReader } from './reader/end-user';
import { mountExtensionReader } from './reader/reader';
import { send } from './runtime';
import { markSessionEnded, resetSessionEnded } from './session-ended';

async function loadContext(): Promise<Context | null> {
  const session = await send<PublicSession | null>({ kind: 'session' });
  if (!session) return null;
  resetSessionEnded();
  return { session, api: proxiedApi(session.apiBase, send, markSessionEnded) };
}

/**
 * The panels of a tab's mode. They live in their own file (`/panel.js`), imported by the content script only when
 * the tab is in creator or reader mode: every other page of the web pays for the small content script alone.
 */
export interface Panels {
  /** the panel of the tab's mode, mounted; its unmount, or null without a session */
  mount(state: TabState): Promise<(() => void) | null>;
  /** the end users' reader on a site of the policy's keys (no session); its unmount */
  mountEndUser(
    config: EndUserConfig,
    locale: Locale,
    initial: ReaderProgress,
    onClosed: () => void,
  ): () => void;
}

export const panels: Panels = {
  async mount(state) {
    const context = await loadContext();
    if (!context) return null;
    return state.mode === 'creator' ? mountCreator(context, state) : mountExtensionReader(context, state);
  },
  mountEndUser: mountEndUserReader,
};

declare global {
  // set by /panel.js when the content script imports it (both run in the extension's isolated world)
  var mulotPanels: Panels | undefined;
}
