import { browser } from 'wxt/browser';
import { type Api, proxiedApi } from './client';
import type { Message, PublicSession, TabState } from './messages';

export function send<T = unknown>(message: Message): Promise<T> {
  return browser.runtime.sendMessage(message) as Promise<T>;
}

export const tabState = {
  get: () => send<TabState | null>({ kind: 'tab-state:get' }),
  set: (state: TabState | null) => send({ kind: 'tab-state:set', state }),
};

/** What a content script needs to call the API and speak the user's language. */
export interface Context {
  session: PublicSession;
  api: Api;
}

export async function loadContext(): Promise<Context | null> {
  const session = await send<PublicSession | null>({ kind: 'session' });
  if (!session) return null;
  return { session, api: proxiedApi(session.apiBase, send) };
}
